"""autotriton agent: ask an LLM for Triton kernels, verify them, repair failures with the verifier's feedback."""
from .engines import Completion, Engine, EngineError, RequestMeta, make_engine
from .loop import Attempt, Budget, Event, SearchResult, search
from .parse import extract_code
from .prompts import PROMPT_VERSION

__all__ = [
    "Attempt",
    "Budget",
    "Completion",
    "Engine",
    "EngineError",
    "Event",
    "PROMPT_VERSION",
    "RequestMeta",
    "SearchResult",
    "extract_code",
    "make_engine",
    "search",
]
