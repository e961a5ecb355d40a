"""autotriton: a torch.compile backend that splices verified LLM-written Triton kernels into inductor graphs."""
from .candidate import Candidate, Provenance
from .task import InputSpec, KernelTask, SymbolRange, TaskError
from .verdict import Check, Timings, Verdict
from .verifier import VerifyOptions, verify, verify_many

__all__ = [
    "Candidate", "Check", "InputSpec", "KernelTask", "Provenance", "SymbolRange", "TaskError", "Timings",
    "Verdict", "VerifyOptions", "verify", "verify_many",
]
