"""Seeded input sets for a KernelTask, including fresh sizes for its symbolic dims."""
from __future__ import annotations

import random
from typing import Any

import torch

from .task import FLOAT_DTYPES, InputSpec, KernelTask


def example_sizes(task: KernelTask) -> dict[str, int]:
    return {name: sym.example for name, sym in task.symbols.items()}


def random_sizes(task: KernelTask, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    return {name: rng.randint(sym.low, sym.high) for name, sym in task.symbols.items()}


def make_inputs(task: KernelTask, seed: int, sizes: dict[str, int], device: str) -> list[Any]:
    generator = torch.Generator(device="cpu").manual_seed(seed)
    return [_make(spec, sizes, generator, device) for spec in task.inputs]


def _make(spec: InputSpec, sizes: dict[str, int], generator: torch.Generator, device: str) -> Any:
    if spec.scalar:
        return spec.value
    shape = [sizes[d] if isinstance(d, str) else d for d in spec.shape]
    dtype = getattr(torch, spec.dtype)
    if spec.dtype in FLOAT_DTYPES:
        if spec.low is None:
            values = torch.randn(shape, generator=generator, dtype=torch.float64)
        else:
            high = spec.high if spec.high is not None else spec.low + 1.0
            values = torch.rand(shape, generator=generator, dtype=torch.float64) * (high - spec.low) + spec.low
    elif spec.dtype == "bool":
        values = torch.randint(0, 2, shape, generator=generator).bool()
    else:
        if spec.low is None or spec.high is None:
            raise ValueError(f"integer input spec needs low/high: {spec}")
        values = torch.randint(int(spec.low), int(spec.high), shape, generator=generator)
    values = values.to(dtype)
    if spec.dim_order is not None:
        permuted = values.permute(spec.dim_order).contiguous()
        inverse = sorted(range(len(spec.dim_order)), key=lambda i: spec.dim_order[i])
        values = permuted.permute(inverse)
    return values.to(device)
