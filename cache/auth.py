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
import tempfile
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
    if not path.exists():
        _create_key(path)
    return bytes.fromhex(path.read_text().strip())


def _create_key(path: Path) -> None:
    """Publish a new key whole: written to a private file, then linked into place, so a process starting at
    the same moment reads either no key file or the complete key, never an empty one (and the first wins)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, draft = tempfile.mkstemp(dir=path.parent, prefix=".cache.key.")  # mode 0600
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
        os.link(draft, path)
    except FileExistsError:  # another process published its key first: use that one
        pass
    finally:
        os.unlink(draft)


def tag(payload: dict[str, Any]) -> str:
    """The tag of an entry's content (every field but the tag itself)."""
    message = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    return hmac.new(_key(), message, hashlib.sha256).hexdigest()


def authentic(payload: dict[str, Any], given: Any) -> bool:
    return isinstance(given, str) and hmac.compare_digest(tag(payload), given)
