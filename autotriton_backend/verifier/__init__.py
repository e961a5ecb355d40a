"""The verifier: a static allowlist gate, an OS-contained candidate process, and a judge that never runs it.

`verify(task, candidate)` is the one judgement that the backend, the agent, training and evaluation share.
"""
from .allowlist import gate
from .fingerprint import verifier_fingerprint
from .pool import VerifierPool, VerifyOptions, shared_pool, verify, verify_many

__all__ = ["VerifierPool", "VerifyOptions", "gate", "shared_pool", "verifier_fingerprint", "verify", "verify_many"]
