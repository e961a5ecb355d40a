"""Collect a model's region tasks without searching (for `autotriton tasks`, warmup and training data).

Kept apart from the backend so collecting tasks needs only inductor and the partitioner, not the
kernel cache.
"""
from __future__ import annotations

from typing import Any, Callable

import torch
import torch.fx as fx
from torch._inductor.compile_fx import compile_fx
from torch._inductor.custom_graph_pass import CustomGraphPass

from .partition import find_regions
from .region_task import region_to_task
from .task import KernelTask


class TaskCollector(CustomGraphPass):
    """Post-grad pass that only records each region's task (for `autotriton tasks` and warmup)."""

    def __init__(self) -> None:
        self.tasks: dict[str, tuple[KernelTask, str]] = {}  # key -> (task, device)

    def uuid(self) -> None:
        return None  # never served from inductor's cache: the pass must run to see the regions

    def __call__(self, graph: fx.Graph) -> None:
        for index, region in enumerate(find_regions(graph)):
            task = region_to_task(region, f"region{len(self.tasks)}_{index}")
            device = str(region.inputs[0].meta["val"].device) if region.inputs else "cpu"
            self.tasks.setdefault(task.key, (task, device))


def collect_tasks(model: Callable, example_inputs: list[Any], training: bool = False,
                  dynamic: bool | None = None) -> list[tuple[KernelTask, str]]:
    """The distinct region tasks of `model` on these inputs, with the device each runs on, without searching.

    With `training=True` a backward pass runs too, so backward regions are collected as well.
    `dynamic` is torch.compile's: compile the model the way it will be deployed, or the keys differ.
    """
    collector = TaskCollector()
    compiled = torch.compile(
        model, dynamic=dynamic,
        backend=lambda gm, inputs: compile_fx(gm, inputs, config_patches={"post_grad_custom_pre_pass": collector}),
    )
    if training:
        outputs = compiled(*example_inputs)
        first = outputs[0] if isinstance(outputs, (tuple, list)) else outputs
        first.float().sum().backward()
    else:
        with torch.no_grad():
            compiled(*example_inputs)
    return list(collector.tasks.values())
