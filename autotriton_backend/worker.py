"""Verifier worker: judges one candidate inside a throwaway subprocess.

Usage (by `sandbox.run_job` only): python -m autotriton_backend.worker JOB.json RESULT.json
The job holds the task, the candidate and the options; the result is a Verdict as JSON.
Everything the candidate does happens here, never in the compiling process.
"""
from __future__ import annotations

import copy
import importlib.util
import json
import sys
import tempfile
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from .guards import install_audit_hook, monitor_forward
from .inputs import example_sizes, make_inputs, random_sizes
from .task import KernelTask, TaskError, load_reference
from .verdict import Check, Verdict


class Rejected(Exception):
    """A check failed; carries the check name and the reason the model will be shown."""

    def __init__(self, check: str, reason: str) -> None:
        super().__init__(reason)
        self.check = check
        self.reason = reason


@dataclass
class Job:
    task: KernelTask
    candidate_source: str
    candidate_sha256: str
    device: str
    trials: int
    time_kernels: bool

    @staticmethod
    def load(path: Path) -> "Job":
        data = json.loads(path.read_text())
        data["task"] = KernelTask.from_json(data["task"])
        return Job(**data)


def main(job_path: str, result_path: str) -> None:
    job = Job.load(Path(job_path))
    workdir = Path.cwd()
    install_audit_hook([workdir, Path(tempfile.gettempdir()), Path.home() / ".triton", Path.home() / ".cache"])
    verdict = judge(job, workdir)
    Path(result_path).write_text(json.dumps(verdict.to_json()))


def judge(job: Job, workdir: Path) -> Verdict:
    verdict = Verdict(task_key=job.task.key, candidate_sha256=job.candidate_sha256, device=job.device)
    try:
        reference = _build_reference(job)
        _perturb_weights(reference)
        trials = _reference_trials(job, reference)  # before any candidate code runs in this process
        candidate = _build_candidate(job, workdir, reference, verdict)
        for trial in trials:
            given = trial.candidate_inputs()
            _judge_outputs(job, trial, _run_candidate(candidate, given), given, candidate, verdict)
        verdict.checks.append(Check("correctness", True, f"{len(trials)} input sets matched the reference"))
        verdict.compiled = True
        if job.device.startswith("cuda") and job.time_kernels:
            from .timing import time_candidate

            verdict.timings, verdict.timing_note, buffers = time_candidate(job, reference, candidate)
        else:
            verdict.timing_note = f"unavailable on {job.device} (kernels ran in the Triton interpreter)"
            buffers = make_inputs(job.task, 11, example_sizes(job.task), job.device)
            _run_candidate(candidate, buffers)
        _recheck_same_buffers(job, trials[0], buffers, candidate, verdict)
    except Rejected as rejected:
        verdict.checks.append(Check(rejected.check, False, rejected.reason))
        if verdict.timings is not None:  # a rejected kernel's speed means nothing: never report it
            verdict.timings = None
            verdict.timing_note = "timings discarded: the candidate was rejected after timing"
    return verdict.finish()


def _build_reference(job: Job) -> torch.nn.Module:
    try:
        namespace = load_reference(job.task.source)
        torch.manual_seed(0)
        model = namespace["Model"](*namespace["get_init_inputs"]())
    except TaskError:
        raise
    except Exception as exc:
        raise TaskError(f"the reference Model could not be built: {exc!r}") from exc
    return model.to(job.device).eval()


def _build_candidate(job: Job, workdir: Path, reference: torch.nn.Module, verdict: Verdict) -> torch.nn.Module:
    path = workdir / "candidate.py"  # a real file: triton.jit reads kernel source through inspect
    path.write_text(job.candidate_source)
    try:
        spec = importlib.util.spec_from_file_location("autotriton_candidate", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        model_cls = module.ModelNew
    except Exception as exc:
        raise Rejected("load", _short_error(exc)) from exc
    verdict.checks.append(Check("load", True))
    init_inputs = load_reference(job.task.source)["get_init_inputs"]()
    try:
        torch.manual_seed(0)
        model = model_cls(*init_inputs).to(job.device).eval()
    except Exception as exc:
        raise Rejected("init", _short_error(exc)) from exc
    verdict.checks.append(Check("init", True))
    _share_weights(reference, model)
    verdict.checks.append(Check("weights", True))
    return model


def _perturb_weights(reference: torch.nn.Module) -> None:
    """Move every float weight off its default initialisation.

    A candidate that kept its own copy of default-initialised weights (or ignores them) then
    computes with the wrong values and fails the comparison.
    """
    generator = torch.Generator().manual_seed(1234)
    with torch.no_grad():
        for tensor in reference.state_dict().values():
            if tensor.is_floating_point():
                noise = torch.randn(tensor.shape, generator=generator, dtype=torch.float64).to(tensor)
                tensor.add_(noise * (0.1 * tensor.abs().mean() + 0.05))


def _share_weights(reference: torch.nn.Module, candidate: torch.nn.Module) -> None:
    """Load the reference's weights into the candidate: by name, else by order where every shape agrees."""
    state, own = reference.state_dict(), candidate.state_dict()
    if all(k in own and own[k].shape == v.shape for k, v in state.items()):
        candidate.load_state_dict(state, strict=False)
        return
    ours = list(candidate.named_parameters())
    theirs = list(reference.named_parameters())
    buffers_ok = all(k in own and own[k].shape == b.shape for k, b in reference.named_buffers())
    if buffers_ok and len(ours) == len(theirs) and all(a.shape == b.shape for (_, a), (_, b) in zip(ours, theirs)):
        with torch.no_grad():
            for (_, mine), (_, given) in zip(ours, theirs):
                mine.copy_(given)
        candidate.load_state_dict({k: b for k, b in reference.named_buffers()}, strict=False)
        return
    raise Rejected(
        "weights",
        "ModelNew's parameters match the reference's neither by name nor by order and shape: "
        f"reference {[(k, tuple(v.shape)) for k, v in list(state.items())[:6]]}, "
        f"ModelNew {[(k, tuple(v.shape)) for k, v in list(own.items())[:6]]}",
    )


def _trial_plan(job: Job) -> list[tuple[int, dict[str, int]]]:
    """Input sets A, B, A again, then fresh ones; symbolic dims get new sizes after A."""
    task = job.task
    a = (1, example_sizes(task))
    b = (2, random_sizes(task, 2) if task.symbols else example_sizes(task))
    plan = [a, b, a]
    for seed in range(3, 3 + max(0, job.trials - 3)):
        plan.append((seed, random_sizes(task, seed) if task.symbols else example_sizes(task)))
    return plan


@dataclass
class Trial:
    """One input set and what the reference made of it, computed before the candidate loads."""

    seed: int
    sizes: dict[str, int]
    inputs: list[Any]
    native: tuple[torch.Tensor, ...]  # the reference's outputs in the task's dtypes
    expected: tuple[torch.Tensor, ...]  # float64 values where available
    inputs_after: list[Any]  # the reference's inputs after its forward (in-place semantics)

    def candidate_inputs(self) -> list[Any]:
        return [_copy(x) for x in self.inputs]


def _reference_trials(job: Job, reference: torch.nn.Module) -> list[Trial]:
    reference64 = copy.deepcopy(reference).to(torch.float64)
    trials = []
    for seed, sizes in _trial_plan(job):
        inputs = make_inputs(job.task, seed, sizes, job.device)
        native, expected, after = _run_reference(reference, reference64, inputs)
        trials.append(Trial(seed, sizes, inputs, native, expected, after))
    return trials


def _judge_outputs(job: Job, trial: Trial, outputs: tuple, inputs: list[Any], candidate: torch.nn.Module,
                   verdict: Verdict) -> None:
    """Every check on one call of the candidate, given `inputs`, against the trial's reference results."""
    _compare_structure(trial.native, outputs, inputs, candidate)
    for after, mine in zip(trial.inputs_after, inputs):
        if isinstance(after, torch.Tensor) and not torch.equal(after, mine):
            raise Rejected("input_mutation", "forward changed the values of an input tensor")
    for index, (ref, out) in enumerate(zip(trial.expected, outputs)):
        if out.is_floating_point() and torch.isnan(out).any():
            count = int(torch.isnan(out).sum())
            raise Rejected("nan", f"output {index} has {count} NaN elements (never written?) for input set {trial.seed}")
        tol = job.task.tolerance_for(out.dtype)
        ok, abs_err, rel_err = _close(out, ref, tol)
        verdict.max_abs_error = max(verdict.max_abs_error or 0.0, abs_err)
        verdict.max_rel_error = max(verdict.max_rel_error or 0.0, rel_err)
        if not ok:
            raise Rejected(
                "mismatch",
                f"output {index} differs from the reference for input set {trial.seed} (sizes {trial.sizes or 'fixed'}): "
                f"max abs error {abs_err:.3g}, max rel error {rel_err:.3g}, tolerance {tol:g}",
            )


def _recheck_same_buffers(job: Job, trial: Trial, buffers: list[Any], candidate: torch.nn.Module,
                          verdict: Verdict) -> None:
    """Write input set A into buffers the candidate already ran on (the timed ones on a GPU) and check again.

    A kernel that caches results by buffer address is correct on fresh tensors and fast on
    reused ones, as in timing loops; new values at old addresses expose it.
    """
    with torch.no_grad():
        for buffer, values in zip(buffers, trial.inputs):
            if isinstance(buffer, torch.Tensor):
                buffer.copy_(values)
    try:
        _judge_outputs(job, trial, _run_candidate(candidate, buffers), buffers, candidate, verdict)
    except Rejected as rejected:
        raise Rejected(rejected.check, f"on reused input buffers refilled with new values: {rejected.reason}") from None


def _run_reference(reference, reference64, inputs):
    """Outputs in the task's dtypes (for shape/dtype/stride) and in float64 (for values)."""
    ref_inputs = [_copy(x) for x in inputs]
    with torch.no_grad():
        native = _as_tuple(reference(*ref_inputs))
        try:
            wide = _as_tuple(reference64(*[_widen(x) for x in inputs]))
        except RuntimeError:  # an op without a float64 kernel: compare against the native dtype
            wide = native
    for out in wide:
        if out.is_floating_point() and not torch.isfinite(out).all():
            raise TaskError("the reference produced NaN or inf for generated inputs; adjust the task's input ranges")
    expected = tuple(w if n.is_floating_point() else n for w, n in zip(wide, native))
    return native, expected, ref_inputs


def _run_candidate(candidate: torch.nn.Module, inputs: list[Any]) -> tuple[torch.Tensor, ...]:
    try:
        with torch.no_grad(), monitor_forward() as monitor:
            outputs = _as_tuple(candidate(*inputs))
            if inputs and isinstance(inputs[0], torch.Tensor) and inputs[0].is_cuda:
                torch.cuda.synchronize()
    except Rejected:
        raise
    except Exception as exc:
        name = type(exc).__name__
        check = "compile" if "Compil" in name or "triton" in type(exc).__module__ else "runtime"
        raise Rejected(check, _short_error(exc)) from exc
    if monitor.launches == 0:
        raise Rejected("triton_launch", "forward launched no Triton kernel")
    if monitor.compute_ops:
        ops = ", ".join(f"aten.{op} x{n}" for op, n in monitor.compute_ops.most_common(8))
        raise Rejected("torch_compute", f"forward ran PyTorch compute outside Triton kernels: {ops}")
    return outputs


def _compare_structure(expected, outputs, inputs, candidate) -> None:
    if len(outputs) != len(expected) or not all(isinstance(o, torch.Tensor) for o in outputs):
        raise Rejected("outputs", f"forward returned {len(outputs)} outputs, the reference returns {len(expected)} tensors")
    storages = {x.untyped_storage().data_ptr() for x in inputs if isinstance(x, torch.Tensor)}
    storages |= {p.untyped_storage().data_ptr() for p in candidate.parameters()}
    storages |= {b.untyped_storage().data_ptr() for b in candidate.buffers()}
    for index, (native, out) in enumerate(zip(expected, outputs)):
        if out.untyped_storage().data_ptr() in storages:
            raise Rejected("output_alias", f"output {index} shares memory with an input or a parameter")
        if out.shape != native.shape:
            raise Rejected("shape", f"output {index} has shape {tuple(out.shape)}, expected {tuple(native.shape)}")
        if out.dtype != native.dtype:
            raise Rejected("dtype", f"output {index} has dtype {out.dtype}, expected {native.dtype}")
        if _significant_strides(out) != _significant_strides(native):
            raise Rejected("stride", f"output {index} has strides {out.stride()}, expected {native.stride()}")


def _significant_strides(t: torch.Tensor) -> tuple[int, ...]:
    return tuple(s for s, n in zip(t.stride(), t.shape) if n > 1)


def _close(out: torch.Tensor, ref: torch.Tensor, tol: float) -> tuple[bool, float, float]:
    """Compare with |out-ref| <= tol + tol*|ref|; NaN never passes. Returns (ok, max abs, max rel)."""
    if out.numel() == 0:
        return True, 0.0, 0.0
    a, b = out.double(), ref.double().to(out.device)
    diff = (a - b).abs()
    if torch.isnan(diff).any():
        return False, float("nan"), float("nan")
    abs_err = float(diff.max())
    rel_err = float((diff / b.abs().clamp_min(1e-6)).max())
    return bool((diff <= tol + tol * b.abs()).all()), abs_err, rel_err


def _copy(x: Any) -> Any:
    return x.clone() if isinstance(x, torch.Tensor) else x


def _widen(x: Any) -> Any:
    return x.double() if isinstance(x, torch.Tensor) and x.is_floating_point() else x


def _as_tuple(out: Any) -> tuple:
    return tuple(out) if isinstance(out, (tuple, list)) else (out,)


def _short_error(exc: BaseException, limit: int = 2000) -> str:
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith("candidate.py")]
    where = f" (candidate.py line {frames[-1].lineno}: {frames[-1].line})" if frames else ""
    return (text + where)[:limit]


if __name__ == "__main__":
    try:
        main(sys.argv[1], sys.argv[2])
    except TaskError as exc:
        print(f"TASK ERROR: {exc}", file=sys.stderr)
        sys.exit(3)
