"""Which implementation a region keeps: a verified kernel, its original ATen ops (eager), or inductor's code.

The fastest one wins, so a compiled model is never slower than the better of eager and inductor,
region by region. Timings only exist on a GPU; where inductor was not timed (the Triton interpreter
on CPU) a correct kernel is kept, as before, and eager never is (nothing shows it is faster).
Eager against inductor needs no engine: search mode measures it for every region without a winner.
"""
from __future__ import annotations

import logging

from .task import KernelTask, TaskError
from .verdict import Timings
from .verifier.pool import shared_pool

KERNEL, EAGER, INDUCTOR = "kernel", "eager", "inductor"
log = logging.getLogger("autotriton.choice")


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


def judged_baselines(task: KernelTask, device: str) -> Timings | None:
    """Eager and inductor timings of a task's reference, from the verifier's judge; None off the GPU.

    The judge compiles and times them in its own process: never inside the backend's post-grad pass,
    where a nested torch.compile fails (torch 2.11: "No toplevel event active"). The judge caches them
    per task, so a search's verdicts on the same task carry the same baselines.
    """
    if not device.startswith("cuda"):
        return None  # nothing is timed on CPU: no judge is started for it
    try:
        baselines = shared_pool(device).baselines(task).result()
    except TaskError as exc:  # the region's reference cannot run on its own: eager cannot compete
        log.info("no baselines for task %s: %s", task.key[:12], exc)
        return None
    if baselines.eager_ms is None or baselines.inductor_ms is None:
        log.info("no baselines for task %s: %s", task.key[:12], baselines.note)
        return None
    return Timings(candidate_ms=None, eager_ms=baselines.eager_ms, inductor_ms=baselines.inductor_ms)
