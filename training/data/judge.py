"""Judging: the one place the data pipeline asks the verifier (swap the pool here)."""
from __future__ import annotations

import tempfile
from pathlib import Path

from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.prompt import PROMPT_VERSION
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Verdict
from autotriton_backend.verifier import VerifierPool, VerifyOptions
from autotriton_backend.verifier.judge import JudgeJob, build_reference_set

TEACHER_ENGINE = "inductor-teacher"


def judge_candidates(task: KernelTask, sources: list[str], pool: VerifierPool) -> list[Verdict]:
    """Verdicts for the teacher's candidates of one task on `pool` (raises TaskError if the task is broken)."""
    candidates = [Candidate(source, Provenance(engine=TEACHER_ENGINE, prompt_version=PROMPT_VERSION, sample=index))
                  for index, source in enumerate(sources)]
    return pool.verify_many(task, candidates, VerifyOptions(device=pool.device))


def rejection_reason(verdict: Verdict) -> str:
    """A short, countable reason: the verifier's failure class, else the first failed check."""
    failure = getattr(verdict, "failure", "")  # verifier v2 names the class; v1 only the check
    check = verdict.failed_check
    return f"verifier:{failure or (check.name if check else 'unknown')}"


def reference_error(task: KernelTask, device: str) -> str:
    """Why the verifier cannot use the task's reference on `device`, or "" when it can. The verifier's own
    reference builder does the work (build, secret weights, its generated input sets at example and random
    sizes, outputs finite), so an RL task is accepted exactly when a reward could be computed for it."""
    with tempfile.TemporaryDirectory(prefix="autotriton-reference-") as root:
        try:
            build_reference_set(JudgeJob(task, None, ""), device, Path(root))
        except Exception as exc:  # TaskError or the reference's own ops failing: either way, no usable task
            return f"{type(exc).__name__}: {exc}"
    return ""
