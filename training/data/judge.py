"""Judging: the one place the data pipeline asks the verifier (swap the pool here)."""
from __future__ import annotations

import torch

from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.prompt import PROMPT_VERSION
from autotriton_backend.task import KernelTask, load_reference
from autotriton_backend.verdict import Verdict
from autotriton_backend.verifier import VerifyOptions, verify_many

TEACHER_ENGINE = "inductor-teacher"


def judge_candidates(task: KernelTask, sources: list[str], device: str) -> list[Verdict]:
    """Verdicts for the teacher's candidates of one task (raises TaskError if the task is broken).

    Every task shares the process's one pool at its full size: sizing it by the first task's candidates
    (as this did until session 4) left the whole run judging on one to three slots."""
    candidates = [Candidate(source, Provenance(engine=TEACHER_ENGINE, prompt_version=PROMPT_VERSION, sample=index))
                  for index, source in enumerate(sources)]
    return verify_many(task, candidates, VerifyOptions(device=device))


def rejection_reason(verdict: Verdict) -> str:
    """A short, countable reason: the verifier's failure class, else the first failed check."""
    failure = getattr(verdict, "failure", "")  # verifier v2 names the class; v1 only the check
    check = verdict.failed_check
    return f"verifier:{failure or (check.name if check else 'unknown')}"


def reference_runs(task: KernelTask, device: str) -> bool:
    """Does the reference itself run on `device`? (Tasks for RL must, even with no teacher answer.)"""
    try:
        namespace = load_reference(task.source)
        torch.manual_seed(0)
        model = namespace["Model"](*namespace["get_init_inputs"]()).to(device)
        inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in namespace["get_inputs"]()]
        with torch.no_grad():
            model(*inputs)
        return True
    except Exception:  # any failure of the user-level reference program means: not a usable task
        return False
