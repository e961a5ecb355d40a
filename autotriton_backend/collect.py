"""Collect a model's region tasks without searching (for `autotriton tasks`, warmup and training data).

Kept apart from the backend so collecting tasks needs only inductor and the partitioner, not the
kernel cache (the GPU machine that makes training data has no diskcache).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import torch
import torch.fx as fx
from torch._inductor.compile_fx import compile_fx
from torch._inductor.custom_graph_pass import CustomGraphPass

from .partition import FINE, Coverage, Region, coverage, find_regions
from .region_task import region_to_task
from .task import KernelTask


LAYOUT_OPS = frozenset({"permute", "view", "_unsafe_view", "reshape", "t", "transpose", "expand", "clone",
                        "squeeze", "unsqueeze", "contiguous"})


def region_label(region: Region) -> str:
    """A readable name for a region: its distinct ATen ops in graph order, e.g. `addmm+mul+erf`."""
    names = []
    for node in region.nodes:
        if node.op == "call_function":
            name = getattr(getattr(node.target, "_overloadpacket", None), "__name__", None) or getattr(
                node.target, "__name__", str(node.target))
            if name not in names:
                names.append(name)
    names = [n for n in names if n not in LAYOUT_OPS] or names  # what it computes, not how it is laid out
    shown = "+".join(names[:4]) or region.kind.lower()
    return shown + (f"+{len(names) - 4} more" if len(names) > 4 else "")


@dataclass
class CollectedTask:
    """A region's task: `level` is coarse or fine; a fine task lists the coarse tasks it refines."""

    task: KernelTask
    device: str
    level: str
    parents: tuple[str, ...] = ()


@dataclass
class TaskCollection:
    tasks: list[CollectedTask]  # distinct by key, each coarse task before its fine ones
    coverage: list[Coverage]  # per graph


class TaskCollector(CustomGraphPass):
    """Post-grad pass that only records each region's tasks, coarse and fine (for `autotriton tasks` and warmup)."""

    def __init__(self) -> None:
        self.tasks: dict[str, CollectedTask] = {}
        self.coverage: list[Coverage] = []

    def uuid(self) -> None:
        return None  # never served from inductor's cache: the pass must run to see the regions

    def __call__(self, graph: fx.Graph) -> None:
        regions = find_regions(graph)
        self.coverage.append(coverage(graph, regions))
        for region in regions:
            device = str(region.inputs[0].meta["val"].device) if region.inputs else "cpu"
            top = self._add(region_to_task(region, region_label(region)), device, region.level, ())
            for part in region.fine:
                self._add(region_to_task(part, region_label(part)), device, FINE, (top,))

    def _add(self, task: KernelTask, device: str, level: str, parents: tuple[str, ...]) -> str:
        known = self.tasks.setdefault(task.key, CollectedTask(task, device, level, parents))
        known.parents = tuple(dict.fromkeys(known.parents + parents))
        return task.key


def collect_tasks(model: Callable, example_inputs: list[Any], training: bool = False,
                  dynamic: bool | None = None) -> TaskCollection:
    """The distinct region tasks of `model` on these inputs (coarse and fine), without searching.

    With `training=True` a backward pass runs too, so backward regions are collected as well.
    `dynamic` is torch.compile's: compile the model the way it will be deployed, or the keys differ.
    Each call compiles the model afresh under a backend of its own, after `torch._dynamo.reset()`: without it the
    ninth call on one model in a process passed dynamo's recompile limit and collected nothing, silently (other
    compiled functions in the process recompile on their next call).
    """
    torch._dynamo.reset()
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
    return TaskCollection(list(collector.tasks.values()), collector.coverage)
