"""GraphRecords: what the backend decided for one compiled graph, so a warm compile repeats it cheaply.

A record is keyed by the graph (its code, input metadata, options and environment). It holds the
state each region task had in the kernel cache when the pass looked it up, the tasks it spliced,
the model guard's decision, and a token that names this set of decisions in inductor's FX-graph
cache key. While every recorded state still holds, a compile registers only the recorded ops and
reuses the token (inductor serves its cached code) and the guard's decision (nothing is re-timed).
Stored next to the kernel cache, JSON text only, through the same no-pickle disk as the kernel cache.

A record decides which cached kernels are loaded before the pass runs and which of inductor's cached code is served,
so it is authenticated as entries are (round attack61): an HMAC tag under this user's key (cache/auth.py) over the
record and the graph key it is stored under. A record without a valid tag (planted, edited, or moved from another
graph) is refused with a CacheIntegrityWarning and the graph is compiled afresh. A record must also be consistent: every
task it spliced has a recorded state naming a winner that the running verifier judged (or eager), so even a record of
this user's cannot load a kernel that `resolve` would not splice.
"""
from __future__ import annotations

import json
import secrets
import warnings
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import diskcache

from . import auth
from .store import CacheEntry, CacheIntegrityWarning, KernelCache, _TextDisk, cache_key

ABSENT, NEGATIVE, STALE = "-", "negative", "stale"


@dataclass
class GuardDecision:
    kernels_win: bool
    kernels_ms: float
    inductor_ms: float


@dataclass
class SplicedTask:
    task_key: str
    environment: str
    level: str  # "coarse" or "fine"


@dataclass
class GraphRecord:
    token: str = field(default_factory=lambda: secrets.token_hex(16))
    states: dict[str, str] = field(default_factory=dict)  # cache_key(task key, env) -> entry_state() when looked up
    spliced: list[SplicedTask] = field(default_factory=list)
    guard: GuardDecision | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> "GraphRecord":
        guard = data.get("guard")
        return GraphRecord(token=str(data["token"]), states={str(k): str(v) for k, v in data["states"].items()},
                           spliced=[SplicedTask(**s) for s in data["spliced"]],
                           guard=GuardDecision(**guard) if guard else None)

    def note(self, task_key: str, environment: str, entry: CacheEntry | None) -> None:
        self.states[cache_key(task_key, environment)] = entry_state(entry)

    def holds(self, cache: KernelCache) -> bool:
        """Does every recorded task still have the cache state it had? (One lookup per task.) A record that spliced a
        task without a recorded winner state for it (never written by the pass) holds nothing."""
        for spliced in self.spliced:
            state = self.states.get(cache_key(spliced.task_key, spliced.environment), "")
            if not state.startswith(("kernel:", "eager:")):
                return False
        for key, state in self.states.items():
            task_key, _, environment = key.partition(":")
            if entry_state(cache.get(task_key, environment)) != state:
                return False
        return True

    def stale_kernels(self) -> int:
        """How many of the graph's tasks have a cached kernel that another verifier judged (left unused)."""
        return sum(state.startswith(f"{STALE}:") for state in self.states.values())


def entry_state(entry: CacheEntry | None) -> str:
    """What a compile's outcome depends on: which kernel won (by sha256) and whether the running verifier judged it
    (a record made before an upgrade must not let inductor serve code calling a kernel now stale), eager, nothing
    yet, or a settled search."""
    if entry is None:
        return ABSENT
    if entry.is_winner:
        kind = "eager" if entry.is_eager else STALE if entry.stale else "kernel"
        return f"{kind}:{entry.source_sha256}"
    return NEGATIVE


class GraphRecords:
    """Records by graph key, in `<kernel cache dir>/graphs`."""

    def __init__(self, cache_directory: str | Path) -> None:
        directory = Path(cache_directory) / "graphs"
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._cache = diskcache.Cache(str(directory), disk=_TextDisk, eviction_policy="none")

    def get(self, graph_key: str) -> GraphRecord | None:
        """The record, or None when absent, unreadable or not authentic (then the graph is compiled afresh).

        Raises auth.KeyFileError when the key cannot be used: no record is trusted then."""
        try:
            raw = self._cache.get(graph_key, retry=True)
            if not isinstance(raw, str):
                return None
            stored = json.loads(raw)
            if not isinstance(stored, dict) or not auth.authentic(_signed(graph_key, stored.get("record")),
                                                                  stored.get("tag")):
                warnings.warn(f"autotriton cache: refusing graph record {graph_key[:12]}: not written by this user's "
                              "autotriton for this graph (missing or wrong authentication tag); compiling it afresh",
                              CacheIntegrityWarning, stacklevel=2)
                return None
            return GraphRecord.from_json(stored["record"])
        except auth.KeyFileError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    def put(self, graph_key: str, record: GraphRecord) -> None:
        data = record.to_json()
        signed = {"record": data, "tag": auth.tag(_signed(graph_key, data))}
        self._cache.set(graph_key, json.dumps(signed), retry=True)

    def close(self) -> None:
        self._cache.close()


def _signed(graph_key: str, record: Any) -> dict[str, Any]:
    """What a record's tag covers: the record and the graph it is stored for (a record moved to another graph fails)."""
    return {"graph_record": graph_key, "record": record}
