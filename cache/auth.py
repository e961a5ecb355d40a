"""Authentication of cache entries: an HMAC tag under a per-user key kept outside the cache directory.

A cache entry is code the backend will import into the user's process, so only entries this user's own
processes wrote after a verdict are trusted: anything planted in, or copied into, the cache directory
lacks a valid tag and is refused. The key lives in `$AUTOTRITON_KEY_FILE` (default
`~/.config/autotriton/cache.key`), mode 0600, created on first use.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any


def key_file() -> Path:
    configured = os.environ.get("AUTOTRITON_KEY_FILE")
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "autotriton" / "cache.key"


def _key() -> bytes:
    path = key_file()
    try:
        return bytes.fromhex(path.read_text().strip())
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return bytes.fromhex(path.read_text().strip())
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_hex(32))
    return bytes.fromhex(path.read_text().strip())


def tag(payload: dict[str, Any]) -> str:
    """The tag of an entry's content (every field but the tag itself)."""
    message = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    return hmac.new(_key(), message, hashlib.sha256).hexdigest()


def authentic(payload: dict[str, Any], given: Any) -> bool:
    return isinstance(given, str) and hmac.compare_digest(tag(payload), given)
