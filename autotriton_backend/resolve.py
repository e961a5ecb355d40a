"""Cache first, then search: what the backend pass and offline warmup both do for one task."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

from cache.environment import environment_key
from cache.store import CacheEntry, KernelCache

from .options import BackendOptions
from .searching import EngineUnavailable, Searcher, SearchOutcome
from .task import KernelTask

log = logging.getLogger("autotriton.resolve")


@dataclass
class Resolution:
    entry: CacheEntry | None  # a winner to splice, or None
    status: str  # one of report.STATUSES
    detail: str = ""


def search_budget(options: BackendOptions) -> dict[str, Any]:
    return {"turns": options.search_turns, "samples": options.search_samples}


def resolve(task: KernelTask, device: str, cache: KernelCache, options: BackendOptions,
            get_searcher: Callable[[], Searcher | None]) -> Resolution:
    """Look the task up; on a miss in search mode, search and record the outcome (winner or negative).

    The searcher is only built on a miss, so a cache hit never touches the engine. A search that
    could not run (engine or verifier failure) records nothing and raises under `strict`.
    """
    env = environment_key(device)
    entry = cache.get(task.key, env)
    log.debug("cache lookup for task %s (%s) in %s: %s", task.key[:12], task.name, env, _describe(entry))
    if entry is not None and entry.is_winner:
        return Resolution(entry, "cache-hit")
    budget = search_budget(options)
    if entry is not None and _covers(entry.budget or {}, budget):
        return Resolution(None, "tried-before", "an earlier search with at least this budget found no kernel")
    if options.mode == "cache":
        return Resolution(None, "not-cached")
    try:
        searcher = get_searcher()
        if searcher is None:
            return Resolution(None, "no-engine")
        outcome = searcher.search(task, device)
    except EngineUnavailable as exc:
        outcome = SearchOutcome(None, None, error=str(exc), transient=True)
    log.debug("search for task %s: %s", task.key[:12], "won" if outcome.candidate else outcome.error or "no kernel")
    if outcome.transient:
        if options.strict:
            raise EngineUnavailable(f"task {task.name}: {outcome.error}")
        return Resolution(None, "engine-error", outcome.error)
    if outcome.candidate is None or outcome.verdict is None:
        cache.put_negative(task.key, env, outcome.budget or budget, task)
        return Resolution(None, "no-kernel", outcome.error)
    speedup = outcome.verdict.speedup_vs_inductor
    if speedup is not None and speedup < 1.0:  # correct but slower: inductor keeps the region
        cache.put_negative(task.key, env, outcome.budget or budget, task)
        return Resolution(None, "slower", f"correct, but {speedup:.2f}x inductor's speed")
    cache.put_winner(CacheEntry.winner(task, outcome.candidate, outcome.verdict, env))
    return Resolution(cache.get(task.key, env), "new-kernel")  # first writer wins: use what the cache holds


def _covers(stored: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """A negative entry settles a search only if it was made with at least this budget."""
    return bool(stored) and all(isinstance(stored.get(k), (int, float)) and stored[k] >= v for k, v in wanted.items())


def _describe(entry: CacheEntry | None) -> str:
    if entry is None:
        return "miss"
    return "winner" if entry.is_winner else f"negative entry (searched with {entry.budget})"
