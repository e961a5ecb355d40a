"""autotriton cache package."""
