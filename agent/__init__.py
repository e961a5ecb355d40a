"""autotriton agent package."""
