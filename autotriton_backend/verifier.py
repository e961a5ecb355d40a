"""verify(task, candidate) -> Verdict: the one judge that backend, agent, training and eval share."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import torch

from .candidate import Candidate
from .sandbox import run_job
from .static_check import static_checks
from .task import KernelTask, TaskError
from .verdict import Check, Verdict


@dataclass(frozen=True)
class VerifyOptions:
    device: str = "auto"  # "auto" picks cuda when available, else cpu (Triton interpreter)
    trials: int = 3  # input sets; at least A, B, A again
    timeout_s: float = 180.0
    time_kernels: bool = True  # only ever on a GPU

    def resolved_device(self) -> str:
        if self.device == "auto":
            return "cuda" if torch.cuda.is_available() else "cpu"
        if self.device.startswith("cuda") and not torch.cuda.is_available():
            raise ValueError("device 'cuda' was asked for but no CUDA GPU is visible; use --device cpu")
        if self.device != "cpu" and not self.device.startswith("cuda"):
            raise ValueError(f"unknown device {self.device!r}: use 'cuda', 'cuda:N' or 'cpu'")
        return self.device


def verify(task: KernelTask, candidate: Candidate, options: VerifyOptions = VerifyOptions()) -> Verdict:
    """Judge one candidate. Raises TaskError only when the task itself is broken."""
    device = options.resolved_device()
    verdict = Verdict(task_key=task.key, candidate_sha256=candidate.sha256, device=device)
    verdict.checks = static_checks(candidate.source)
    if verdict.failed_check is not None:
        return verdict.finish()  # rejected code never runs
    job = {
        "task": task.to_json(),
        "candidate_source": candidate.source,
        "candidate_sha256": candidate.sha256,
        "device": device,
        "trials": max(3, options.trials),
        "time_kernels": options.time_kernels,
    }
    result = run_job(job, device, options.timeout_s)
    if result.failure == "task":
        raise TaskError(result.detail)
    if result.verdict is None:
        verdict.checks.append(Check(result.failure, False, result.detail))
        return verdict.finish()
    judged = Verdict.from_json(result.verdict)
    judged.checks = verdict.checks + judged.checks
    return judged.finish()


def verify_many(
    task: KernelTask, candidates: list[Candidate], options: VerifyOptions = VerifyOptions(), workers: int = 2
) -> list[Verdict]:
    """Judge several candidates in parallel worker processes (timing is serialised by a GPU lock)."""
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        return list(pool.map(lambda c: verify(task, c, options), candidates))
