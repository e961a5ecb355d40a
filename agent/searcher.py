"""The agent as the backend's searcher (entry point `autotriton.searchers: agent`).

The backend hands over a task and the device its region runs on; the search loop runs with
the options' engine and budget, and every conversation is kept on disk for inspection.
"""
from __future__ import annotations

import json
from pathlib import Path

from autotriton_backend.options import BackendOptions
from autotriton_backend.searching import SearchOutcome
from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import VerifyOptions
from cache.store import default_directory

from .engines import Engine, make_engine
from .loop import Budget, search


class AgentSearcher:
    def __init__(self, engine: Engine, budget: Budget, verify_timeout_s: float, log_dir: Path) -> None:
        self.engine = engine
        self.budget = budget
        self.verify_timeout_s = verify_timeout_s
        self.log_dir = log_dir

    def search(self, task: KernelTask, device: str) -> SearchOutcome:
        result = search(task, self.engine, self.budget, VerifyOptions(device=device, timeout_s=self.verify_timeout_s))
        self.log_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        (self.log_dir / f"{task.key}.json").write_text(json.dumps(result.to_json(), indent=1))
        spent = {"turns": self.budget.turns, "samples": self.budget.samples, "seconds": self.budget.seconds,
                 "tokens": self.budget.tokens}  # the whole budget, so a longer search is never blocked by this one
        if result.winner is None:
            return SearchOutcome(None, None, spent, result.error or f"no correct kernel ({result.stop_reason})")
        return SearchOutcome(result.winner.candidate, result.winner.verdict, spent)


def make_searcher(options: BackendOptions) -> AgentSearcher:
    if options.engine is None:
        raise ValueError("the agent needs an engine spec (options={'engine': ...} or AUTOTRITON_ENGINE)")
    budget = Budget(samples=options.search_samples, turns=options.search_turns, seconds=options.search_seconds,
                    tokens=options.search_tokens)
    cache_dir = Path(options.cache_dir) if options.cache_dir else default_directory()
    try:
        engine = make_engine(options.engine)
    except (OSError, ImportError) as exc:  # a model that will not load, a missing optional package
        raise ValueError(f"engine {options.engine!r} cannot start: {exc}") from exc
    return AgentSearcher(engine, budget, options.verify_timeout_s, cache_dir / "conversations")
