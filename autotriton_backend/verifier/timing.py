"""GPU timing: do_bench medians over rotating input sets, and one lock so that nothing else times at once.

The judge times eager and inductor once per task and device (`Baselines`, also asked for on their own by
the backend so that eager competes with inductor outside its compile) and asks the sandboxed candidate
process to time itself the same way while the judge holds the GPU lock. Every variant rotates over the same
input sets, so no kernel is timed on a single buffer it could memoise.
"""
from __future__ import annotations

import copy
import fcntl
import itertools
import statistics
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

import torch

ROUNDS = 3
WARMUP_MS, REP_MS = 10, 50  # per do_bench call: short, so that timing does not cap an RL step's throughput
SUSPICIOUS_SPEEDUP = 10.0  # a candidate this much faster than eager is timed again
_THREAD_LOCK = threading.Lock()


def bench_rotating(fn: Callable[..., Any], input_sets: dict[str, list[Any]],
                   rounds: int = ROUNDS) -> tuple[list[float], dict[str, Any]]:
    """One do_bench median (ms) per round, each call taking the next input set; and what the last call on
    each set returned (the judge checks the candidate's: timed calls carry no monitor)."""
    from triton.testing import do_bench

    turn = itertools.cycle(input_sets)
    last: dict[str, Any] = {}

    def step() -> None:
        name = next(turn)
        last[name] = fn(*input_sets[name])

    with torch.no_grad():
        ms = [float(do_bench(step, warmup=WARMUP_MS, rep=REP_MS, return_mode="median")) for _ in range(rounds)]
    return ms, last


def interleaved_medians(functions: dict[str, Callable[..., Any]], input_sets: dict[str, list[Any]],
                        rounds: int = ROUNDS) -> dict[str, float]:
    """Median ms of each function, timed in turns round by round (so drift hits all alike), each rotating
    over the same input sets. The one timing loop of eager, inductor, the model guard and the examples."""
    samples: dict[str, list[float]] = {name: [] for name in functions}
    for _ in range(rounds):
        for name, fn in functions.items():
            samples[name] += bench_rotating(fn, input_sets, 1)[0]
    return {name: statistics.median(values) for name, values in samples.items()}


@dataclass(frozen=True)
class Baselines:
    """A task's eager and inductor medians; None where nothing was timed (no GPU, inductor failed)."""

    eager_ms: float | None
    inductor_ms: float | None
    note: str


def baseline_functions(reference: torch.nn.Module,
                       input_sets: dict[str, list[Any]]) -> tuple[dict[str, Callable[..., Any]], list[str]]:
    """Eager and the inductor-compiled reference, each run once, and notes on what failed. Nothing is timed
    here, so no GPU lock is needed: inductor's compile is seconds of CPU work that must not hold the GPU."""
    notes = []
    functions: dict[str, Callable[..., Any]] = {"eager": reference}
    try:
        compiled = torch.compile(copy.deepcopy(reference))
        with torch.no_grad():
            compiled(*next(iter(input_sets.values())))
        functions["inductor"] = compiled
    except Exception as exc:  # inductor itself failed on this task: report eager only
        first = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else ""
        notes.append(f"inductor failed: {type(exc).__name__}: {first}")
    return functions, notes


def time_baselines(functions: dict[str, Callable[..., Any]], input_sets: dict[str, list[Any]],
                   notes: list[str]) -> Baselines:
    """Eager and inductor medians for a task, interleaved round by round (call under `gpu_lock`)."""
    ms = interleaved_medians(functions, input_sets)
    device = torch.cuda.get_device_name(next(t for s in input_sets.values() for t in s if isinstance(t, torch.Tensor)).device)
    note = "; ".join([f"do_bench medians of {ROUNDS} rounds on {device}, baselines cached per task", *notes])
    return Baselines(ms["eager"], ms.get("inductor"), note)


@contextmanager
def gpu_lock(device: str) -> Iterator[None]:
    """Exclusive use of one GPU for timing, across threads and processes."""
    index = torch.device(device).index or 0
    path = Path(tempfile.gettempdir()) / f"autotriton-gpu{index}.lock"
    with _THREAD_LOCK, open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
