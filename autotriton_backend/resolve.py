"""Cache first, then search: what the backend pass and offline warmup both do for one task."""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

from cache.environment import environment_key
from cache.rejudge import rejudge
from cache.store import CacheEntry, KernelCache

from .choice import EAGER, KERNEL, fastest, judged_baselines
from .options import BackendOptions
from .partition import FINE
from .searching import EngineUnavailable, Searcher, SearchOutcome
from .task import KernelTask
from .verdict import Timings
from .verifier import VerifyOptions

BaselineTimer = Callable[[KernelTask, str], Timings | None]

log = logging.getLogger("autotriton.resolve")


@dataclass
class Resolution:
    entry: CacheEntry | None  # a winner to splice (a kernel, or the eager ops), or None
    status: str  # one of report.STATUSES
    detail: str = ""


def search_budget(options: BackendOptions) -> dict[str, Any]:
    """The whole budget of one search; None means unlimited."""
    return {"turns": options.search_turns, "samples": options.search_samples,
            "seconds": options.search_seconds, "tokens": options.search_tokens}


def resolve(task: KernelTask, device: str, cache: KernelCache, options: BackendOptions,
            get_searcher: Callable[[], Searcher | None], level: str = FINE,
            baseline_timer: BaselineTimer = judged_baselines) -> Resolution:
    """Look the task up; on a miss in search mode, let eager compete with inductor, then search for a kernel.

    Eager against inductor is measured first and needs no engine (`baseline_timer`: the judge's timings on
    a GPU, None elsewhere): where eager wins, an `eager` entry records that measured fact and the region
    runs eager whatever the search does. The searcher is only built on a miss, so a cache hit never
    touches the engine. Eager and negative entries settle a search only when made with at least this
    budget. A search that could not run (engine or verifier failure) records no kernel result and raises
    under `strict`. A kernel another verifier judged (`CacheEntry.stale`) is never spliced as it is: cache
    mode leaves its region to inductor, as for a miss; search mode has the running verifier judge it again
    first (cheaper than a search), and searches as for a miss where it is dropped.
    """
    env = environment_key(device)
    entry = cache.get(task.key, env)
    log.debug("cache lookup for task %s (%s) in %s: %s", task.key[:12], task.name, env, _describe(entry))
    if entry is not None and entry.stale:
        if options.mode == "cache":
            return Resolution(None, "stale", "judged by another verifier; `autotriton cache verify --all` judges "
                                             "it again")
        rejudged = rejudge(cache, entry, VerifyOptions(device=device, timeout_s=options.verify_timeout_s))
        log.debug("task %s: stale kernel judged again: %s", task.key[:12], "kept" if rejudged.kept else rejudged.reason)
        if rejudged.inconclusive:
            if options.strict:
                raise EngineUnavailable(f"task {task.name}: judging its cached kernel again: {rejudged.reason}")
            return Resolution(None, "engine-error", f"judging the cached kernel again: {rejudged.reason}")
        entry = cache.get(task.key, env)  # stored again with this verifier's stamp, or dropped
    eager = entry if entry is not None and entry.is_eager else None
    if entry is not None and entry.is_kernel and not entry.stale:
        return Resolution(entry, "cache-hit")
    budget = search_budget(options)
    if entry is not None and _covers(entry.budget or {}, budget):
        if eager:
            return Resolution(eager, "cache-hit")
        return Resolution(None, "tried-before", "an earlier search with at least this budget found no kernel")
    if options.mode == "cache":
        if entry is not None and entry.refused:
            return Resolution(None, "refused", _refused_detail(entry))
        return Resolution(eager, "cache-hit" if eager else "not-cached")
    eager, baselines = _eager_against_inductor(task, device, cache, env, entry, level, baseline_timer)
    try:
        searcher = get_searcher()
        if searcher is None:
            return Resolution(eager, "no-engine", _eager_detail(baselines))
        if beyond := searcher.beyond_reach(task):
            return Resolution(eager, "beyond-reach", beyond)
        outcome = searcher.search(task, device)
    except EngineUnavailable as exc:
        outcome = SearchOutcome(None, None, error=str(exc), transient=True)
    log.debug("search for task %s: %s", task.key[:12], "won" if outcome.candidate else outcome.error or "no kernel")
    if outcome.transient:
        if options.strict:
            raise EngineUnavailable(f"task {task.name}: {outcome.error}")
        return Resolution(eager, "engine-error", outcome.error)
    spent = {**budget, **(outcome.budget or {})}
    found = outcome.candidate is not None and outcome.verdict is not None
    timings = outcome.verdict.timings if found and outcome.verdict.timings else baselines
    choice = fastest(timings, found)
    if choice == KERNEL:
        cache.put_winner(CacheEntry.winner(task, outcome.candidate, outcome.verdict, env, level))
        stored = cache.get(task.key, env)  # first writer wins: use what the cache holds
        if stored is not None and stored.refused and not stored.is_winner:  # the search found the refused kernel
            return Resolution(None, "refused", _refused_detail(stored))
        return Resolution(stored, "new-kernel")
    if choice == EAGER:  # the same measured fact, now settling a search of this budget
        cache.put_winner(CacheEntry.eager(task, env, timings.eager_ms, timings.inductor_ms, spent, level))
        return Resolution(cache.get(task.key, env), "eager", _eager_detail(timings))
    cache.put_negative(task.key, env, spent, task, level)
    if found:  # correct but slower: inductor keeps the region
        speedup = outcome.verdict.speedup_vs_inductor
        return Resolution(None, "slower", f"correct, but {speedup:.2f}x inductor's speed" if speedup
                          else "correct, but not timed faster than inductor")
    return Resolution(None, "no-kernel", outcome.error)


def _eager_against_inductor(task: KernelTask, device: str, cache: KernelCache, env: str, entry: CacheEntry | None,
                            level: str, baseline_timer: BaselineTimer) -> tuple[CacheEntry | None, Timings | None]:
    """The eager entry that runs the region (None: inductor does) and the timings that decided it.

    An eager entry already cached is that decision; otherwise the baselines are measured, and an eager
    win is cached at once, carrying the budget of what was searched before (none, or a shorter negative
    search): a fact about eager and inductor, never a kernel result, so it blocks no later search.
    """
    if entry is not None and entry.is_eager:
        timings = entry.verdict.get("timings") or {}
        return entry, Timings(None, timings.get("eager_ms"), timings.get("inductor_ms"))
    baselines = baseline_timer(task, device)
    if fastest(baselines, False) != EAGER:
        return None, baselines
    searched = entry.budget if entry is not None and entry.budget else {}
    cache.put_winner(CacheEntry.eager(task, env, baselines.eager_ms, baselines.inductor_ms, searched, level))
    log.debug("task %s: %s", task.key[:12], _eager_detail(baselines))
    return cache.get(task.key, env), baselines


def _refused_detail(entry: CacheEntry) -> str:
    return f"its cached kernel was refused at call time: {(entry.refused or {}).get('reason', '')}"


def _eager_detail(timings: Timings | None) -> str:
    if timings is None or timings.eager_ms is None or timings.inductor_ms is None:
        return ""
    return f"eager: {timings.eager_ms:.4f} ms vs inductor {timings.inductor_ms:.4f} ms"


def _covers(stored: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """A stored budget settles a search only if it is at least the wanted one in every dimension (None: unlimited)."""
    def at_least(have: Any, want: Any) -> bool:
        if have is None:
            return True
        return isinstance(have, (int, float)) and want is not None and have >= want
    return bool(stored) and all(k in stored and at_least(stored[k], v) for k, v in wanted.items())


def _describe(entry: CacheEntry | None) -> str:
    if entry is None:
        return "miss"
    if entry.is_eager:
        return "eager entry"
    if entry.refused:
        return "kernel refused at call time"
    if entry.stale:
        return "winner judged by another verifier"
    return "winner" if entry.is_winner else f"negative entry (searched with {entry.budget})"
