"""autotriton agent: ask an LLM for Triton kernels, verify them, repair failures with the verifier's feedback."""
from .engines import Completion, Engine, EngineError, RequestMeta, make_engine
from .loop import Attempt, Budget, Event, SearchResult, search

__all__ = [
    "Attempt",
    "Budget",
    "Completion",
    "Engine",
    "EngineError",
    "Event",
    "RequestMeta",
    "SearchResult",
    "make_engine",
    "search",
]
