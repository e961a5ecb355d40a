"""How the backend asks for kernels without importing the agent: a plugin interface.

The agent registers a factory under the entry-point group `autotriton.searchers`; the backend
looks it up by name when search mode needs it. Anything with `search(task, device)` and `beyond_reach(task)` works.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol

from .candidate import Candidate
from .task import KernelTask
from .verdict import Verdict

if TYPE_CHECKING:
    from .options import BackendOptions

SEARCHER_GROUP = "autotriton.searchers"


@dataclass
class SearchOutcome:
    """The fastest verified candidate, or None with the budget that was spent finding nothing.

    `transient` marks a search that could not do its job (the engine failed: unreachable server,
    timeout, missing file; or the verifier itself failed): nothing may be cached for it, since a
    later search with a working engine may well succeed. `error` says what happened, in full.
    """

    candidate: Candidate | None
    verdict: Verdict | None
    budget: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    transient: bool = False


class EngineUnavailable(RuntimeError):
    """The engine could not start or answer: reported as an engine error, never cached."""


class Searcher(Protocol):
    def search(self, task: KernelTask, device: str) -> SearchOutcome:
        """Find a kernel for `task`, verified on `device` (the device the region runs on)."""
        ...

    def beyond_reach(self, task: KernelTask) -> str:
        """Why `task` is not searched at all (past what the engine is measured to answer), or "" to search it.
        Nothing is cached for such a task: another engine may reach it."""
        ...


def load_searcher(options: "BackendOptions", name: str = "agent") -> Searcher:
    """Build the registered searcher for `options.engine`; a clear error when none is installed."""
    found = [ep for ep in entry_points(group=SEARCHER_GROUP) if ep.name == name]
    if not found:
        raise RuntimeError(f"no searcher named {name!r} is installed (entry-point group {SEARCHER_GROUP!r}); "
                           "reinstall autotriton with `pip install -e .`")
    return found[0].load()(options)
