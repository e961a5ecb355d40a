"""`torch.compile(model, backend="autotriton")`: inductor plus verified LLM-written kernels.

Inductor compiles the graph as usual; our post-grad pass (`KernelPass`) finds regions,
looks their tasks up in the kernel cache (searching for misses in search mode), and splices
winners in as custom ops. Any failure in our code leaves the region, or the whole graph,
to inductor with one warning line, unless `strict` is set.
"""
from __future__ import annotations

import hashlib
import json
import os
import statistics
import warnings
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable

import torch
import torch.fx as fx
from torch._dynamo.exc import RestartAnalysis
from torch._inductor.compile_fx import compile_fx
from torch._inductor.custom_graph_pass import CustomGraphPass
from torch._inductor.pattern_matcher import stable_topological_sort

from cache.environment import environment_key
from cache.store import KernelCache

from .options import BackendOptions
from .partition import Region, find_regions
from .region_task import region_to_task
from .report import RegionRecord, compile_report
from .resolve import resolve
from .searching import Searcher, load_searcher
from .splice import kernel_op, splice
from .task import KernelTask

PASS_VERSION = "autotriton-pass/1"


def autotriton(gm: fx.GraphModule, example_inputs: list[Any], **kwargs: Any) -> Callable:
    """The dynamo backend; `options=` comes from `torch.compile(..., options={...})`."""
    options = BackendOptions.resolve(kwargs.pop("options", None))
    if kwargs:
        raise ValueError(f"unexpected arguments to the autotriton backend: {sorted(kwargs)}; pass options={{...}}")
    if options.mode == "off":
        return compile_fx(gm, example_inputs)
    try:
        graph_pass = KernelPass(options)
        graph_pass.register_cached_kernels(example_inputs)
        compiled = compile_fx(gm, example_inputs, config_patches={"post_grad_custom_pre_pass": graph_pass})
    except RestartAnalysis:
        raise  # dynamo's own control flow (e.g. re-tracing with other specialisations), not a failure
    except Exception as exc:
        if options.strict:
            raise
        _warn(f"compiling with spliced kernels failed ({type(exc).__name__}: {exc}); this graph uses plain inductor")
        return compile_fx(gm, example_inputs)
    if options.report:
        print(compile_report().table())
    if graph_pass.spliced and options.model_guard and _on_gpu(example_inputs):
        try:
            return _faster(compiled, compile_fx(gm, example_inputs), example_inputs)
        except RestartAnalysis:
            raise
        except Exception as exc:
            if options.strict:
                raise
            _warn(f"the model guard failed ({type(exc).__name__}: {exc}); this graph uses plain inductor")
            return compile_fx(gm, example_inputs)
    return compiled


class KernelPass(CustomGraphPass):
    """Post-grad pass: regions -> tasks -> cache (or search) -> spliced custom ops."""

    def __init__(self, options: BackendOptions) -> None:
        self.options = options
        self.cache = KernelCache(options.cache_dir)
        self.module_dir = Path(self.cache.directory) / "modules"
        self.spliced = 0
        self._searcher: Searcher | None = None
        self._bypass_fx_cache = False

    def register_cached_kernels(self, example_inputs: list[Any]) -> None:
        """Define the ops of cached winners up front: inductor's FX cache may serve code calling them without running this pass."""
        devices = {str(x.device) for x in example_inputs if isinstance(x, torch.Tensor)} or {"cpu"}
        environments = {environment_key(d) for d in devices}
        for entry in self.cache.entries():
            if entry.is_winner and entry.environment in environments and entry.task and _can_run(entry.environment):
                try:
                    kernel_op(KernelTask.from_json(entry.task), entry.source, self.module_dir)
                except Exception as exc:  # a cached graph might call this op: make inductor run the pass instead
                    self._bypass_fx_cache = True
                    _warn(f"cached kernel {entry.key[:12]} cannot be loaded ({type(exc).__name__}: {exc}); skipping it")

    def uuid(self) -> str | None:
        """Changes whenever the options or the cached winners do, so inductor's FX cache never serves stale code."""
        if self._bypass_fx_cache:
            return None
        winners = sorted((e.key, e.source_sha256 or "-") for e in self.cache.entries())
        payload = json.dumps([PASS_VERSION, asdict(self.options), winners], sort_keys=True, default=str)
        return hashlib.sha256(payload.encode()).hexdigest()

    def __call__(self, graph: fx.Graph) -> None:
        report = compile_report()
        report.graphs += 1
        try:
            plans = self._plan(graph, report.graphs)
        except Exception as exc:
            if self.options.strict:
                raise
            _warn(f"region search failed ({type(exc).__name__}: {exc}); the graph stays with inductor")
            return
        replaced: dict[fx.Node, fx.Node] = {}
        for region, op in plans:
            splice(graph, region, op, replaced)
        if plans:
            stable_topological_sort(graph)
            graph.lint()
            self.spliced += len(plans)

    def _plan(self, graph: fx.Graph, graph_index: int) -> list[tuple[Region, Callable]]:
        plans = []
        for index, region in enumerate(find_regions(graph)):
            record = RegionRecord(graph_index, f"g{graph_index}r{index}", len(region.nodes), "", "failed", detail=region.kind)
            compile_report().records.append(record)
            try:
                task = region_to_task(region, record.region)
                record.task_key = task.key
                device = str(region.inputs[0].meta["val"].device) if region.inputs else "cpu"
                if not _can_run(device):
                    record.status = "needs-interpreter"
                    _warn_once("CPU regions run Triton kernels only when TRITON_INTERPRET=1 is set before start; "
                               "they stay with inductor")
                    continue
                resolution = resolve(task, device, self.cache, self.options, self._searcher_or_none)
                record.status, record.detail, entry = resolution.status, resolution.detail, resolution.entry
                if entry is not None and entry.source is not None:
                    plans.append((region, kernel_op(task, entry.source, self.module_dir)))
                    record.speedup_vs_inductor = entry.speedup_vs_inductor
            except Exception as exc:
                if self.options.strict:
                    raise
                record.status, record.detail = "failed", f"{type(exc).__name__}: {exc}"
                _warn(f"region {record.region} falls back to inductor: {record.detail}")
        return plans

    def _searcher_or_none(self) -> Searcher | None:
        if self.options.engine is None:
            _warn_once("search mode has no engine (set AUTOTRITON_ENGINE or options={'engine': ...}); "
                       "regions without a cached kernel stay with inductor")
            return None
        if self._searcher is None:
            self._searcher = load_searcher(self.options)
        return self._searcher


def _can_run(device: str) -> bool:
    """Triton kernels run on CPU tensors only through the interpreter, which must be on from the start."""
    return not device.startswith("cpu") or os.environ.get("TRITON_INTERPRET") == "1"


def _on_gpu(example_inputs: list[Any]) -> bool:
    return any(isinstance(x, torch.Tensor) and x.is_cuda for x in example_inputs)


def _faster(with_kernels: Callable, baseline: Callable, example_inputs: list[Any]) -> Callable:
    """Model-level guard: keep the spliced graph only if it beats plain inductor as a whole."""
    from triton.testing import do_bench

    times: dict[str, list[float]] = {"kernels": [], "inductor": []}
    with torch.no_grad():
        for _ in range(3):
            for name, fn in (("kernels", with_kernels), ("inductor", baseline)):
                times[name].append(do_bench(lambda: fn(*example_inputs), warmup=25, rep=100, return_mode="median"))
    kernels, inductor = statistics.median(times["kernels"]), statistics.median(times["inductor"])
    compile_report().graph_guards.append((kernels, inductor))
    if kernels < inductor:
        return with_kernels
    _warn(f"spliced kernels made this graph slower ({kernels:.4f} ms vs {inductor:.4f} ms for inductor); dropped them")
    return baseline


_warned: set[str] = set()


def _warn(message: str) -> None:
    warnings.warn(f"autotriton: {message}", RuntimeWarning, stacklevel=3)


def _warn_once(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        _warn(message)
