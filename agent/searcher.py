"""The agent as the backend's searcher (entry point `autotriton.searchers: agent`).

The backend hands over a task and the device its region runs on; the search loop runs with
the options' engine and budget, and every conversation is kept on disk for inspection.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

from autotriton_backend.announce import one_line
from autotriton_backend.engine_spec import no_engine_reason
from autotriton_backend.options import BackendOptions
from autotriton_backend.searching import SearchOutcome
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Verdict
from autotriton_backend.verifier import VerifyOptions
from cache.store import default_directory

from .engines import Engine, make_engine
from .loop import Budget, Event, SearchResult, search

log = logging.getLogger("autotriton.agent")


class AgentSearcher:
    def __init__(self, engine: Engine, budget: Budget, verify_timeout_s: float, log_dir: Path) -> None:
        self.engine = engine
        self.budget = budget
        self.verify_timeout_s = verify_timeout_s
        self.log_dir = log_dir

    def beyond_reach(self, task: KernelTask) -> str:
        return self.engine.beyond_reach(task)

    def search(self, task: KernelTask, device: str) -> SearchOutcome:
        log.info("searching task %s (%s) on %s with %s %s, budget %s", task.key[:12], task.name, device,
                 self.engine.name, self.engine.model, self.budget)
        options = VerifyOptions(device=device, timeout_s=self.verify_timeout_s)
        result = search(task, self.engine, self.budget, options, on_event=lambda event: _log_event(task, event))
        log.info("search for task %s ended (%s) after %.1f s, %d candidate(s), winner: %s", task.key[:12],
                 result.stop_reason, result.seconds, len(result.attempts), result.winner is not None)
        self.log_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        (self.log_dir / f"{task.key}.json").write_text(json.dumps(result.to_json(), indent=1))
        spent = {"turns": self.budget.turns, "samples": self.budget.samples, "seconds": self.budget.seconds,
                 "tokens": self.budget.tokens}  # the whole budget, so a longer search is never blocked by this one
        if result.winner is not None:
            return SearchOutcome(result.winner.candidate, result.winner.verdict, spent)
        if result.error:
            return SearchOutcome(None, None, spent, f"engine {self.engine.name}: {result.error}", transient=True)
        internal = [a.verdict for a in result.attempts if verifier_failed(a.verdict)]
        if internal:
            return SearchOutcome(None, None, spent, f"the verifier failed: {_reason(internal[-1])}", transient=True)
        return SearchOutcome(None, None, spent, no_kernel_reason(result))


def _log_event(task: KernelTask, event: Event) -> None:
    sample = "" if event.sample is None else f" sample {event.sample}"
    log.debug("task %s turn %d%s: %s %s", task.key[:12], event.turn, sample, event.kind, one_line(event.message))


def verifier_failed(verdict: Verdict) -> bool:
    """The verifier itself failed ("internal"): not the candidate's fault, so never a negative entry."""
    return verdict.failure == "internal"


def no_kernel_reason(result: SearchResult) -> str:
    """Why no candidate won, in full: what stopped the search and the last candidate's failed check."""
    stop = {"turns": "all turns used", "seconds": "time budget used", "tokens": "token budget used"}
    why = f"no correct kernel in {len(result.attempts)} candidate(s), {stop.get(result.stop_reason, result.stop_reason)}"
    return f"{why}; last: {_reason(result.attempts[-1].verdict)}" if result.attempts else why


def _reason(verdict: Verdict) -> str:
    failed = verdict.failed_check
    if failed is None:
        return "no checks ran"
    return f"{failed.name}: {' '.join(failed.reason.split())}" if failed.reason else failed.name


def make_searcher(options: BackendOptions) -> AgentSearcher:
    if options.search_engine is None:
        raise ValueError(f"the agent needs an engine: {no_engine_reason(options.engine)}")
    budget = Budget(samples=options.search_samples, turns=options.search_turns, seconds=options.search_seconds,
                    tokens=options.search_tokens)
    cache_dir = Path(options.cache_dir) if options.cache_dir else default_directory()
    try:
        engine = make_engine(options.engine)
    except (OSError, ImportError) as exc:  # a model that will not load, a missing optional package
        raise ValueError(f"engine {options.engine!r} cannot start: {exc}") from exc
    return AgentSearcher(engine, budget, options.verify_timeout_s, cache_dir / "conversations")
