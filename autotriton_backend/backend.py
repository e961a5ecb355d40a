"""`torch.compile(model, backend="autotriton")`: inductor plus verified LLM-written kernels.

Inductor compiles the graph as usual; our post-grad pass (`KernelPass`) finds regions,
looks their tasks up in the kernel cache (searching for misses in search mode), and splices
winners in as custom ops. Any failure in our code leaves the region, or the whole graph,
to inductor with one warning line, unless `strict` is set. A cache key file unfit to use
(cache/auth.py: a link, another owner, readable by others, not a key) is such a failure: every
graph compiles with plain inductor, no cached kernel is loaded, and its message is warned once
per process (`strict` raises KeyFileError).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable, Protocol

import torch
import torch.fx as fx
from torch._dynamo.exc import RestartAnalysis
from torch._inductor.compile_fx import compile_fx
from torch._inductor.custom_graph_pass import CustomGraphPass
from torch._inductor.pattern_matcher import stable_topological_sort

from cache.auth import KeyFileError
from cache.environment import environment_key
from cache.graph_records import GraphRecord, GraphRecords, GuardDecision, SplicedTask
from cache.store import CacheEntry, KernelCache

from .announce import one_line, warn, warn_once
from .collect import region_label
from .engine_spec import NO_ENGINE, no_engine_reason
from .options import BackendOptions
from .partition import FINE, Region, coverage, find_regions
from .region_task import region_to_task
from .report import RegionRecord, compile_report
from .resolve import resolve
from .searching import EngineUnavailable, Searcher, load_searcher
from .splice import check_returns, eager_op, kernel_op, splice
from .task import KernelTask
from .verifier.defaults import DEFAULT_DTYPE, judged_default_dtype
from .verifier.timing import interleaved_medians

PASS_VERSION = "autotriton-pass/3"  # coarse then fine regions, eager as a choice, graph records (signed since /3)
log = logging.getLogger("autotriton.backend")


class GraphTimer(Protocol):
    """Times a graph with spliced kernels against plain inductor, for the model guard."""

    def can_time(self, example_inputs: list[Any]) -> bool: ...

    def time(self, with_kernels: Callable, baseline: Callable, example_inputs: list[Any]) -> tuple[float, float]: ...


class GpuTimer:
    """Interleaved medians on the GPU; nothing is timed elsewhere (the interpreter's times mean nothing).

    Runs in the user's process, after inductor returned (not inside our pass): it times the compiled
    graphs themselves, which no other process holds.
    """

    def can_time(self, example_inputs: list[Any]) -> bool:
        return any(isinstance(x, torch.Tensor) and x.is_cuda for x in example_inputs)

    def time(self, with_kernels: Callable, baseline: Callable, example_inputs: list[Any]) -> tuple[float, float]:
        ms = interleaved_medians({"kernels": with_kernels, "inductor": baseline}, {"example": list(example_inputs)})
        return ms["kernels"], ms["inductor"]


def autotriton(gm: fx.GraphModule, example_inputs: list[Any], **kwargs: Any) -> Callable:
    """The dynamo backend; `options=` comes from `torch.compile(..., options={...})`."""
    options = BackendOptions.resolve(kwargs.pop("options", None))
    if kwargs:
        raise ValueError(f"unexpected arguments to the autotriton backend: {sorted(kwargs)}; pass options={{...}}")
    return compile_graph(gm, example_inputs, options, GpuTimer())


def compile_graph(gm: fx.GraphModule, example_inputs: list[Any], options: BackendOptions, timer: GraphTimer) -> Callable:
    """Inductor with the kernel pass; a warm compile reuses the graph's record (no re-search, no re-timing)."""
    if options.mode == "off":
        return compile_fx(gm, example_inputs)
    try:
        graph_pass = KernelPass(options, graph_key(gm, example_inputs, options))
        if graph_pass.record.guard is not None and not graph_pass.record.guard.kernels_win and options.model_guard:
            return compile_fx(gm, example_inputs)  # decided before: the kernels lost to inductor on this graph
        compiled = compile_fx(gm, example_inputs, config_patches={"post_grad_custom_pre_pass": graph_pass})
        if not graph_pass.ran:  # inductor's cached code for this record: it calls the kernels the record spliced
            compile_report().from_inductor_cache.append(len(graph_pass.record.spliced))
        _warn_stale(graph_pass.record.stale_kernels())
    except RestartAnalysis:
        raise  # dynamo's own control flow (e.g. re-tracing with other specialisations), not a failure
    except Exception as exc:
        if options.strict:
            raise
        if isinstance(exc, KeyFileError):  # the key cannot be trusted: no cached kernel is loaded, said once
            problem = one_line(exc)
            warn_once(f"{problem}; until then every graph compiles with plain inductor")
        else:
            problem = f"compiling with spliced kernels failed ({type(exc).__name__}: {one_line(exc)})"
            warn(f"{problem}; this graph uses plain inductor")
        compile_report().problems.append(problem)
        if options.report:
            print(compile_report().table())
        return compile_fx(gm, example_inputs)
    if options.report:
        print(compile_report().table())
    if graph_pass.record.spliced and options.model_guard and timer.can_time(example_inputs):
        try:
            return graph_pass.guarded(compiled, lambda: compile_fx(gm, example_inputs), example_inputs, timer)
        except RestartAnalysis:
            raise
        except Exception as exc:
            if options.strict:
                raise
            warn(f"the model guard failed ({type(exc).__name__}: {exc}); this graph uses plain inductor")
            return compile_fx(gm, example_inputs)
    return compiled


def graph_key(gm: fx.GraphModule, example_inputs: list[Any], options: BackendOptions) -> str:
    """The graph's identity for its record: code, input metadata, grad mode, options, environment."""
    def describe(x: Any) -> Any:
        if isinstance(x, torch.Tensor):
            return [str(tuple(x.shape)), str(x.stride()), str(x.dtype), str(x.device), x.requires_grad]
        return [type(x).__name__, str(x)]

    payload = [PASS_VERSION, gm.code, [describe(x) for x in example_inputs], torch.is_grad_enabled(),
               asdict(options), environment_key(_device_of(example_inputs))]
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


class KernelPass(CustomGraphPass):
    """Post-grad pass: regions -> tasks -> cache (or search) -> spliced custom ops, coarse then fine.

    Its decisions for the graph live in a GraphRecord: while the record holds, the uuid (inductor's
    FX-cache key) is the record's token, the recorded ops are registered up front (inductor may serve
    cached code calling them without running this pass), and the guard's decision is reused.
    """

    def __init__(self, options: BackendOptions, key: str) -> None:
        self.options = options
        self.cache = KernelCache(options.cache_dir)
        self.records = GraphRecords(self.cache.directory)
        self.key = key
        self._searcher: Searcher | None = None
        self._engine_failure = ""
        self._bypass_fx_cache = False
        self.ran = False  # inductor serves code from its own cache without running this pass
        self.record = self._recorded()

    def _recorded(self) -> GraphRecord:
        """The graph's record if every state in it still holds (its ops registered), else a fresh one."""
        record = self.records.get(self.key)
        if record is None or not record.holds(self.cache):
            return GraphRecord()  # a new token: inductor's cached code for the old decisions is not used
        for spliced in record.spliced:
            entry = self.cache.get(spliced.task_key, spliced.environment)
            try:
                if entry is None or entry.task is None or not entry.is_winner:
                    raise ValueError("its cache entry is gone")
                _entry_op(entry, self.cache.directory)
            except Exception as exc:  # a cached graph might call this op: make inductor run the pass instead
                self._bypass_fx_cache = True
                warn(f"cached kernel {spliced.task_key[:12]} cannot be loaded ({type(exc).__name__}: {exc}); skipping it")
        return record

    def uuid(self) -> str | None:
        """The record's token: new whenever a recorded decision no longer holds, so stale code is never served."""
        if self._bypass_fx_cache:
            return None
        payload = json.dumps([PASS_VERSION, asdict(self.options), self.record.token], sort_keys=True, default=str)
        return hashlib.sha256(payload.encode()).hexdigest()

    def __call__(self, graph: fx.Graph) -> None:
        self.ran = True
        report = compile_report()
        report.graphs += 1
        try:
            regions = find_regions(graph)
            report.coverage.append(coverage(graph, regions))
            plans = self._plan(regions, report.graphs)
        except Exception as exc:
            if self.options.strict:
                raise
            warn(f"region search failed ({type(exc).__name__}: {exc}); the graph stays with inductor")
            return
        replaced: dict[fx.Node, fx.Node] = {}
        for region, op in plans:
            splice(graph, region, op, replaced)
        if plans:
            stable_topological_sort(graph)
            graph.lint()
        self.records.put(self.key, self.record)

    def guarded(self, compiled: Callable, baseline: Callable[[], Callable], example_inputs: list[Any],
                timer: GraphTimer) -> Callable:
        """Model-level guard: keep the spliced graph only if it beats plain inductor as a whole; decided once per record."""
        decision = self.record.guard
        if decision is None:
            kernels, inductor = timer.time(compiled, baseline(), example_inputs)
            decision = GuardDecision(kernels < inductor, kernels, inductor)
            self.record.guard = decision
            self.records.put(self.key, self.record)
        compile_report().graph_guards.append((decision.kernels_ms, decision.inductor_ms))
        if decision.kernels_win:
            return compiled
        warn(f"spliced kernels made this graph slower ({decision.kernels_ms:.4f} ms vs "
             f"{decision.inductor_ms:.4f} ms for inductor); dropped them")
        return baseline()

    def _plan(self, regions: list[Region], graph_index: int) -> list[tuple[Region, Callable]]:
        """Coarse first: a region's fine parts are tried only where its coarse task found no winner."""
        plans = []
        log.info("graph %d: %d region(s): %s", graph_index, len(regions), ", ".join(map(region_label, regions)))
        for index, region in enumerate(regions):
            where = f"region {index + 1}/{len(regions)} of graph {graph_index}"
            op = self._resolve(region, where, region.level)
            if op is not None:
                plans.append((region, op))
                continue
            for part in region.fine:
                op = self._resolve(part, f"a part of {where}", FINE)
                if op is not None:
                    plans.append((part, op))
        return plans

    def _resolve(self, region: Region, where: str, level: str) -> Callable | None:
        """The op to splice for one region (a kernel or its eager ops), or None to leave it to inductor."""
        label = region_label(region)
        record = RegionRecord(compile_report().graphs, label, len(region.nodes), "", "error", detail=region.kind,
                              level=level)
        compile_report().records.append(record)
        try:
            task = region_to_task(region, label)
            record.task_key = task.key
            device = str(region.inputs[0].meta["val"].device) if region.inputs else "cpu"
            if not _can_run(device):
                record.status, record.detail = "needs-interpreter", "CPU region: set TRITON_INTERPRET=1 before start"
                warn_once("CPU regions run Triton kernels only when TRITON_INTERPRET=1 is set before start; "
                          "they stay with inductor")
                return None
            searcher = lambda: self._searcher_for(f"{where} ({label}, {level})")  # noqa: E731
            resolution = resolve(task, device, self.cache, self.options, searcher, level)
            record.status, record.detail, entry = resolution.status, resolution.detail or record.detail, resolution.entry
            log.info("region %s (task %s, %s): %s %s", label, task.key[:12], level, record.status, record.detail)
            environment = environment_key(device)
            self.record.note(task.key, environment, self.cache.get(task.key, environment))
            if entry is None or entry.source is None:
                return None
            op = _entry_op(entry, self.cache.directory, task)
            check_returns(op, region)
            if not entry.is_eager and not judged_default_dtype():
                warn_once(f"the default dtype is {torch.get_default_dtype()}; kernels run only under the "
                          f"{DEFAULT_DTYPE} they were judged under, so spliced kernel regions run their own ops "
                          "(eager) while it holds")
            record.choice = "eager" if entry.is_eager else "kernel"
            record.spliced = True
            record.speedup_vs_inductor = entry.speedup_vs_inductor
            self.record.spliced.append(SplicedTask(task.key, environment, level))
            return op
        except Exception as exc:
            if self.options.strict:
                raise
            record.status, record.detail = "error", f"{type(exc).__name__}: {exc}"
            warn(f"region {record.region} falls back to inductor: {record.detail}")
            return None

    def _searcher_for(self, what: str) -> Searcher | None:
        """The searcher for a cache miss (built once), announcing the search: it may take minutes."""
        if self.options.search_engine is None:
            if self.options.engine != NO_ENGINE:  # engine="none" was asked for: nothing to warn about
                warn_once(f"search mode has no engine: {no_engine_reason(self.options.engine)}; "
                          "regions without a cached kernel stay with the faster of eager and inductor")
            return None
        if self._engine_failure:
            raise EngineUnavailable(self._engine_failure)
        if self._searcher is None:
            try:
                self._searcher = load_searcher(self.options)
            except Exception as exc:  # once per compile: every later region reports the same failure
                self._engine_failure = f"engine {self.options.engine!r} cannot start: {one_line(exc)}"
                warn(f"{self._engine_failure}; regions without a cached kernel stay with the faster of eager "
                     "and inductor")
                raise EngineUnavailable(self._engine_failure) from exc
        print(f"autotriton: searching a kernel for {what} with {self.options.engine} "
              f"(up to {self.options.search_seconds:g} s)", file=sys.stderr, flush=True)
        return self._searcher


def _entry_op(entry: CacheEntry, cache_directory: Path, task: KernelTask | None = None) -> Callable:
    """The custom op a winning entry splices in: its kernel, or the region's own ops. A kernel refused at call time
    (`splice._Fallback`) has its entry marked refused in the cache it came from (`_mark_refused`)."""
    task = task or KernelTask.from_json(entry.task)
    if entry.is_eager:
        return eager_op(task)
    return kernel_op(task, entry.source, on_refused=lambda reason: _mark_refused(cache_directory, entry, reason))


def _mark_refused(cache_directory: Path, entry: CacheEntry, reason: str) -> str:
    """Mark `entry`'s kernel refused (`KernelCache.refuse_kernel`, signed as entries are): an access outside its
    arguments or a write to an input in the user's process is the kernel's own doing, not a transient failure, so the
    next process must not splice it. Returns the clause the announcement ends with."""
    with KernelCache(cache_directory) as cache:
        marked = cache.refuse_kernel(entry.task_key, entry.environment, entry.source_sha256 or "", reason)
    if marked:
        return (f"and its cache entry is marked refused: no later compile splices it (`autotriton cache show "
                f"{entry.task_key[:12]}`)")
    return "and its cache entry, changed since it was loaded, is left as it is"


def _device_of(example_inputs: list[Any]) -> str:
    return next((str(x.device) for x in example_inputs if isinstance(x, torch.Tensor)), "cpu")


def _can_run(device: str) -> bool:
    """Triton kernels run on CPU tensors only through the interpreter, which must be on from the start."""
    return not device.startswith("cpu") or os.environ.get("TRITON_INTERPRET") == "1"


def _warn_stale(count: int) -> None:
    """One line per compiled graph (its record counts them, whether the pass ran or inductor served its code)."""
    if count:
        warn(f"{count} cached kernel(s) for this graph were judged by another verifier (autotriton was upgraded "
             "since) and are not used: their regions stay with inductor; run `autotriton cache verify --all` to "
             "judge them again")
