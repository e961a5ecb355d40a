"""KernelCache: verified winning kernels (and "searched, nothing won") on disk.

One entry per (task key, environment). Winners let production runs skip the search;
negative entries stop the same fruitless search from running again. A kernel refused at call time in a user's process
(an access outside its arguments, or a write to an input: `refuse_kernel`) is replaced by a negative entry that says
so (`refused`): never spliced again, and that same source never stored again for the task. Values are JSON text
only: `_TextDisk` refuses to write or read anything else, so a cache directory or export
file someone hands us can never make us unpickle. The source's sha256 is checked on every
load, and an entry that fails the check is refused, never used.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
import time
import warnings
from contextlib import closing
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import diskcache
from diskcache.core import MODE_PICKLE, UNKNOWN

from . import auth
from autotriton_backend.announce import one_line
from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.verifier.allowlist import gate
from autotriton_backend.verifier.fingerprint import verifier_fingerprint
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Verdict

EXPORT_FORMAT = "autotriton-kernel-cache"
EAGER = "eager"  # the source of an entry whose winner is the region's own ATen ops
EXPORT_VERSION = 1


class EntryError(ValueError):
    """An entry is malformed or failed its integrity checks."""


class CacheIntegrityWarning(UserWarning):
    """A stored or imported entry was refused."""


class CacheCorrupted(ValueError):
    """The cache's SQLite database cannot be read; `autotriton cache clear --yes` starts it afresh."""

    def __init__(self, directory: Path, reason: str) -> None:
        super().__init__(f"the kernel cache at {directory} is corrupted ({reason}); "
                         f"start it afresh with `autotriton cache --dir {directory} clear --yes`")
        self.directory = directory


DATABASE = "cache.db"  # diskcache's SQLite file inside the cache directory


def default_directory() -> Path:
    """$AUTOTRITON_CACHE_DIR, else <user cache dir>/autotriton/kernels."""
    configured = os.environ.get("AUTOTRITON_CACHE_DIR")
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "autotriton" / "kernels"


def cache_key(task_key: str, environment: str) -> str:
    return f"{task_key}:{environment}"


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def verdict_correct(verdict: dict[str, Any]) -> bool:
    """Re-derive correctness from the checks instead of trusting a stored `correct` flag."""
    try:
        judged = Verdict.from_json(verdict)
    except (TypeError, KeyError, AttributeError):
        return False
    return judged.correct and bool(judged.checks) and judged.failed_check is None


@dataclass
class CacheEntry:
    """A winner (source set) or a negative entry (source None, budget says what was tried).

    A winner's source is a kernel module, or EAGER when the original ops beat inductor and every
    kernel tried; eager and negative entries carry the search budget that settled them.
    """

    task_key: str
    environment: str
    source: str | None
    verdict: dict[str, Any]
    provenance: dict[str, Any]
    created: float
    source_sha256: str | None
    budget: dict[str, Any] | None = None
    task: dict[str, Any] | None = None  # KernelTask JSON, so `cache verify` can re-run it
    level: str | None = None  # "coarse" or "fine": which region level the task is
    tag: str | None = None  # HMAC under this user's key (cache/auth.py); entries without a valid one are refused
    verifier: str | None = None  # a kernel's judge: verifier_fingerprint() when it was verified; None before stamps
    # on a negative entry: the kernel it replaced, refused at call time ({"source_sha256", "reason", "at"})
    refused: dict[str, Any] | None = None

    @property
    def key(self) -> str:
        return cache_key(self.task_key, self.environment)

    @property
    def is_winner(self) -> bool:
        return self.source is not None

    @property
    def is_eager(self) -> bool:
        return self.source == EAGER

    @property
    def is_kernel(self) -> bool:
        return self.is_winner and not self.is_eager

    @property
    def stale(self) -> bool:
        """A kernel that another verifier judged (an older one may have passed a hack this one refuses): never
        spliced until the running verifier judges it again (cache/rejudge.py). Eager and negative entries hold no
        code, so they are never stale."""
        return self.is_kernel and self.verifier != verifier_fingerprint()

    @property
    def candidate_ms(self) -> float | None:
        return (self.verdict.get("timings") or {}).get("candidate_ms")

    @property
    def speedup_vs_inductor(self) -> float | None:
        return self.verdict.get("speedup_vs_inductor")

    @staticmethod
    def winner(task: KernelTask, candidate: Candidate, verdict: Verdict, environment: str,
               level: str | None = None) -> "CacheEntry":
        return CacheEntry(
            task_key=task.key,
            environment=environment,
            source=candidate.source,
            verdict=_plain(verdict.to_json()),
            provenance=_plain(asdict(candidate.provenance)),
            created=time.time(),
            source_sha256=candidate.sha256,
            task=_plain(task.to_json()),
            level=level,
            verifier=verifier_fingerprint(),  # the verdict came from this process's verifier
        )

    @staticmethod
    def eager(task: KernelTask, environment: str, eager_ms: float, inductor_ms: float, budget: dict[str, Any],
              level: str | None = None) -> "CacheEntry":
        """The original ops won: timed faster than inductor and than every correct kernel found."""
        sha = sha256_text(EAGER)
        timings = {"candidate_ms": eager_ms, "eager_ms": eager_ms, "inductor_ms": inductor_ms}
        return CacheEntry(
            task_key=task.key,
            environment=environment,
            source=EAGER,
            verdict={"candidate_sha256": sha, "timings": timings, "speedup_vs_inductor": inductor_ms / eager_ms},
            provenance={"engine": EAGER},
            created=time.time(),
            source_sha256=sha,
            budget=_plain(budget),
            task=_plain(task.to_json()),
            level=level,
        )

    @staticmethod
    def negative(
        task_key: str, environment: str, budget: dict[str, Any], task: KernelTask | dict[str, Any] | None = None,
        level: str | None = None,
    ) -> "CacheEntry":
        return CacheEntry(
            task_key=task_key,
            environment=environment,
            source=None,
            verdict={},
            provenance={},
            created=time.time(),
            source_sha256=None,
            budget=_plain(budget),
            task=_plain(task.to_json() if isinstance(task, KernelTask) else task),
            level=level,
        )

    @staticmethod
    def refusal(kernel: "CacheEntry", reason: str) -> "CacheEntry":
        """The negative entry replacing `kernel`, refused at call time for `reason` (what it did): deterministic
        evidence against that source, not a search result, so it settles no search budget (`budget` None)."""
        return CacheEntry(
            task_key=kernel.task_key,
            environment=kernel.environment,
            source=None,
            verdict={},
            provenance={},
            created=time.time(),
            source_sha256=None,
            task=kernel.task,
            level=kernel.level,
            refused={"source_sha256": kernel.source_sha256, "reason": reason, "at": time.time()},
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: Any) -> "CacheEntry":
        if not isinstance(data, dict):
            raise EntryError("an entry must be a JSON object")
        names = {f.name for f in fields(CacheEntry)}
        required = names - {"budget", "task", "level", "tag", "verifier", "refused"}
        missing = sorted(required - data.keys())
        if missing:
            raise EntryError(f"entry lacks {', '.join(missing)}")
        return CacheEntry(**{k: v for k, v in data.items() if k in names})

    def content(self) -> dict[str, Any]:
        """What the tag covers: every field but the tag, and no `verifier` or `refused` where there is none (entries
        signed before either existed still authenticate, and read as stale; neither can be removed or changed without
        the key)."""
        return {k: v for k, v in asdict(self).items()
                if k != "tag" and not (k in ("verifier", "refused") and v is None)}

    def signed(self) -> "CacheEntry":
        self.tag = auth.tag(self.content())
        return self

    def check(self, authenticated: bool = True) -> None:
        """Raise EntryError unless the entry is consistent and (when `authenticated`) carries this user's tag.

        A winner's source must also pass the verifier's static gate: it is code we will import.
        """
        if not isinstance(self.task_key, str) or not isinstance(self.environment, str):
            raise EntryError("task_key and environment must be strings")
        if not isinstance(self.verdict, dict) or not isinstance(self.provenance, dict):
            raise EntryError("verdict and provenance must be JSON objects")
        if not isinstance(self.created, (int, float)):
            raise EntryError("created must be a unix time")
        if self.source is None:
            if self.source_sha256 is not None:
                raise EntryError("negative entry carries a source sha256 but no source")
        elif not isinstance(self.source, str) or sha256_text(self.source) != self.source_sha256:
            raise EntryError("source does not match its sha256")
        elif self.verdict.get("candidate_sha256") != self.source_sha256:
            raise EntryError("verdict was given for a different source")
        elif self.source != EAGER and not all(c.passed for c in gate(self.source)):
            raise EntryError("source does not pass the static gate")
        if self.is_kernel:
            _judgeable(self)
        if self.refused is not None and (self.is_winner or not isinstance(self.refused, dict) or not all(
                isinstance(self.refused.get(k), str) for k in ("source_sha256", "reason"))):
            raise EntryError("a refusal is a negative entry naming the refused source's sha256 and why")
        if self.task is not None:
            try:
                stored_key = KernelTask.from_json(self.task).key
            except (TypeError, KeyError, AttributeError, ValueError) as exc:
                raise EntryError(f"stored task is malformed: {exc}") from exc
            if stored_key != self.task_key:
                raise EntryError("stored task does not have the entry's task key")
        if authenticated and not auth.authentic(self.content(), self.tag):
            raise EntryError("not written by this user's autotriton (missing or wrong authentication tag)")


def _judgeable(entry: CacheEntry) -> None:
    """Raise EntryError unless a kernel entry carries what the running verifier needs to judge it again (its task, a
    provenance `Candidate` takes): every kernel is stale after a verifier change, and one that cannot be judged again
    stayed stale for good, its region an error in every search-mode compile (never searched again) and a TypeError
    that ended `autotriton cache verify --all` before the entries after it (an imported entry; round attack48).
    `CacheEntry.winner` always writes both."""
    if entry.task is None:
        raise EntryError("a kernel entry must carry its task, to be judged again by a later verifier")
    try:
        Provenance(**entry.provenance)
    except TypeError as exc:
        raise EntryError(f"provenance is not a candidate's: {exc}") from exc


INLINE_BYTES = 1 << 30  # values shorter than this stay in the database row (`disk_min_file_size`): all of them


class _TextDisk(diskcache.Disk):
    """diskcache's Disk limited to str keys and values, so no pickle is ever written or read."""

    def put(self, key: Any) -> tuple[Any, bool]:
        if type(key) is not str:
            raise TypeError("autotriton cache keys are str")
        return super().put(key)

    def get(self, key: Any, raw: bool) -> Any:
        if not raw:
            raise EntryError("refusing a pickled key")
        return super().get(key, raw)

    def store(self, value: Any, read: bool, key: Any = UNKNOWN) -> tuple[int, int, str | None, Any]:
        if type(value) is not str or read:
            raise TypeError("autotriton cache values are JSON text")
        return super().store(value, read, key)

    def fetch(self, mode: int, filename: str | None, value: Any, read: bool) -> Any:
        if mode == MODE_PICKLE:
            raise EntryError("refusing a pickled value")
        return super().fetch(mode, filename, value, read)


class KernelCache:
    """The on-disk kernel cache. Safe to share between processes (SQLite transactions)."""

    def __init__(self, directory: str | Path | None = None):
        """Raises auth.KeyFileError when this user's key file is unfit to use (a link, another owner, readable by
        others, not a key): nothing in the cache is read or trusted until it is fixed (round attack61)."""
        auth.check_key()
        self.directory = Path(directory).expanduser() if directory is not None else default_directory()
        if not self.directory.exists():
            self.directory.mkdir(parents=True, exist_ok=True)
            os.chmod(self.directory, 0o700)  # kernels are code we will execute: owner only
        check_database(self.directory)
        # eviction off: the cache is the search's checkpoint, entries leave only when asked. Every value inline in
        # SQLite: diskcache keeps a value of 32 KB or more in a file of its own, and a `get` that read the row while
        # another process replaced the entry found the file gone and returned None, a miss, right after a put
        # (tests/test_cache.py::test_two_processes_writing_the_same_key_lose_nothing, once under load); an entry is
        # at most a 256 KiB source and its verdict (test_round_trip_stores_text_never_pickles)
        try:
            self._cache = diskcache.Cache(str(self.directory), disk=_TextDisk, eviction_policy="none",
                                          disk_min_file_size=INLINE_BYTES)
        except sqlite3.DatabaseError as exc:
            raise CacheCorrupted(self.directory, str(exc)) from exc

    def close(self) -> None:
        self._cache.close()

    def __enter__(self) -> "KernelCache":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._cache)

    def get(self, task_key: str, env: str) -> CacheEntry | None:
        """The entry for a task in an environment; None when absent or refused as tampered."""
        return self._read(cache_key(task_key, env))

    def put_winner(self, entry: CacheEntry) -> bool:
        """Store a verified winner. The first writer wins; a faster verified kernel replaces it, and any winner
        replaces a stale kernel (`_replaces`).

        Returns True when the entry was stored. Raises EntryError for an entry that is not a
        verified-correct kernel whose source matches its sha256 (a caller bug, not a race).
        """
        entry.check(authenticated=False)
        if not entry.is_winner or not (entry.is_eager or verdict_correct(entry.verdict)):
            raise EntryError(f"{entry.key}: a winner needs a source and a correct verdict")
        value = json.dumps(entry.signed().to_json())
        with self._cache.transact(retry=True):  # read-compare-write is atomic across processes
            if self._cache.add(entry.key, value, retry=True):
                return True
            current = self._read(entry.key)
            if current is not None and current.refused and current.refused["source_sha256"] == entry.source_sha256:
                return False  # that kernel was refused at call time: a search or an import finding it again
            if current is None or not current.is_winner or _replaces(entry, current):
                self._cache.set(entry.key, value, retry=True)
                return True
            return False

    def put_negative(
        self, task_key: str, env: str, budget: dict[str, Any], task: KernelTask | dict[str, Any] | None = None,
        level: str | None = None,
    ) -> bool:
        """Record that a search with `budget` found nothing. Never overwrites a kernel.

        Returns True when stored (no entry yet, or an older negative or a refused entry is replaced).
        """
        return self._put_negative(CacheEntry.negative(task_key, env, budget, task, level))

    def refuse_kernel(self, task_key: str, env: str, source_sha256: str, reason: str) -> bool:
        """Replace the kernel `source_sha256` stored for the task by a signed refusal (`CacheEntry.refusal`): a user's
        process refused one of its calls for an access outside its arguments or a write to an input, deterministic
        evidence against it, so no later compile splices it. Returns False, changing nothing, when the entry is no
        longer that kernel (replaced, dropped or refused already by another process)."""
        with self._cache.transact(retry=True):
            current = self._read(cache_key(task_key, env))
            if current is None or not current.is_kernel or current.source_sha256 != source_sha256:
                return False
            self._cache.set(current.key, json.dumps(CacheEntry.refusal(current, reason).signed().to_json()),
                            retry=True)
            return True

    def entries(self) -> list[CacheEntry]:
        """Every readable entry, oldest first; refused entries are warned about and left out."""
        found = []
        try:
            for key in self._cache.iterkeys():
                entry = self._read(key)
                if entry is not None:
                    found.append(entry)
        except EntryError as exc:
            _refuse("<unreadable key>", str(exc))
        return sorted(found, key=lambda e: e.created)

    def remove(self, key: str) -> bool:
        """Delete one entry by its full key (`CacheEntry.key`)."""
        return bool(self._cache.delete(key, retry=True))

    def clear(self) -> int:
        """Delete every entry; returns how many there were."""
        return self._cache.clear(retry=True)

    def export(self, path: str | Path) -> int:
        """Write every valid entry to one JSON file (for deployment); returns the count."""
        entries = self.entries()
        payload = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "entries": [e.to_json() for e in entries]}
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(payload, indent=1))
        os.replace(tmp, path)  # never leave a half-written export behind
        return len(entries)

    def import_(self, path: str | Path) -> tuple[int, int]:
        """Merge an export file under the put_winner/put_negative rules; returns (added, skipped).

        Importing is the user vouching for the file: entries that pass their checks (sha256, a correct
        verdict for that source, the static gate) are signed with this user's key. Entries that fail
        are warned about and skipped.
        """
        try:
            payload = json.loads(Path(path).read_text())
        except json.JSONDecodeError as exc:
            raise EntryError(f"{path} is not JSON: {exc}") from exc
        if not isinstance(payload, dict) or payload.get("format") != EXPORT_FORMAT:
            raise EntryError(f"{path} is not an autotriton cache export")
        if payload.get("version") != EXPORT_VERSION:
            raise EntryError(f"{path}: unsupported export version {payload.get('version')!r}")
        added = skipped = 0
        for item in payload.get("entries", []):
            try:
                entry = CacheEntry.from_json(item)  # checked, then signed with this user's key, by the put
                stored = self.put_winner(entry) if entry.is_winner else self._put_negative(entry)
            except (EntryError, TypeError) as exc:
                label = item.get("task_key", "?") if isinstance(item, dict) else "?"
                _refuse(f"{label} (import from {path})", str(exc))
                stored = False
            added += stored
            skipped += not stored
        return added, skipped

    def _put_negative(self, entry: CacheEntry) -> bool:
        entry.check(authenticated=False)
        if entry.is_winner:
            raise EntryError(f"{entry.key}: a negative entry has no source")
        value = json.dumps(entry.signed().to_json())
        with self._cache.transact(retry=True):
            if self._cache.add(entry.key, value, retry=True):
                return True
            current = self._read(entry.key)
            if current is not None and (current.is_kernel or current.created >= entry.created):
                return False  # kernels stay; a newer negative records a later budget (and outranks an older eager)
            if current is not None and current.refused and not entry.refused:  # a later search's budget, and still
                entry.refused = current.refused  # the refused kernel's record
                value = json.dumps(entry.signed().to_json())
            self._cache.set(entry.key, value, retry=True)
            return True

    def _read(self, key: str) -> CacheEntry | None:
        try:
            raw = self._cache.get(key, retry=True)
            if raw is None:
                return None
            if not isinstance(raw, str):
                raise EntryError("value is not JSON text")
            entry = CacheEntry.from_json(json.loads(raw))
            entry.check()
            if entry.key != key:
                raise EntryError(f"entry is stored under the wrong key (it belongs to {entry.key})")
        except (EntryError, json.JSONDecodeError, TypeError) as exc:
            _refuse(key, str(exc))
            return None
        return entry


def check_database(directory: Path) -> None:
    """Raise CacheCorrupted when the cache's database exists but SQLite cannot read it (garbage, truncation)."""
    database = directory / DATABASE
    if not database.is_file():
        return
    try:
        with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as connection:
            verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise CacheCorrupted(directory, str(exc)) from exc
    if verdict != "ok":
        raise CacheCorrupted(directory, f"SQLite quick_check: {verdict}")


def discard_database(directory: Path) -> None:
    """Delete a corrupted cache's database and diskcache's value files; other files (modules, logs) stay."""
    for name in (DATABASE, f"{DATABASE}-wal", f"{DATABASE}-shm"):
        (directory / name).unlink(missing_ok=True)
    for child in directory.iterdir():
        if child.is_dir() and re.fullmatch(r"[0-9a-f]{2}", child.name):  # diskcache's large-value folders
            shutil.rmtree(child)


def _plain(data: Any) -> Any:
    """As it will read back from JSON (tuples become lists), so a stored entry equals the one put."""
    return json.loads(json.dumps(data))


def _replaces(new: CacheEntry, old: CacheEntry) -> bool:
    """A winner judged by the running verifier replaces a stale one, never the reverse; then the faster one wins, and
    a newer eager measurement (a longer search) replaces an older one."""
    if new.stale != old.stale:
        return old.stale
    return _faster(new, old) or (new.is_eager and old.is_eager)


def _faster(new: CacheEntry, old: CacheEntry) -> bool:
    return new.candidate_ms is not None and old.candidate_ms is not None and new.candidate_ms < old.candidate_ms


def _refuse(key: str, reason: str) -> None:
    warnings.warn(f"autotriton cache: refusing entry {one_line(key)}: {one_line(reason)}", CacheIntegrityWarning,
                  stacklevel=3)
