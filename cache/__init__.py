"""autotriton kernel cache: verified winners and negative results, keyed by task and environment."""
from .environment import environment_key
from .store import CacheEntry, CacheIntegrityWarning, EntryError, KernelCache, cache_key, default_directory

__all__ = [
    "CacheEntry", "CacheIntegrityWarning", "EntryError", "KernelCache", "cache_key", "default_directory",
    "environment_key",
]
