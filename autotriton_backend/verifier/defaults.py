"""The process-wide modes and defaults candidate code runs under, and how it is imported: one rule for the
verifier's runner and the backend, which runs a verified kernel in the user's process (`splice.kernel_op`).

Allowed host code reads them without naming them: `torch.get_default_dtype()`, the dtype and device of a
`torch.empty(1)` made without either, the dtype of a product under autocast, whether a view of a leaf that requires
grad requires grad (not under inference mode), whether a product of it does (not under no_grad), whether a subnormal
Python float survives a multiplication (not under `torch.set_flush_denormal(True)`). A kernel honest only under the
verifier's was judged correct and wrong under a user's (tests/fixtures/user_process/round33_*.py).
"""
from __future__ import annotations

import importlib.util
import sys
import threading
import types
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import torch

DEFAULT_DTYPE = torch.float32  # torch's own, which the verifier's processes never change
CANDIDATE_MODULE = "autotriton_candidate"  # `str(ModelNew)` names it (round33_module_name_trigger.py)


def import_candidate(path: Path) -> types.ModuleType:
    """The candidate's module, imported from its file under one name and with its asserts kept whatever the
    importing interpreter's -O: the runner's processes never optimise, a user's may, and an assert with a side
    effect in host code tells the two apart (tests/fixtures/user_process/round33_optimize_trigger.py)."""
    spec = importlib.util.spec_from_file_location(CANDIDATE_MODULE, path)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(path.read_bytes(), str(path), "exec", dont_inherit=True, optimize=0), vars(module))  # PEP 263 decoding
    return module


@contextmanager
def as_judged(forward: bool) -> Iterator[None]:
    """Run candidate code as the verifier does: float32 by default, new tensors on the CPU unless told otherwise,
    no autocast, no inference mode, subnormals kept, and gradients off in forward, on while the module loads and
    `__init__` runs. What the caller had set is back on the way out."""
    flushing = flushing_denormals()  # the thread's own FTZ/DAZ bits: no other thread reads them
    device = torch.device("cpu") if torch.get_default_device().type != "cpu" else nullcontext()
    flipped = _judged_default_dtype()
    torch.set_flush_denormal(False)
    try:
        with device, torch.inference_mode(False), torch.set_grad_enabled(not forward), _no_autocast("cpu"), \
                _no_autocast("cuda"):
            yield
    finally:
        if flipped:
            _restore_default_dtype()
        torch.set_flush_denormal(flushing)


# The default dtype is one value for the whole process, read by every thread. `as_judged` wrote it on every call of a
# spliced op and wrote back what it had read on the way out: a default a user's thread set while another thread's op
# ran was written over, and two ops in two threads under a float64 default left float32 for good (5 of 10 trials;
# tests/test_verifier_units.py::test_the_judged_default_dtype_is_never_left_to_the_user_s_other_threads). The default
# is written only where it is not the judged one, once for all the ops that overlap, and the first value read is put
# back when the last of them ends. While such an op runs, other threads still read float32 (tests/attacks_open/README.md).
@dataclass
class _JudgedDefault:
    """The ops now running under the judged default dtype that `as_judged` set, and the default it replaced."""

    running: int = 0
    replaced: torch.dtype | None = None


_DEFAULT_DTYPE_LOCK = threading.Lock()
_judged_default = _JudgedDefault()


def _judged_default_dtype() -> bool:
    """Make the default dtype the judged one where it is not; True where this call joined the ops that did."""
    with _DEFAULT_DTYPE_LOCK:
        if _judged_default.running:
            _judged_default.running += 1
            return True
        current = torch.get_default_dtype()
        if current == DEFAULT_DTYPE:
            return False
        _judged_default.running, _judged_default.replaced = 1, current
        torch.set_default_dtype(DEFAULT_DTYPE)
        return True


def _restore_default_dtype() -> None:
    with _DEFAULT_DTYPE_LOCK:
        _judged_default.running -= 1
        if not _judged_default.running:
            torch.set_default_dtype(_judged_default.replaced)
            _judged_default.replaced = None


def flushing_denormals() -> bool:
    """Whether this thread flushes subnormal results to zero (`torch.set_flush_denormal` has no getter): half the
    smallest normal double is subnormal, read at run time so that no compiler folds it."""
    return sys.float_info.min / 2 == 0.0


def _no_autocast(device_type: str) -> AbstractContextManager[None]:
    """Autocast off for `device_type`, entered only where it is on (entering costs some 5 us a call of the op)."""
    return torch.autocast(device_type, enabled=False) if torch.is_autocast_enabled(device_type) else nullcontext()
