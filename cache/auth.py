"""Authentication of cache entries and graph records: an HMAC tag under a per-user key kept outside the cache directory.

A cache entry is code the backend will import into the user's process, so only entries this user's own
processes wrote after a verdict are trusted: anything planted in, or copied into, the cache directory
lacks a valid tag and is refused. The key lives in `$AUTOTRITON_KEY_FILE` (default
`~/.config/autotriton/cache.key`), created on first use.

The key file is checked at every use, as ssh checks a private key, and a key that fails is never used (round
attack61): it must be a regular file, not a symbolic link (opened with O_NOFOLLOW), owned by the running user, with
no permission bits for group or others (0600 or stricter), holding exactly 64 hex digits (32 random bytes; one
trailing newline is allowed). A key that others can read, or that someone else owns or points to, lets them sign
entries; an empty one is a key everyone knows. Any other state raises `KeyFileError`, a one-line message naming the
file and what to do. What a bad key does:
- `KernelCache(...)` raises it, so nothing in the cache is read, trusted or loaded;
- the backend (`backend.compile_graph`) catches it like any failure of its own: the graph compiles with plain
  inductor, with one warning carrying the message, and no cached kernel is loaded (`strict` raises it);
- `autotriton cache ...` exits 2 with the message (the CLI's rule for a ValueError).
A missing key is created: written to a private `mkstemp` file (O_CREAT|O_EXCL, mode 0600) and hard-linked into place,
so a process starting at the same moment reads either no key file or the complete key, and the first link wins (the
others use that key). `os.link` never follows or replaces what is at the key's path (a planted link stays, and is then
refused).
"""
from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import tempfile
from pathlib import Path
from typing import Any

KEY_BYTES = 32
_KEY_TEXT = re.compile(rb"[0-9a-fA-F]{%d}\n?" % (2 * KEY_BYTES))


class KeyFileError(ValueError):
    """The key file cannot be trusted: nothing in the cache is used until it is fixed (the message says how)."""

    def __init__(self, path: Path, problem: str, fix: str | None = None) -> None:
        fix = fix or (f"remove it (`rm {path}`) and autotriton makes a new one; entries signed with the old key are "
                      "then refused and their regions searched again")
        super().__init__(f"autotriton's cache key {path} {problem}; the kernel cache is not used until it is fixed: "
                         f"{fix}")
        self.path = path


def key_file() -> Path:
    configured = os.environ.get("AUTOTRITON_KEY_FILE")
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "autotriton" / "cache.key"


def check_key() -> None:
    """Raise KeyFileError unless the key file is fit to use (creating it when missing)."""
    _key()


def _key() -> bytes:
    path = key_file()
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    try:
        _create_key(path)
    except OSError as exc:
        raise KeyFileError(path, f"is missing and cannot be created ({exc.strerror or exc})",
                           "make its directory writable for you, or set AUTOTRITON_KEY_FILE to a path that is") from exc
    try:
        return _read_key(path)
    except FileNotFoundError as exc:  # removed again between our link and this read
        raise KeyFileError(path, "vanished right after it was created", "run again") from exc


def _read_key(path: Path) -> bytes:
    """The key, from a file opened without following a link (non-blocking: a FIFO is refused, not waited on)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise KeyFileError(path, "is a symbolic link (whoever controls where it points can sign entries)",
                               "replace the link by a copy of the file it points to if that file is yours and no one "
                               f"else can read it, else remove it (`rm {path}`) and autotriton makes a new one") from exc
        raise KeyFileError(path, f"cannot be opened ({exc.strerror or exc})") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise KeyFileError(path, "is not a regular file")
        if info.st_uid != os.geteuid():
            raise KeyFileError(path, f"is owned by uid {info.st_uid}, not by you (uid {os.geteuid()}): its owner can "
                                     "sign entries")
        if stat.S_IMODE(info.st_mode) & 0o077:
            raise KeyFileError(path, f"has mode {stat.S_IMODE(info.st_mode):04o}: others may have read it and can sign "
                                     "entries", f"if no one else can have read it, `chmod 600 {path}`; else remove it "
                                     f"(`rm {path}`) and autotriton makes a new one")
        text = os.read(fd, 4 * KEY_BYTES)
    finally:
        os.close(fd)
    if not _KEY_TEXT.fullmatch(text):
        problem = "is empty" if not text else f"does not hold a key ({2 * KEY_BYTES} hex digits)"
        raise KeyFileError(path, problem)
    return bytes.fromhex(text.strip().decode())


def _create_key(path: Path) -> None:
    """Publish a new key whole: written to a private file, then linked into place, so a process starting at
    the same moment reads either no key file or the complete key, never an empty one (and the first wins)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, draft = tempfile.mkstemp(dir=path.parent, prefix=".cache.key.")  # O_CREAT|O_EXCL, mode 0600
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(KEY_BYTES))
        os.link(draft, path)  # never follows nor replaces what is there
    except FileExistsError:  # another process published its key first (or something is there): read that
        pass
    finally:
        os.unlink(draft)


def tag(payload: Any) -> str:
    """The tag of an entry's content (every field but the tag itself), or of any JSON value."""
    message = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    return hmac.new(_key(), message, hashlib.sha256).hexdigest()


def authentic(payload: Any, given: Any) -> bool:
    return isinstance(given, str) and hmac.compare_digest(tag(payload), given)
