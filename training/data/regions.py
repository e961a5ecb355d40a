"""The zoo's regions as tasks: each architecture compiled the ways users compile it.

Modes: `inference`, `training` (the backward graph's regions too), `dynamic` (symbolic sizes, as
`torch.compile(dynamic=True)` deploys it) and `inference_bf16` (the model cast to bfloat16). The
partitioner cuts the regions exactly as the backend does (`autotriton_backend.collect`).
"""
from __future__ import annotations

from collections.abc import Iterator

import torch

from autotriton_backend.collect import collect_tasks

from .sources import SourcedTask, region_task
from .zoo import ZOO

MODES = ("inference", "training", "dynamic", "inference_bf16")


def zoo_region_tasks(device: str, arch: str, mode: str) -> list[SourcedTask]:
    """The distinct region tasks of one zoo architecture in one mode."""
    if mode not in MODES:
        raise ValueError(f"unknown zoo mode {mode!r}: use one of {', '.join(MODES)}")
    model, inputs = ZOO[arch](device)
    if mode == "inference_bf16":
        model = model.to(torch.bfloat16)
        inputs = [x.to(torch.bfloat16) if x.is_floating_point() else x for x in inputs]
    torch._dynamo.reset()
    collected = collect_tasks(model, inputs, training=mode == "training", dynamic=True if mode == "dynamic" else None)
    return [region_task(item.task, arch, mode) for item in collected.tasks]  # coarse and fine levels


def all_zoo_jobs() -> Iterator[tuple[str, str]]:
    for arch in ZOO:
        for mode in MODES:
            yield arch, mode
