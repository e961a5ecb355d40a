"""autotriton: a torch.compile backend that splices verified LLM-written Triton kernels into inductor graphs."""
__version__ = "0.1.0"  # the one home of the version: pyproject.toml reads it

from .candidate import Candidate, Provenance
from .task import InputSpec, KernelTask, SymbolRange, TaskError
from .verdict import Check, Timings, Verdict
from .verifier import VerifyOptions, verify, verify_many

__all__ = [
    "Candidate", "Check", "InputSpec", "KernelTask", "Provenance", "SymbolRange", "TaskError", "Timings",
    "Verdict", "VerifyOptions", "verify", "verify_many",
]
