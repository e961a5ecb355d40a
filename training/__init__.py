"""autotriton training package."""
