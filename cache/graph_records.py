"""GraphRecords: what the backend decided for one compiled graph, so a warm compile repeats it cheaply.

A record is keyed by the graph (its code, input metadata, options and environment). It holds the
state each region task had in the kernel cache when the pass looked it up, the tasks it spliced,
the model guard's decision, and a token that names this set of decisions in inductor's FX-graph
cache key. While every recorded state still holds, a compile registers only the recorded ops and
reuses the token (inductor serves its cached code) and the guard's decision (nothing is re-timed).
Stored next to the kernel cache, JSON text only, through the same no-pickle disk as the kernel cache.
"""
from __future__ import annotations

import json
import secrets
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import diskcache

from .store import CacheEntry, KernelCache, _TextDisk, cache_key

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
        """Does every recorded task still have the cache state it had? (One lookup per task.)"""
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
        """The record, or None when absent or unreadable (then the graph is compiled afresh)."""
        try:
            raw = self._cache.get(graph_key, retry=True)
            return GraphRecord.from_json(json.loads(raw)) if isinstance(raw, str) else None
        except (ValueError, KeyError, TypeError):
            return None

    def put(self, graph_key: str, record: GraphRecord) -> None:
        self._cache.set(graph_key, json.dumps(record.to_json()), retry=True)

    def close(self) -> None:
        self._cache.close()
