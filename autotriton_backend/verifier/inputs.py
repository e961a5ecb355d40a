"""Seeded input sets for a KernelTask, including fresh sizes for its symbolic dims."""
from __future__ import annotations

import random
from typing import Any

import torch

from ..task import FLOAT_DTYPES, InputSpec, KernelTask
from .magnitude import USUAL, Draw, spread


def example_sizes(task: KernelTask) -> dict[str, int]:
    return {name: sym.example for name, sym in task.symbols.items()}


def judged_sizes(task: KernelTask) -> tuple[tuple[int, int, int, int], ...]:
    """(input, dim, low, high) for each symbolic dim of each input: the verifier draws sizes only from the symbol's
    range (`random_sizes`), whose top is a cap for testing, not a bound on what a user's dynamic graph passes; a
    kernel honest only up to the cap was judged correct
    (tests/fixtures/user_process/round34_unjudged_size_trigger.py)."""
    return tuple((index, dim, task.symbols[size].low, task.symbols[size].high)
                 for index, spec in enumerate(task.inputs) if not spec.scalar
                 for dim, size in enumerate(spec.shape) if isinstance(size, str))


def random_sizes(task: KernelTask, seed: int, avoid: dict[str, int] | None = None) -> dict[str, int]:
    """Each symbol's size drawn from its range; with `avoid`, never the size named there where the range holds
    another: an input set meant to try new sizes must not repeat the example's (a kernel with the example's sizes
    hard-coded then passed 1 time in 38 on a range of 3..40)."""
    rng = random.Random(seed)
    sizes = {}
    for name, sym in task.symbols.items():
        taken = (avoid or {}).get(name)
        if taken is not None and sym.low <= taken <= sym.high and sym.high > sym.low:
            drawn = rng.randint(sym.low, sym.high - 1)
            sizes[name] = drawn + 1 if drawn >= taken else drawn
        else:
            sizes[name] = rng.randint(sym.low, sym.high)
    return sizes


def make_inputs(task: KernelTask, seed: int, sizes: dict[str, int], device: str, draw: Draw = USUAL) -> list[Any]:
    """One input set, generated on `device` in each input's own dtype (no float64 staging on the host); float
    values as `draw` says (`magnitude.spread`)."""
    generator = None if device == "meta" else torch.Generator(device=device).manual_seed(seed)
    return [_make(spec, sizes, generator, device, draw) for spec in task.inputs]


def _make(spec: InputSpec, sizes: dict[str, int], generator: torch.Generator | None, device: str,
          draw: Draw) -> Any:
    if spec.scalar:
        return spec.value
    shape = [sizes[d] if isinstance(d, str) else d for d in spec.shape]
    if spec.dim_order is not None:  # make it in memory order, then view it back in logical order
        shape = [shape[d] for d in spec.dim_order]
    dtype = getattr(torch, spec.dtype)
    options = {"generator": generator, "device": device}
    if spec.dtype in FLOAT_DTYPES:
        if spec.low is None:
            values = torch.randn(shape, dtype=dtype, **options)
        else:
            high = spec.high if spec.high is not None else spec.low + 1.0
            values = torch.rand(shape, dtype=dtype, **options).mul_(high - spec.low).add_(spec.low)
        values = spread(values, draw, spec.low is None, generator)
    elif spec.dtype == "bool":
        values = torch.randint(0, 2, shape, **options).bool()
    else:
        if spec.low is None or spec.high is None:
            raise ValueError(f"integer input spec needs low/high: {spec}")
        values = torch.randint(int(spec.low), int(spec.high), shape, dtype=dtype, **options)
    if spec.dim_order is not None:
        inverse = sorted(range(len(spec.dim_order)), key=lambda i: spec.dim_order[i])
        values = values.permute(inverse)
    return values
