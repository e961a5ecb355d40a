"""The process-wide modes and defaults candidate code runs under: one rule for the verifier's runner and the
backend, which runs a verified kernel in the user's process (`splice.kernel_op`).

Allowed host code reads them without naming them: `torch.get_default_dtype()`, the dtype and device of a
`torch.empty(1)` made without either, the dtype of a product under autocast, whether a view of a leaf that requires
grad requires grad (not under inference mode), whether a product of it does (not under no_grad). A kernel honest only
under the verifier's was judged correct and wrong under a user's (tests/fixtures/user_process/round33_*.py).
"""
from __future__ import annotations

from contextlib import contextmanager, nullcontext
from typing import Iterator

import torch

DEFAULT_DTYPE = torch.float32  # torch's own, which the verifier's processes never change


@contextmanager
def as_judged(forward: bool) -> Iterator[None]:
    """Run candidate code as the verifier does: float32 by default, new tensors on the CPU unless told otherwise,
    no autocast, no inference mode, and gradients off in forward, on while the module loads and `__init__` runs.
    What the caller had set is back on the way out."""
    dtype = torch.get_default_dtype()
    device = torch.device("cpu") if torch.get_default_device().type != "cpu" else nullcontext()
    torch.set_default_dtype(DEFAULT_DTYPE)
    try:
        with device, torch.inference_mode(False), torch.set_grad_enabled(not forward), \
                torch.autocast("cpu", enabled=False), torch.autocast("cuda", enabled=False):
            yield
    finally:
        torch.set_default_dtype(dtype)
