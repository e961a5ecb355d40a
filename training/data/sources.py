"""Where tasks come from: the zoo's regions and synthetic programs, as one record type."""
from __future__ import annotations

from dataclasses import dataclass

from autotriton_backend.task import FLOAT_DTYPES, KernelTask

from .families import composition_of, families_in_source
from .synthetic import program

SYNTHETIC_HARD_SHARE = 0.15


@dataclass(frozen=True)
class SourcedTask:
    """A task plus what the dataset records about it."""

    task: KernelTask
    origin: str  # "zoo" or "synthetic"
    source: str  # e.g. "zoo:swiglu_ffn:training" or "synthetic:1234"
    families: tuple[str, ...]
    dtype: str
    hard: bool = False

    @property
    def composition(self) -> str:
        return composition_of(self.families)


def task_dtype(task: KernelTask) -> str:
    """The first floating input's dtype (what the kernel mostly computes in), else the first input's."""
    dtypes = [spec.dtype for spec in task.inputs if not spec.scalar]
    return next((d for d in dtypes if d in FLOAT_DTYPES), dtypes[0] if dtypes else "none")


def region_task(task: KernelTask, arch: str, mode: str) -> SourcedTask:
    return SourcedTask(task, "zoo", f"zoo:{arch}:{mode}", tuple(families_in_source(task.source)), task_dtype(task))


def synthetic_task(seed: int, index: int, cap: int = 4096) -> SourcedTask:
    """Program `index` of the run seeded `seed`: drawn from `seed * 1_000_003 + index`; every
    `1 / SYNTHETIC_HARD_SHARE`-th one is hard. `cap` bounds every dim (small for CPU runs)."""
    every = round(1 / SYNTHETIC_HARD_SHARE)
    hard = index % every == every - 1
    drawn = program(seed * 1_000_003 + index, hard=hard, cap=cap)
    return SourcedTask(drawn.task, "synthetic", f"synthetic:{drawn.seed}{':hard' if hard else ''}",
                       tuple(sorted(set(drawn.families))), drawn.dtype, hard)
