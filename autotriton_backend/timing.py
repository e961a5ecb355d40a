"""GPU timing of a candidate against eager and inductor, interleaved in one process.

Medians from `triton.testing.do_bench`, three rounds in turn (eager, inductor, candidate),
and the median over rounds; every variant rotates over the same three input sets; one GPU
lock so parallel workers never time at the same time.
Speedups over 10x are re-timed on fresh inputs and the slower figure is kept.
"""
from __future__ import annotations

import copy
import fcntl
import itertools
import statistics
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import torch

from .inputs import example_sizes, make_inputs
from .verdict import Timings

if TYPE_CHECKING:
    from .worker import Job

ROUNDS = 3
SUSPICIOUS_SPEEDUP = 10.0
INPUT_SEEDS = (11, 12, 13)  # timing rotates over these input sets


def time_candidate(job: "Job", reference: torch.nn.Module, candidate: torch.nn.Module) -> tuple[Timings, str, list]:
    """Median times, a note on how they were taken, and the input buffers the candidate was timed on."""
    from triton.testing import do_bench

    input_sets = [make_inputs(job.task, seed, example_sizes(job.task), job.device) for seed in INPUT_SEEDS]
    inputs = input_sets[0]
    notes = []
    try:
        compiled = torch.compile(copy.deepcopy(reference))
        with torch.no_grad():
            compiled(*inputs)
    except Exception as exc:  # inductor itself failed: report eager only
        compiled = None
        notes.append(f"inductor failed: {type(exc).__name__}: {str(exc).strip().splitlines()[0][:300] if str(exc).strip() else ''}")

    def bench(fn: Callable[[], object]) -> float:
        with torch.no_grad():
            return float(do_bench(fn, warmup=25, rep=100, return_mode="median"))

    runners = {"eager": _rotating(reference, input_sets), "candidate": _rotating(candidate, input_sets)}
    if compiled is not None:
        runners["inductor"] = _rotating(compiled, input_sets)
    samples: dict[str, list[float]] = {name: [] for name in runners}
    with gpu_lock(job.device):
        for _ in range(ROUNDS):
            for name, fn in runners.items():
                samples[name].append(bench(fn))
        medians = {name: statistics.median(values) for name, values in samples.items()}
        if medians["eager"] / medians["candidate"] > SUSPICIOUS_SPEEDUP:
            fresh = [make_inputs(job.task, seed + 100, example_sizes(job.task), job.device) for seed in INPUT_SEEDS]
            recheck = bench(_rotating(candidate, fresh))
            medians["candidate"] = max(medians["candidate"], recheck)
            notes.append(f"speedup over {SUSPICIOUS_SPEEDUP:g}x re-timed on fresh inputs")
    timings = Timings(medians["candidate"], medians["eager"], medians.get("inductor"))
    device_name = torch.cuda.get_device_name(torch.device(job.device))
    return timings, "; ".join([f"do_bench median of {ROUNDS} interleaved rounds on {device_name}", *notes]), inputs


def _rotating(fn: Callable, input_sets: list[list]) -> Callable[[], object]:
    """Each call takes the next input set: nothing is timed on a single buffer that a kernel could memoise."""
    turn = itertools.cycle(input_sets)
    return lambda: fn(*next(turn))


@contextmanager
def gpu_lock(device: str) -> Iterator[None]:
    index = torch.device(device).index or 0
    path = Path(tempfile.gettempdir()) / f"autotriton-gpu{index}.lock"
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
