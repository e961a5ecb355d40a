"""Which implementation a region keeps: a verified kernel, its original ATen ops (eager), or inductor's code.

The fastest one wins, so a compiled model is never slower than the better of eager and inductor,
region by region. Timings only exist on a GPU; where inductor was not timed (the Triton interpreter
on CPU) a correct kernel is kept, as before, and eager never is (nothing shows it is faster).
"""
from __future__ import annotations

import statistics
from typing import Callable

import torch
import torch._inductor.config

from .task import KernelTask, load_reference
from .verdict import Timings

KERNEL, EAGER, INDUCTOR = "kernel", "eager", "inductor"
ROUNDS = 3  # interleaved rounds; the median of each side's medians is compared


def fastest(timings: Timings | None, kernel_correct: bool) -> str:
    """KERNEL, EAGER or INDUCTOR; ties go to inductor, then to the kernel."""
    inductor = timings.inductor_ms if timings else None
    if inductor is None:
        return KERNEL if kernel_correct else INDUCTOR
    contenders = [(inductor, 0, INDUCTOR)]
    if kernel_correct and timings.candidate_ms is not None:
        contenders.append((timings.candidate_ms, 1, KERNEL))
    if timings.eager_ms is not None:
        contenders.append((timings.eager_ms, 2, EAGER))
    return min(contenders)[2]


def interleaved_medians(functions: dict[str, Callable[[], object]], rounds: int = ROUNDS) -> dict[str, float]:
    """Median milliseconds of each function, timed in turns (GPU only: triton's do_bench)."""
    from triton.testing import do_bench

    samples: dict[str, list[float]] = {name: [] for name in functions}
    with torch.no_grad():
        for _ in range(rounds):
            for name, fn in functions.items():
                samples[name].append(do_bench(fn, warmup=25, rep=100, return_mode="median"))
    return {name: statistics.median(values) for name, values in samples.items()}


def time_baselines(task: KernelTask, device: str) -> Timings | None:
    """Eager and inductor timings of a task's reference on `device`; None off the GPU.

    Used when no kernel was correct, so no verdict brought these timings: eager may still beat
    inductor (a sum over dim 1 does on an H200). The reference is the region's own ATen ops.
    """
    if not device.startswith("cuda") or not torch.cuda.is_available():
        return None
    namespace = load_reference(task.source)
    model = namespace["Model"](*namespace["get_init_inputs"]()).to(device).eval()
    torch.manual_seed(0)
    with torch.device(device):  # made where they are used: region inputs can be gigabytes
        inputs = namespace["get_inputs"]()
    compiled = torch.compile(model)
    # Called from inside our own post-grad pass: the nested compile must be plain inductor, not us again.
    with torch.no_grad(), torch._inductor.config.patch(post_grad_custom_pre_pass=None):
        compiled(*inputs)  # compile outside the timed region
        ms = interleaved_medians({EAGER: lambda: model(*inputs), INDUCTOR: lambda: compiled(*inputs)})
    return Timings(candidate_ms=None, eager_ms=ms[EAGER], inductor_ms=ms[INDUCTOR])
