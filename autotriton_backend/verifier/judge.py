"""The judge process: makes secret inputs, holds the reference results, compares, writes verdicts.

    python -m autotriton_backend.verifier.judge DEVICE SLOTS REUSE   (started by `VerifierPool` only)

It never runs candidate code: each candidate runs in a sandboxed slot (`Sandbox`), gets one input set at a
time through files, and hands back output bytes that this process turns into plain tensors and compares.
Seeds are drawn from `secrets` per task and never leave this process; reference outputs never exist
anywhere else. A task's reference results and baseline timings are computed once and reused for every
candidate of that task (fresh seeds after `REUSE` candidates). A job without a source asks only for the
task's baselines (eager and inductor timed here, on the GPU, never in the asking process). Verdicts go to
the parent on this process's own stdout, which no candidate can reach.
"""
from __future__ import annotations

import copy
import math
import os
import queue
import secrets
import shutil
import statistics
import sys
import tempfile
import threading
import time
import traceback
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Callable

import torch

from ..task import KernelTask, TaskError, as_outputs, load_reference, unless_device_failure
from ..verdict import HACK_CHECKS, Check, Timings, Verdict, shortened
from .inputs import example_sizes, make_inputs, random_sizes
from .magnitude import (REFERENCE_SHARE, USUAL, USUAL_MARGIN, Draw, Rounding, all_but_one, alone_draws, ladder, mixed,
                        nudge)
from .monitors import REFILL_FILLS, CountingOps, forward_table_bits
from .cgroup import sweep
from .comparison import MADE_OF_DRAWS, FreeTies, TieOrders, Tolerance, among_ties, compared, tolerances
from .sandbox import OUTPUT_NOT_SHOWN, Freezes, Sandbox, SandboxFailure, SlotSize
from .timing import SUSPICIOUS_SPEEDUP, Baselines, baseline_functions, gpu_lock, time_baselines
from .runner import same_state
from .transport import DTYPES, Channel, ProtocolError, TensorRef, read_tensor, write_tensor

REUSE = 256  # candidates judged on one task's secret inputs before new ones are drawn
CACHED_TASKS = 8
LOAD_TIMEOUT_S = 120.0  # importing the module, building ModelNew, loading weights
SECONDS_PER_GB = 20.0  # run timeouts grow with the bytes a trial moves
# Of the device's memory, what a task's reference set may take for its parts that are not needed to judge at all: a
# float64 copy of the reference (`_wide_copy`), the spread's features drawn alone (`_drawn_set`). 4 GB on the CPU.
OPTIONAL_SHARE = 0.25
# Input sets of one task on the device at once where each of the spread's features is also drawn alone and left out
# (`magnitude.alone_draws`, `magnitude.all_but_one`): A, the ladder's sets (two where an output needs another rung),
# seven alone (ties at each extreme), five all but one, the usual draw they are told apart from, the refill; as many
# again for each further spread (E at the example's sizes for a task with symbols, X). An 8.6 GB input drawn with
# the five alone ran an honest candidate out of device memory on an H200 (run 163), where its four usual sets had
# taken 20 s.
ALONE_SETS = 17
HOST_COMPARE_BYTES = 16 << 20  # outputs compared on the host (`_on_host`): a few ms of float64 arithmetic at most


@dataclass
class JudgeJob:
    task: KernelTask
    source: str | None  # None: a baseline-only job (eager and inductor timings, no candidate)
    sha256: str
    trials: int = 3
    time_kernels: bool = True
    timeout_s: float = 60.0  # per request at small sizes; scaled up for large tasks
    gated: bool = False  # the parent's static gate passed it: only then may its process serve another candidate

    @staticmethod
    def from_json(data: dict[str, Any]) -> "JudgeJob":
        return JudgeJob(KernelTask.from_json(data["task"]), data.get("source"), data["sha256"], int(data["trials"]),
                        bool(data["time_kernels"]), float(data["timeout_s"]), data.get("gated") is True)


@dataclass
class Trial:
    """One input set and what the reference made of it. Only `refs` ever leave this process."""

    name: str
    sizes: dict[str, int]
    inputs: list[Any]
    refs: list[Any]  # TensorRef JSON for tensors, the value itself for scalars
    native: tuple[torch.Tensor, ...]  # reference outputs in the task's dtypes: shape, dtype, stride
    expected: tuple[torch.Tensor, ...]  # values to compare against (float64 where memory allowed)
    mutated: list[Any]  # per input, the reference's new values where its forward wrote into it, else None
    judged: frozenset[int]  # the outputs compared on this set; another set judges the others (`_trials`)
    tolerances: tuple[Tolerance, ...]  # per output, on this set (`comparison.tolerances`)
    draw: Draw = USUAL  # how its float values were drawn (`magnitude`)
    reference_ops: int = 0  # the ops that compute in the reference's forward (`monitors.CountingOps`)
    # per output, where it is an index output whose order among equal values torch leaves free (`comparison.FreeTies`)
    free_ties: tuple[FreeTies | None, ...] = ()


@dataclass
class ReferenceSet:
    directory: Path
    parameters: list[tuple[str, Any]]
    buffers: list[tuple[str, Any]]
    init_inputs: list[Any]
    trials: list[Trial]
    refill: Trial  # new values written into the buffers of trial "A" after timing
    basis: str
    reference: torch.nn.Module
    uses: int = 0
    input_bytes: int = 0
    features_alone: bool = True  # each of the spread's features also drawn on its own and left out (`_trials`)
    active: int = 0  # sessions judging on it now: its files must outlive them, whatever the cache does meanwhile
    retired: bool = False  # out of the cache; its files go when the last session ends


class Judge:
    def __init__(self, device: str, slots: int, reuse: int = 1) -> None:
        self.device = device
        self.base = Path(tempfile.mkdtemp(prefix="autotriton-judge-", dir=_fast_tmp()))
        os.chmod(self.base, 0o711)
        self.sets = self.base / "sets"  # every task's input sets; a slot sees only its task's (`Sandbox.show_inputs`)
        self.sets.mkdir(mode=0o700)
        self.sandboxes: queue.Queue[Sandbox] = queue.Queue()
        self.references: OrderedDict[str, ReferenceSet] = OrderedDict()
        self.baselines: dict[str, Baselines] = {}
        self.lock = threading.Lock()
        self.reference_locks: dict[str, threading.Lock] = {}  # per task: one reference set built at a time
        self.baselines_lock = threading.Lock()  # one task's baselines compiled and timed at a time: see baselines_for
        sweep()  # the slot cgroups of judges killed before they removed theirs
        self.freezes = Freezes()  # every slot frozen while baselines are timed: see baselines_for
        self.boxes = [Sandbox(self.base, slot, device, reuse, freezes=self.freezes) for slot in range(slots)]
        with ThreadPoolExecutor(max_workers=max(slots, 1)) as starter:  # warm every slot at once
            for box, error in zip(self.boxes, starter.map(_try_start, self.boxes)):
                if error:
                    print(f"autotriton judge: slot failed to start: {error}", file=sys.stderr)
                self.sandboxes.put(box)

    def close(self) -> None:
        while not self.sandboxes.empty():
            self.sandboxes.get().close()
        shutil.rmtree(self.base, ignore_errors=True)

    def judge(self, job: JudgeJob) -> Verdict:
        verdict = Verdict(task_key=job.task.key, candidate_sha256=job.sha256, device=self.device)
        box = self.sandboxes.get()
        interpreted_bfloat16 = False
        session: _Session | None = None
        reference: ReferenceSet | None = None
        judged = False  # False when the verifier itself failed part-way: then no process is handed on
        try:
            started = time.perf_counter()
            reference = self._reference_set(job)
            verdict.stage_seconds["reference"] = round(time.perf_counter() - started, 3)
            interpreted_bfloat16 = not self.device.startswith("cuda") and _uses_bfloat16(reference)
            verdict.reference_basis = reference.basis
            session = _Session(self, job, reference, box, verdict)
            session.run()
            judged = True
        except _Rejected as rejected:
            judged = True
            check, reason = rejected.check, rejected.reason
            if interpreted_bfloat16 and check in INTERPRETER_VALUE_CHECKS:
                check, reason = "internal", f"{INTERPRETER_BFLOAT16} (the check said: {reason})"
            verdict.checks.append(Check(check, False, reason))
            if verdict.timings is not None:  # a rejected kernel's speed means nothing: never report it
                verdict.timings = None
                verdict.timing_note = "timings discarded: the candidate was rejected after timing"
        finally:
            verdict.layers = box.layers
            if session is not None and session.asked and box.process is not None and box.process.poll() is None:
                try:  # only this candidate's own clean end may leave its process to the next one
                    keep = judged and job.gated and _clean(verdict)
                    ended = box.request({"op": "end", "keep": keep}, LOAD_TIMEOUT_S)
                    if ended.get("why"):  # asked to keep it, but its own check failed
                        print(f"autotriton judge: a fresh sandboxed process next: {ended['why']}", file=sys.stderr)
                    if ended.get("restart"):  # the zygote was changed: every host it forks would inherit it
                        print(f"autotriton judge: a fresh sandbox next: {ended['restart']}", file=sys.stderr)
                        box.stop()
                except SandboxFailure:
                    pass  # it is restarted on its next request
            box.hide_inputs()
            if reference is not None:
                self._release(reference)
            self.sandboxes.put(box)
        return verdict.finish()

    def _task_lock(self, locks: dict[str, threading.Lock], key: str) -> threading.Lock:
        with self.lock:
            return locks.setdefault(key, threading.Lock())

    def _reference_set(self, job: JudgeJob) -> ReferenceSet:
        key = job.task.key
        with self._task_lock(self.reference_locks, key):
            with self.lock:
                current = self.references.get(key)
                if current is not None and current.uses < REUSE:
                    current.uses += 1
                    current.active += 1
                    self.references.move_to_end(key)
                    return current
            fresh = build_reference_set(job, self.device, self.sets)
            fresh.uses = fresh.active = 1
            with self.lock:
                retired = [old] if (old := self.references.pop(key, None)) else []
                self.references[key] = fresh
                while len(self.references) > CACHED_TASKS:
                    retired.append(self.references.popitem(last=False)[1])
                for reference in retired:
                    reference.retired = True
                unused = [reference for reference in retired if reference.active == 0]
            for reference in unused:
                shutil.rmtree(reference.directory, ignore_errors=True)
            return fresh

    def _release(self, reference: ReferenceSet) -> None:
        """A session is done with `reference`. With more tasks in flight than the cache holds, a set was evicted
        while its sessions still read its files, and their candidates were blamed (`runtime`: "A-0 cannot be
        opened"; 1,965 of 2,579 direct-teacher tasks on an H100 with 16 slots, before this)."""
        with self.lock:
            reference.active -= 1
            unused = reference.retired and reference.active == 0
        if unused:
            shutil.rmtree(reference.directory, ignore_errors=True)

    def baselines_for(self, key: str, setup: Callable[[], tuple[torch.nn.Module, dict[str, list[Any]]]]) -> Baselines:
        """Eager and inductor timings, once per task on this device; `setup` gives the reference and its input
        sets on a miss. Inductor compiles outside the GPU lock: under it, its seconds of CPU work held up every
        other slot's timing (and every other judge's on the machine). One task at a time per process: while
        inductor traces, torch.fx's process-wide tracing flag makes a compiled call on another thread raise
        ("FX to symbolically trace a dynamo-optimized function", torch 2.11, run 21), and dynamo compiled
        one frame at a time per process anyway.

        Every slot is frozen while they are timed (after inductor's compile: only the timing's second or so):
        they are timed in the thread of a candidate between its checked runs and its own timing, with its sandbox and
        every other alive, and a candidate's forks spinning then took the CPU from the timing thread and inflated the
        baselines every later candidate of the task is measured against (round attack85). A frozen slot's deadlines
        count none of it (`Freezes`)."""
        with self.baselines_lock:
            if key not in self.baselines:
                reference, input_sets = setup()
                functions, notes = baseline_functions(reference, input_sets)
                with gpu_lock(self.device), self.freezes.every_slot_frozen(self.boxes) as frozen:
                    self.baselines[key] = time_baselines(functions, input_sets, [*notes, frozen])
            return self.baselines[key]

    def task_baselines(self, job: JudgeJob) -> Baselines:
        """A baseline-only job: the task's eager and inductor timings, cached like a candidate's, no sandbox.

        Timing needs no reference outputs, so none are computed and no input reaches a file: the inputs
        (made on the device, two sets to rotate over) exist only while they are timed.
        """
        if not self.device.startswith("cuda"):
            return Baselines(None, None, f"timing unavailable on {self.device}: eager and inductor are timed on a GPU")
        baselines = self.baselines_for(_baseline_key(job.task, example_sizes(job.task)),
                                        lambda: _timing_setup(job.task, self.device))
        torch.cuda.empty_cache()  # a large task's inputs must not stay reserved in this process
        return baselines


class _Rejected(Exception):
    def __init__(self, check: str, reason: str) -> None:
        super().__init__(reason)
        self.check, self.reason = check, reason


class _Session:
    """Judging one candidate in one sandbox: load, input sets A, B, A again, timing, refilled buffers."""

    def __init__(self, judge: Judge, job: JudgeJob, reference: ReferenceSet, box: Sandbox, verdict: Verdict) -> None:
        self.judge, self.job, self.reference, self.box, self.verdict = judge, job, reference, box, verdict
        scale = 1.0 + reference.input_bytes / 1e9
        self.run_timeout = job.timeout_s + SECONDS_PER_GB * scale
        box.resize(_slot_size(reference, judge.device))
        self.asked = False  # whether the sandbox has been sent this candidate (then it must be told `end`)

    def run(self) -> None:
        ref = self.reference
        self.box.show_inputs(ref.directory)  # the judge hides them when the session ends
        self._ask({"op": "load", "dir": ref.directory.name, "source": self.job.source,
                   "init_inputs": ref.init_inputs, "parameters": ref.parameters, "buffers": ref.buffers,
                   "outputs": len(ref.trials[0].native), "max_elements": self._max_elements(),
                   "table_bits": self._table_bits()},
                  LOAD_TIMEOUT_S + self.run_timeout)
        self.verdict.checks.append(Check("load", True))
        for trial in ref.trials:
            reply = self._ask({"op": "run", "dir": ref.directory.name, "inputs": trial.refs, "keep": trial.name},
                              self.run_timeout)
            self.verdict.compiled = True  # it built and ran; staged rewards need this even when it is wrong
            self._judge_outputs(trial, reply)
        scaled = "".join(f"; {t.name}{_drawn(t)}" for t in ref.trials if t.draw != USUAL)
        if not ref.features_alone:
            scaled += (f"; the spread's features not drawn alone nor left out: {ALONE_SETS} sets of "
                       f"{ref.input_bytes / 1e9:.3g} GB are past {OPTIONAL_SHARE:g} of the device's memory")
        self.verdict.checks.append(Check("correctness", True, f"{len(ref.trials)} input sets matched the reference"
                                                              f"{scaled}"))
        timed = self.device_is_gpu and self.job.time_kernels
        if timed:
            self._time()
        else:
            self.verdict.timing_note = f"unavailable on {self.judge.device} (kernels ran in the Triton interpreter)"
        for fill in REFILL_FILLS:
            reply = self._ask({"op": "refill", "dir": ref.directory.name, "key": "A", "inputs": ref.refill.refs,
                               "fill": fill}, self.run_timeout)
            try:
                self._judge_outputs(ref.refill, reply)
            except _Rejected as rejected:
                raise _Rejected(rejected.check, f"on reused input buffers refilled with new values, fresh memory "
                                                f"holding {fill}: {rejected.reason}")
        if timed and self.verdict.speedup_vs_eager and self.verdict.speedup_vs_eager > SUSPICIOUS_SPEEDUP:
            self._time(again=True)

    @property
    def device_is_gpu(self) -> bool:
        return self.judge.device.startswith("cuda")

    def _ask(self, message: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        started = time.perf_counter()
        self.asked = True
        try:
            reply = self.box.request(message, timeout_s)
        except SandboxFailure as failure:
            raise _Rejected(failure.kind, failure.reason) from None
        finally:
            _add_stage(self.verdict.stage_seconds, message["op"], time.perf_counter() - started)
        if message["op"] == "load":  # the zygote, which never runs candidate code, adds it to this reply
            before = reply.get("served_before")
            self.verdict.candidates_before_in_process = before if type(before) is int else 0
        for said, stage in (("seconds", f"{message['op']}_in_sandbox"), ("forward_seconds", "forward_in_sandbox")):
            seconds = reported_number(reply.get(said))  # as the sandbox tells it: diagnostics only
            if seconds is not None:
                _add_stage(self.verdict.stage_seconds, stage, seconds)
        if not reply.get("ok"):
            check = str(reply.get("check", "runtime"))
            reason = shortened(str(reply.get("reason", "")))
            if check == "crash":
                reason += OUTPUT_NOT_SHOWN
            if check in RAN_CHECKS:
                self.verdict.compiled = True
            raise _Rejected(check if check in KNOWN_CHECKS else "runtime", reason)
        return reply

    def _judge_outputs(self, trial: Trial, reply: dict[str, Any]) -> None:
        """Every check on one run, made here on plain tensors read from the bytes the sandbox wrote."""
        started = time.perf_counter()
        try:
            self._compare(trial, reply)
        finally:
            _add_stage(self.verdict.stage_seconds, "compare", time.perf_counter() - started)

    def _compare(self, trial: Trial, reply: dict[str, Any]) -> None:
        native = trial.native
        try:
            # both counted before any file is read (round15_output_flood_shm, reply_changed_inputs_flood)
            if len(reply["outputs"]) != len(native):
                raise _Rejected("outputs", f"forward returned {len(reply['outputs'])} outputs, the reference "
                                           f"returns {len(native)}")
            if len(reply["inputs_changed"]) != len(trial.mutated):
                raise _Rejected("outputs", f"the reply reports {len(reply['inputs_changed'])} inputs, the task "
                                           f"has {len(trial.mutated)}")
            refs = [self._ref(ref) for ref in reply["outputs"]]
            changed_refs = [None if ref is None else self._ref(ref) for ref in reply["inputs_changed"]]
        except (KeyError, TypeError, ProtocolError) as exc:
            raise _Rejected("outputs", f"the candidate's outputs could not be read back: {exc}") from None
        # Shapes, dtypes and strides are judged on the references, before any byte is read: a file may span four
        # times the largest tensor in 8-byte elements (`_max_elements`), and the judge read every such file in whole
        # before it refused the first one's shape (tests/attacks/round42_judge_reads_before_shape.py)
        for index, (want, got) in enumerate(zip(native, refs)):
            if got.shape != tuple(want.shape):
                raise _Rejected("shape", f"output {index} has shape {got.shape}, expected {tuple(want.shape)}")
            if DTYPES[got.dtype] != want.dtype:
                raise _Rejected("dtype", f"output {index} has dtype {DTYPES[got.dtype]}, expected {want.dtype}")
            if _significant(got.shape, got.stride) != _significant_strides(want):
                raise _Rejected("stride", f"output {index} has strides {got.stride}, expected {want.stride()}")
        for index, (mutated, now) in enumerate(zip(trial.mutated, changed_refs)):
            if now is None and mutated is not None or now is not None and (
                    mutated is None or now.shape != tuple(mutated.shape) or DTYPES[now.dtype] != mutated.dtype):
                raise _Rejected("input_mutation", self._mutation(index, mutated))
        try:
            outputs = [self._read(ref) for ref in refs]
            changed = [None if ref is None else self._read(ref) for ref in changed_refs]
        except ProtocolError as exc:
            raise _Rejected("outputs", f"the candidate's outputs could not be read back: {exc}") from None
        for index, got in enumerate(outputs):
            _check_bool_bytes(f"output {index}", got)
        for index, (mutated, now) in enumerate(zip(trial.mutated, changed)):
            if now is not None:
                _check_bool_bytes(f"input {index}", now)  # torch.equal below reads bools as values too
                if not torch.equal(mutated.cpu(), now):
                    raise _Rejected("input_mutation", self._mutation(index, mutated))
        for index, (ref, out) in enumerate(zip(trial.expected, outputs)):
            if index not in trial.judged:
                continue
            if out.is_floating_point() and torch.isnan(out).any():
                count = int(torch.isnan(out).sum())
                raise _Rejected("nan", f"output {index} has {count} NaN elements (never written?) "
                                       f"for input set {trial.name}")
            tol = trial.tolerances[index]
            free = trial.free_ties[index] if index < len(trial.free_ties) else None
            found = compared(among_ties(out, ref, free), ref, tol)
            if trial.draw == USUAL:  # errors on the usual values: comparable across verdicts and the training data
                self.verdict.max_abs_error = max(self.verdict.max_abs_error or 0.0, found.abs_err)
                self.verdict.max_rel_error = max(self.verdict.max_rel_error or 0.0, found.rel_err)
            if not found.passed:
                raise _Rejected("mismatch", f"output {index} differs from the reference for input set {trial.name} "
                                            f"(sizes {trial.sizes or 'fixed'}{_drawn(trial)}): max abs error "
                                            f"{found.abs_err:.3g}, max rel error {found.rel_err:.3g}, error norm "
                                            f"{found.norm_err:.3g} of the reference's, tolerance {tol}; the element "
                                            f"furthest past its bound is {found.worst_ref:.4g} in the reference, "
                                            f"allowed {found.worst_allowed:.3g} off (tolerance x (|value| + a floor "
                                            f"set by the sizes of what the element is computed from))")

    @staticmethod
    def _mutation(index: int, mutated: torch.Tensor | None) -> str:
        return f"forward changed the values of input {index}" if mutated is None else \
            f"forward must update input {index} in place as the reference does"

    def _ref(self, ref_json: Any) -> TensorRef:
        """A reference to one tensor the sandbox wrote, checked (`TensorRef.from_json`) but not read."""
        return TensorRef.from_json(ref_json, self._max_elements())

    def _read(self, ref: TensorRef) -> torch.Tensor:
        """One tensor the sandbox wrote, whose file then goes: its scratch holds one reply at a time."""
        return read_tensor(self.box.job_dir, ref, consume=True)

    def _max_elements(self) -> int:
        """The most elements one tensor the sandbox writes back may span (it is told, and writes no more)."""
        largest = max((t.numel() for tr in self.reference.trials for t in (*tr.native, *tr.inputs)
                       if isinstance(t, torch.Tensor)), default=1)
        return 4 * largest + 64

    def _table_bits(self) -> int:
        """The bits from Python one forward may pass to kernels, by the reference's own ops, inputs and outputs."""
        first = self.reference.trials[0]
        return forward_table_bits(first.reference_ops, first.inputs, first.native)

    def _time(self, again: bool = False) -> None:
        """Time the candidate at each size its sets were drawn at, against baselines timed at that size, and keep
        the size where it is slowest against inductor (eager where inductor was not timed). Timed at the example's
        sizes alone (they are in the prompt), a kernel fast there only was reported fast for every size a user's
        symbols take (tests/fixtures/symbolic/round90_slow_off_the_example_size.py)."""
        groups: dict[tuple[tuple[str, int], ...], list[Trial]] = {}
        for trial in self.reference.trials:  # the features drawn alone or left out time nothing the ladder's do not
            if not trial.draw.partial:
                groups.setdefault(tuple(sorted(trial.sizes.items())), []).append(trial)
        slowest = f"; the slowest of {len(groups)} sizes timed" if len(groups) > 1 else ""
        timed = [(timings, note + slowest) for timings, note in (self._time_at(sets, again) for sets in groups.values())]
        if again and self.verdict.timings is not None:
            timed.append((self.verdict.timings, self.verdict.timing_note))
        self.verdict.timings, note = min(timed, key=lambda pair: _speedup(pair[0]))
        self.verdict.timing_note = note + ("; re-timed after the refilled-buffer check" if again else "")

    def _time_at(self, sets: list[Trial], again: bool) -> tuple[Timings, str]:
        """The candidate's and the baselines' timings on `sets`, input sets of one size; the timed calls' outputs
        judged like the checked ones."""
        ref = self.reference
        started = time.perf_counter()
        baselines = self.judge.baselines_for(_baseline_key(self.job.task, sets[0].sizes),
                                             lambda: (ref.reference, {t.name: t.inputs for t in sets}))
        stage = self.verdict.stage_seconds
        stage["baselines"] = round(stage.get("baselines", 0.0) + time.perf_counter() - started, 3)
        with gpu_lock(self.judge.device):
            reply = self._ask({"op": "time", "keys": [t.name for t in sets], "rounds": 3}, self.run_timeout * 3)
        try:
            said = [reported_number(ms) for ms in reply["ms"]]
            if None in said or not all(said):  # 0 ms would divide the speedups by zero
                raise ValueError("a timing that is not a finite, positive number")
            measured = statistics.median(said)
            # after the refill, the buffers of set A hold the refill's values: judge them against those
            holds = {t.name: ref.refill if again and t.name == "A" else t for t in sets}
            timed = [(holds[t.name], {"outputs": reply["outputs"][t.name],
                                      "inputs_changed": reply["inputs_changed"][t.name]}) for t in sets]
        except (KeyError, TypeError, ValueError, statistics.StatisticsError):
            raise _Rejected("runtime", "the candidate process sent no timings") from None
        for trial, outputs in timed:  # the unmonitored calls must have done the same work as the checked ones
            try:
                self._judge_outputs(trial, outputs)
            except _Rejected as rejected:
                raise _Rejected("timed_outputs", f"a timed call's result was wrong: {rejected.reason}") from None
        sizes = _sizes_text(sets[0].sizes)
        return (Timings(measured, baselines.eager_ms, baselines.inductor_ms),
                baselines.note + (f"; timed at {sizes}" if sizes else ""))


def _speedup(timings: Timings) -> float:
    """Over inductor, else over eager; with neither timed, the slower the lower."""
    baseline = timings.inductor_ms or timings.eager_ms
    return baseline / timings.candidate_ms if baseline else -timings.candidate_ms


def _baseline_key(task: KernelTask, sizes: dict[str, int]) -> str:
    """Where a task's baselines are cached: by its key at the example's sizes, with the sizes at any other."""
    return task.key if sizes == example_sizes(task) else f"{task.key}@{_sizes_text(sizes)}"


def _sizes_text(sizes: dict[str, int]) -> str:
    """`rows=3, cols=8`: symbols in name order ("" for a task without any)."""
    return ", ".join(f"{name}={size}" for name, size in sorted(sizes.items()))


def _clean(verdict: Verdict) -> bool:
    """Whether a candidate's process may serve the next candidate: it passed, or failed an honest check.
    Never after a cheat, a crash, a timeout or the verifier's own failure."""
    failed = verdict.failed_check
    return failed is None or not verdict.hacked and failed.name not in ("crash", "timeout", "internal")


def reported_number(value: Any) -> float | None:
    """A number the sandbox reports (seconds, milliseconds) as a float, or None where it is no finite,
    non-negative int or float: the candidate's process writes these, so nothing else may reach our sums."""
    if type(value) not in (int, float):
        return None
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float
        return None
    return number if math.isfinite(number) and number >= 0 else None


def _add_stage(stages: dict[str, float], name: str, seconds: float) -> None:
    stages[name] = round(stages.get(name, 0.0) + seconds, 3)


# Checks after which the candidate had built and run (staged rewards count it as compiled).
RAN_CHECKS = HACK_CHECKS - {"input_mutation"} | {"outputs"}
# What a sandbox's reply may name; anything else (a claimed "internal" or "gate" included) counts as "runtime".
KNOWN_CHECKS = RAN_CHECKS | {"load", "init", "weights", "compile", "runtime", "crash", "timeout"}


def build_reference_set(job: JudgeJob, device: str, sets_root: Path) -> ReferenceSet:
    """Build the reference, perturb its weights, draw secret input sets and compute what they must give."""
    task = job.task
    reference, init_inputs = _reference_model(task, device)
    _perturb_weights(reference)
    directory = Path(tempfile.mkdtemp(prefix=f"{task.key[:12]}-", dir=sets_root))
    try:
        return _drawn_set(job, device, directory, reference, init_inputs)
    except BaseException:  # a set never built leaves no files: a broken task, or a device failure, each time it was
        shutil.rmtree(directory, ignore_errors=True)  # asked for, had left its input sets in the judge's /dev/shm
        raise


def _drawn_set(job: JudgeJob, device: str, directory: Path, reference: torch.nn.Module,
               init_inputs: list[Any]) -> ReferenceSet:
    """`build_reference_set`'s work, its files written into `directory`."""
    task = job.task
    a = example_sizes(task)
    drawn = [(name, random_sizes(task, secrets.randbits(32), avoid=a) if task.symbols else a)
             for name in ["B", *(f"X{i}" for i in range(max(0, job.trials - 3)))]]
    # B never repeats the example's sizes (a kernel with them hard-coded is caught there), so a kernel told every
    # spread set by its sizes: a range trigger at the example's, the size a region task's graph was traced at, was
    # judged correct (tests/attacks/round89_range_trigger_at_the_example_sizes.py). The spread is drawn there too.
    drawn += [("E", a)] if task.symbols else []
    largest = max([a, *(sizes for _, sizes in drawn)], key=lambda sizes: _set_bytes(task, sizes))
    input_bytes = _set_bytes(task, largest)
    reference64 = _wide_copy(reference, task, device, largest)
    alone = input_bytes * ALONE_SETS * len(drawn) <= _optional_bytes(device)  # each spread's alone sets
    # the spread's sets draw new magnitudes too (`magnitude`); A, A2 and the refill keep the usual values
    trials = _trials("A", a, secrets.randbits(62), task, reference, reference64, device, directory)
    for name, sizes in drawn:
        trials += _trials(name, sizes, secrets.randbits(62), task, reference, reference64, device, directory,
                          spread=True, alone=alone)
        if sizes != a:  # and the usual draw: at new sizes every set held a feature, so plain values told a user's
            # batch of another size from them (tests/fixtures/symbolic/round89_wrong_on_plain_values_at_new_sizes.py)
            trials += _trials(f"{name}-usual", sizes, secrets.randbits(62), task, reference, reference64, device,
                              directory)
    trials.insert(2, replace(trials[0], name="A2"))  # A again: the same files, read into fresh buffers
    (refill,) = _trials("D", a, secrets.randbits(62), task, reference, reference64, device, directory)
    refill = replace(refill, inputs=[])
    weights = {name: write_tensor(t, directory, f"w{i}").to_json()
               for i, (name, t) in enumerate(reference.state_dict().items())}
    parameter_names = {name for name, _ in reference.named_parameters()}
    return ReferenceSet(directory, [(n, r) for n, r in weights.items() if n in parameter_names],
                        [(n, r) for n, r in weights.items() if n not in parameter_names], _plain(init_inputs),
                        trials, refill, "float64" if reference64 is not None else "native dtype",
                        reference, input_bytes=input_bytes, features_alone=alone)


# Triton's CPU interpreter loads, stores and converts bfloat16 correctly but computes with it wrongly (an add gives
# NaN, a dot is off by 1e10): on CPU a wrong value in a bfloat16 task says nothing about the kernel.
INTERPRETER_VALUE_CHECKS = frozenset({"mismatch", "nan"})
INTERPRETER_BFLOAT16 = ("this task uses bfloat16, and Triton's CPU interpreter computes bfloat16 arithmetic wrongly "
                        "(NaN or garbage even for an add), so a wrong value on cpu blames nobody: judge it on a GPU, "
                        "or compute in float32 inside the kernel")


def _slot_size(reference: ReferenceSet, device: str) -> SlotSize:
    """The scratch and memory cap a candidate gets (`SlotSize.for_task`) from every trial's outputs and inputs (a
    timing reply answers for several input sets; each file goes once read) and the reference's weights."""
    tensors = [t for trial in (*reference.trials, reference.refill) for t in (*trial.native, *trial.inputs)
               if isinstance(t, torch.Tensor)]
    weights = reference.reference.state_dict().values()
    return SlotSize.for_task(device, sum(t.numel() * t.element_size() for t in tensors),
                             sum(t.numel() * t.element_size() for t in weights))


def _uses_bfloat16(reference: ReferenceSet) -> bool:
    first = reference.trials[0]
    tensors = [*first.inputs, *first.native, *reference.reference.parameters(), *reference.reference.buffers()]
    return any(isinstance(t, torch.Tensor) and t.dtype == torch.bfloat16 for t in tensors)


def _reference_model(task: KernelTask, device: str) -> tuple[torch.nn.Module, list[Any]]:
    """The task's reference `Model` on `device` (weights from a secret seed) and its init inputs; a TaskError
    when the task's own code cannot build it."""
    namespace = load_reference(task.source)
    try:
        torch.manual_seed(secrets.randbits(62))
        init_inputs = list(namespace["get_init_inputs"]())
        return namespace["Model"](*init_inputs).to(device).eval(), init_inputs
    except Exception as exc:
        raise TaskError(f"the reference Model could not be built: {exc!r}") from exc


def _timing_setup(task: KernelTask, device: str) -> tuple[torch.nn.Module, dict[str, list[Any]]]:
    """The task's reference on `device` and two input sets at its example sizes, for baseline timing only."""
    reference, _ = _reference_model(task, device)
    sizes = example_sizes(task)
    return reference, {name: make_inputs(task, secrets.randbits(62), sizes, device) for name in ("A", "B")}


def _trials(name, sizes, seed, task, reference, reference64, device, directory, spread: bool = False,
            alone: bool = False) -> list[Trial]:
    """Input sets and the reference's outputs: the usual draw, or with `spread` each output judged on the first
    rung of `ladder()` (its features' shapes secret for the seed: `magnitude.mixed`) where it holds (`_holding`), one
    set for each rung that some output holds first at: an exp overflowing in float16 must not bring down the draw
    of a relu returned beside it (the ladder was one rung per set, and a trigger on the relu passed there). The last
    rung, the usual draw, holds every output left. With `alone`, then each of the spread's features alone
    (`magnitude.alone_draws`, shapes of the seed's own) and each left out (`magnitude.all_but_one`), on the first of
    a sequence's draws where an output holds; a draw that leaves every input as the usual draw made it (whole numbers
    of an unsigned input) is no set."""
    trials: list[Trial] = []
    usual = _usual_conditioning(task, seed, sizes, device, reference, reference64) if spread else {}
    plain = make_inputs(task, seed, sizes, device, USUAL) if spread and alone else []
    sequences = [list(ladder(mixed(seed))), *(alone_draws(seed) + all_but_one(seed) if alone else [])] if spread \
        else [[USUAL]]
    for sequence, draws in enumerate(sequences):
        left: set[int] | None = None  # the outputs no set of this sequence judges yet; None until the reference ran
        for rung in draws:
            inputs = make_inputs(task, seed, sizes, device, rung)
            if sequence and all(not isinstance(x, torch.Tensor) or torch.equal(x, p) for x, p in zip(inputs, plain)):
                break
            try:  # an op the reference cannot run over the spread (or under `Rounding`): the next rung
                computed = _reference_outputs(inputs, reference, reference64)
                native, expected = computed[:2]
                left = set(range(len(native))) if left is None else left
                judged = left if rung == USUAL else left & _holding(task, native, expected, inputs, reference64,
                                                                     seed, usual)
            except RuntimeError as exc:
                unless_device_failure(exc)  # the device's state, not the task's: never a rung skipped nor a broken task
                if rung != USUAL:
                    continue
                raise TaskError(f"the reference raised on its generated inputs: {type(exc).__name__}: "
                                f"{str(exc).splitlines()[0][:300]}; fix the task's Model") from exc
            if judged or not (native or sequence):  # a reference returning nothing is judged on its first draw
                label = f"{name}-{len(trials) + 1}" if trials else name
                trials.append(_kept(label, sizes, inputs, computed, judged, rung, task, reference64, seed, directory))
                left -= judged
            if not left:
                break
    return trials


def _kept(label: str, sizes: dict, inputs: list, computed: tuple, judged: set[int], rung: Draw, task: KernelTask,
          reference64: torch.nn.Module | None, seed: int, directory: Path) -> Trial:
    """An input set `_trials` keeps: the outputs it judges checked finite, its inputs written where the sandbox reads
    them, and each output's tolerance (`comparison.tolerances`, with what its elements are made of)."""
    native, expected, given, ops, free = computed
    for index in judged:
        out = expected[index]
        if out.is_floating_point() and not torch.isfinite(out).all():
            raise TaskError("the reference produced NaN or inf for generated inputs; adjust the task's input ranges")
    refs = [write_tensor(x, directory, f"{label}-{i}").to_json() if isinstance(x, torch.Tensor) else x
            for i, x in enumerate(inputs)]
    for path in directory.iterdir():
        os.chmod(path, 0o644)
    made_of, moved = _made_of(native, expected, inputs, reference64, seed)
    expected, tols = _on_host(expected, tolerances(task, native, expected, made_of, moved))
    return Trial(label, sizes, inputs, refs, native, expected, given, frozenset(judged), tols, rung, ops, free)


def _on_host(expected: tuple, tols: tuple[Tolerance, ...]) -> tuple[tuple, tuple[Tolerance, ...]]:
    """Outputs of up to HOST_COMPARE_BYTES in float64, with their tolerances' tensors, on the host, where the
    candidate's outputs are read: compared on a GPU, each of a comparison's dozen reductions waited on a device the
    judge shares with every slot's context, and the compare stage grew to 34 ms a set (27 sets a verdict, 16 slots,
    an H200: run 167)."""
    small = [e.numel() * 8 <= HOST_COMPARE_BYTES for e in expected]
    host = lambda t: t if t is None else t.cpu()  # noqa: E731
    return (tuple(e.cpu() if on else e for e, on in zip(expected, small)),
            tuple(replace(t, made_of=host(t.made_of), moved=host(t.moved)) if on else t for t, on in zip(tols, small)))


def _reference_outputs(inputs, reference, reference64) -> tuple[tuple, tuple, list, int, tuple]:
    """The reference's outputs in its dtypes, the values to compare against, the inputs it wrote into, the ops
    that computed them, and per output whether it is an index output free among ties (`comparison.TieOrders`)."""
    with torch.no_grad():
        given = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]  # the reference may write into them
        with CountingOps() as counted, TieOrders() as ties:
            native = as_outputs(reference(*given))
        free = ties.of(native)
        # bit for bit against the untouched inputs (NaN equals itself): one pass, where two checksums took seconds
        # on an 8.6 GB input
        written = [isinstance(g, torch.Tensor) and not same_state(g, x) for g, x in zip(given, inputs)]
        given = [g if changed else None for g, changed in zip(given, written)]  # keep only what it changed
        expected = native
        if reference64 is not None:
            wide = as_outputs(reference64(*_widened(inputs)))
            expected = tuple(w if n.is_floating_point() else n for w, n in zip(wide, native))
    return native, expected, given, counted.ops, free


def _usual_conditioning(task: KernelTask, seed: int, sizes: dict, device: str, reference: torch.nn.Module,
                        reference64: torch.nn.Module | None) -> dict[int, float]:
    """`_conditioning` over the usual draw of the same seed and sizes: what a spread is measured against. Empty
    where the reference cannot run under `Rounding` (nor then over a spread: every output comes down to USUAL)."""
    inputs = make_inputs(task, seed, sizes, device, USUAL)
    try:
        native, expected, _, _, _ = _reference_outputs(inputs, reference, reference64)
        return _conditioning(task, native, expected, inputs, reference64, seed)
    except RuntimeError as exc:
        unless_device_failure(exc)
        return {}


def _holding(task: KernelTask, native: tuple, expected: tuple, inputs: list, reference64: torch.nn.Module | None,
             seed: int, usual: dict[int, float]) -> set[int]:
    """The outputs whose reference over a spread draw is finite and conditioned no worse than over the usual draw
    (`usual`, from `_usual_conditioning`): rounding takes at most REFERENCE_SHARE of the tolerance, or at most
    USUAL_MARGIN of what it takes there. Where a spread makes rounding matter more (exp overflowing, float16 past
    65504, tied attention scores of thousands, a bfloat16 mm of thousands whose bias cancels it), an honest kernel
    would be judged on rounding, not on its work; where it matters as much as it did (a half-precision output, where
    half a unit on one op already takes a quarter of the tolerance), an honest kernel's odds are those of the usual
    sets. Outputs that are not floats always hold."""
    used = _conditioning(task, native, expected, inputs, reference64, seed)
    limits = {i: max(REFERENCE_SHARE, USUAL_MARGIN * usual.get(i, 0.0)) for i in used}
    return set(range(len(native))) - set(used) | {i for i, share in used.items() if share <= limits[i] < math.inf}


def _conditioning(task: KernelTask, native: tuple, expected: tuple, inputs: list,
                  reference64: torch.nn.Module | None, seed: int) -> dict[int, float]:
    """Per float output, the share of the task's tolerance (`comparison.compared`) that rounding takes: the larger of
    the reference in its own dtype's and of the float64 reference with its work rounded differently
    (`magnitude.Rounding` by `magnitude.nudge`), each against the float64 reference; inf where either is not
    finite. Where there is no float64 copy, finiteness alone (0 or inf). Costs one forward of the float64 reference
    under `Rounding`."""
    floats = [i for i, t in enumerate(native) if t.is_floating_point()]
    finite = {i for i in floats if torch.isfinite(native[i]).all() and torch.isfinite(expected[i]).all()}
    used = {i: 0.0 if i in finite else math.inf for i in floats}
    if reference64 is None or not finite:
        return used
    moved, _ = _rounded_forward(native, inputs, reference64, seed)
    for i in finite:
        tol = Tolerance(task.tolerance_for(native[i].dtype))
        used[i] = max(compared(native[i], expected[i], tol).used, compared(moved[i], expected[i], tol).used)
    return used


def _made_of(native: tuple, expected: tuple, inputs: list, reference64: torch.nn.Module | None,
             seed: int) -> tuple[tuple[torch.Tensor | None, ...], tuple[torch.Tensor | None, ...]]:
    """Per real float output, what each element is made of (`comparison.Tolerance.made_of`): the rms over
    MADE_OF_DRAWS forwards of the float64 reference under `magnitude.Rounding` of how far the element moves, in units
    of the nudge. A quotient x / y moves by about itself, a cancelling sum by its terms' size, however small the
    result. And how far it moved at most (`comparison.Tolerance.moved`), in its own units: a where() within rounding
    of its threshold takes the other branch in some draws, and the rms of one jump in four draws is half of it.
    None for every output where there is no float64 copy or the reference cannot run under `Rounding`.
    Costs MADE_OF_DRAWS forwards of the float64 reference per input set."""
    real = [i for i, t in enumerate(native) if t.is_floating_point()]
    if reference64 is None or not real:
        return (None,) * len(native), (None,) * len(native)
    squares: dict[int, torch.Tensor] = {}
    most: dict[int, torch.Tensor] = {}
    try:
        for draw in range(MADE_OF_DRAWS):
            moved, size = _rounded_forward(native, inputs, reference64, seed + draw + 1)
            for i in real:
                step = (moved[i] - expected[i]).double().abs_()
                most[i] = step.clone() if i not in most else torch.maximum(most[i], step)
                step = step.div_(size).square_()
                squares[i] = step if i not in squares else squares[i].add_(step)
    except RuntimeError as exc:
        unless_device_failure(exc)
        return (None,) * len(native), (None,) * len(native)
    return (tuple(squares[i].div_(MADE_OF_DRAWS).sqrt_().float() if i in squares else None
                  for i in range(len(native))),
            tuple(most[i].float() if i in most else None for i in range(len(native))))


def _rounded_forward(native: tuple, inputs: list, reference64: torch.nn.Module,
                     seed: int) -> tuple[tuple, float]:
    """The float64 reference's outputs with every op's inputs moved by rounding (`magnitude.Rounding`, drawn from
    `seed`), and the nudge it used: the size of rounding in the outputs' and inputs' dtypes (`magnitude.nudge`)."""
    size = nudge([t.dtype for t in (*native, *inputs) if isinstance(t, torch.Tensor)])
    with torch.no_grad(), Rounding(size, torch.Generator(device=native[0].device).manual_seed(seed)):
        return as_outputs(reference64(*_widened(inputs))), size


def _widened(inputs: list) -> list:
    """The inputs as the float64 reference takes them: float tensors as float64 copies, other tensors copied as they
    are. Its forward may write into them, and the candidate is handed the originals: an in-place bool mask came to the
    candidate already written, and an honest kernel writing it was refused (honest_bool_mask_in_place.py)."""
    return [x if not isinstance(x, torch.Tensor) else x.to(torch.float64, copy=True) if x.is_floating_point()
            else x.clone() for x in inputs]


def _drawn(trial: Trial) -> str:
    """How a set's values were drawn, and which outputs it judges where another set judges the rest."""
    outputs = ", ".join(map(str, sorted(trial.judged)))
    some = "" if len(trial.judged) == len(trial.native) else f" (outputs {outputs} only)"
    return "" if trial.draw == USUAL else f", {trial.draw}{some}"


def _set_bytes(task: KernelTask, sizes: dict[str, int], itemsize: int | None = None) -> int:
    """The bytes of one input set of `task` at `sizes`, before any is drawn (each input in its own dtype, or all of
    `itemsize`): B's sizes come from the symbols' ranges, which reach up to 4x a region task's example each
    (`region_task._symbol_range`), so A's bytes do not bound them."""
    return sum(math.prod(sizes[d] if isinstance(d, str) else d for d in spec.shape)
               * (itemsize or getattr(torch, spec.dtype).itemsize)
               for spec in task.inputs if not spec.scalar)


def _wide_copy(reference: torch.nn.Module, task: KernelTask, device: str,
               largest: dict[str, int] | None = None) -> torch.nn.Module | None:
    """A float64 copy of the reference where memory allows it at the sizes of the largest input set it will run
    (`largest`, the example's by default) and every op has a float64 kernel."""
    sizes = example_sizes(task)
    if _set_bytes(task, largest or sizes, itemsize=8) * 4 > _optional_bytes(device):  # float64 inputs and activations
        return None  # must fit comfortably
    wide = copy.deepcopy(reference).to(torch.float64)
    try:
        with torch.no_grad():
            probe = make_inputs(task, 0, sizes, device)
            wide(*[x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in probe])
    except RuntimeError as exc:  # an op without a float64 kernel: compare against the native dtype
        unless_device_failure(exc)
        return None
    return wide


def _optional_bytes(device: str) -> float:
    """OPTIONAL_SHARE of the device's size, not of its free memory: what other slots held at that moment chose what a
    set used up to REUSE times has (round attack80); where it does not fit now, the device failure makes it
    `internal`."""
    return torch.cuda.mem_get_info(torch.device(device))[1] * OPTIONAL_SHARE if device.startswith("cuda") else 4e9


def _perturb_weights(reference: torch.nn.Module) -> None:
    """Move every float weight off its default initialisation, with secret noise.

    A candidate that kept its own copy of default-initialised weights (or ignores them) then
    computes with the wrong values and fails the comparison.
    """
    generator = torch.Generator().manual_seed(secrets.randbits(62))
    with torch.no_grad():
        for tensor in reference.state_dict().values():
            if tensor.is_floating_point():
                noise = torch.randn(tensor.shape, generator=generator, dtype=torch.float64).to(tensor)
                tensor.add_(noise * (0.1 * tensor.abs().mean() + 0.05))


def _plain(values: list[Any]) -> list[Any]:
    if not all(isinstance(v, (int, float, bool, str, type(None), list, tuple)) for v in values):
        raise TaskError("get_init_inputs() must return plain Python values (ints, floats, lists)")
    return [list(v) if isinstance(v, tuple) else v for v in values]


def _check_bool_bytes(what: str, tensor: torch.Tensor) -> None:
    """A bool's byte is 0 or 1: torch reads any other as True, so uint8 codes viewed as bool passed for `x != 0` with
    nothing computed (tests/attacks/round40_bool_view_of_codes.py), and a user's process got bools whose bytes are
    not 0 or 1. Checked on whatever the candidate hands back: its outputs and the inputs it changed in place."""
    if tensor.dtype == torch.bool and bool((tensor.view(torch.uint8) > 1).any()):
        raise _Rejected("dtype", f"{what} is bool but holds {int((tensor.view(torch.uint8) > 1).sum())} bytes other "
                                 "than 0 and 1: store 0 or 1 (a comparison's result) into a uint8 buffer before "
                                 "viewing it as bool")


def _significant_strides(t: torch.Tensor) -> tuple[int, ...]:
    return _significant(tuple(t.shape), t.stride())


def _significant(shape: tuple[int, ...], stride: tuple[int, ...]) -> tuple[int, ...]:
    """The strides of the dimensions longer than one: the others address nothing."""
    return tuple(s for s, n in zip(stride, shape) if n > 1)


def _fast_tmp() -> str | None:
    return "/dev/shm" if os.access("/dev/shm", os.W_OK) else None


def _try_start(box: Sandbox) -> str:
    try:
        box.start()
        return ""
    except Exception as exc:  # reported; the slot retries on its first request
        return f"{type(exc).__name__}: {exc}"


def main(device: str, slots: int, reuse: int) -> None:
    """Serve `{"id", "job"}` requests from the parent; answer `{"id", "verdict"}` (`{"id", "baselines"}` for a
    baseline-only job), `{"id", "task_error"}` or `{"id", "internal"}`."""
    parent = Channel(os.fdopen(os.dup(0), "rb"), os.fdopen(os.dup(1), "wb", buffering=0))
    os.dup2(2, 1)  # nothing else this process prints can reach the parent's channel
    if device.startswith("cuda"):
        # The compile stack, before any thread: jobs run side by side, one compiling inductor baselines while
        # another's reference imported torch._dynamo lazily; the second met a half-initialised
        # torch._inductor.utils and a sample of run 88's eval went unjudged.
        import torch._dynamo  # noqa: F401
        import torch._inductor.compile_fx  # noqa: F401
    judge = Judge(device, slots, reuse)
    send_lock = threading.Lock()

    def serve(message: dict[str, Any]) -> None:
        try:
            job = JudgeJob.from_json(message["job"])
            if job.source is None:
                answer = {"baselines": asdict(judge.task_baselines(job))}
            else:
                answer = {"verdict": judge.judge(job).to_json()}
        except TaskError as exc:  # shortened: a message past the channel's MAX_LINE ended the parent's reader
            answer = {"task_error": shortened(str(exc))}
        except Exception as exc:  # the verifier's own failure: never blamed on the candidate
            answer = {"internal": shortened(f"{type(exc).__name__}: {exc}\n{traceback.format_exc()[-2000:]}")}
        with send_lock:
            parent.send({"id": message.get("id"), **answer})

    with ThreadPoolExecutor(max_workers=slots) as workers:
        with send_lock:
            parent.send({"ready": True, "layers": sorted({layer for box in list(judge.sandboxes.queue)
                                                          for layer in box.layers})})
        while True:
            try:
                message = parent.receive()
            except (EOFError, ProtocolError):
                break
            workers.submit(serve, message)
    judge.close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
