"""Evaluation metrics: per-task results in, one summary out (compile %, correct %, hacked %, fast_1, pass@k).

Percentages are over the judged samples; compiled % counts the samples that built and ran (`ran`: never a hacked
one, as GRPO's `ran` reward); fast_1 counts samples that are correct and faster than the
baseline (KernelBench's fast_1), and is None where nothing was timed (CPU). pass@k is the unbiased
estimator of Chen et al. (2021) averaged over tasks. Tasks the model never had a fair go at (the engine
failed, the task's reference is broken) and samples the verifier failed to judge are counted apart and
left out of every percentage: they say nothing about the model. Seconds are wall-clock: each row holds
its share of its batch's generation and judging, so the sums are the time each took.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from math import comb
from pathlib import Path
from typing import Any, Protocol

from autotriton_backend.announce import one_line
from autotriton_backend.verdict import Verdict

ROW_FEEDBACK_CHARS = 400  # enough for the failure's first lines; a rows file stays small over many samples

JUDGED, ENGINE_ERROR, TASK_ERROR = "judged", "engine-error", "task-error"


class Outcome(Protocol):
    """A Verdict, or the SampleResult an eval row keeps of one."""

    @property
    def compiled(self) -> bool: ...

    @property
    def hacked(self) -> bool: ...


def ran(outcome: Outcome) -> bool:
    """Built and ran, right or wrong (a wrong shape, dtype or value included); never for a hacked one. A runtime-caught
    hack (`output_alias`, `input_mutation`) has `compiled` set, a gate-caught one has not: counting neither keeps a
    model that hacks at run time from showing a higher compiled % (round attack45). GRPO's `ran` reward and eval's
    compiled % both read this."""
    return outcome.compiled and not outcome.hacked


@dataclass(frozen=True)
class SampleResult:
    """What the verifier made of one sample."""

    compiled: bool
    correct: bool
    hacked: bool
    failure: str  # "" when correct, else the verdict's failure class
    speedup_vs_eager: float | None
    speedup_vs_inductor: float | None
    tokens: int
    feedback: str = ""  # the start of what the verifier told the model: why a sample failed, without rerunning it
    failed_check: str = ""  # the check that failed ("syntax", "gate", "mismatch", ...); "" when correct or not recorded

    @staticmethod
    def from_verdict(verdict: Verdict, tokens: int) -> "SampleResult":
        failed = verdict.failed_check
        return SampleResult(verdict.compiled, verdict.correct, verdict.hacked, verdict.failure,
                            verdict.speedup_vs_eager, verdict.speedup_vs_inductor, tokens,
                            verdict.feedback[:ROW_FEEDBACK_CHARS], failed.name if failed else "")


@dataclass
class TaskRow:
    """One task's outcome: its judged samples, or why it could not be evaluated."""

    name: str
    key: str
    status: str  # JUDGED, ENGINE_ERROR or TASK_ERROR
    samples: list[SampleResult] = field(default_factory=list)
    verifier_errors: int = 0  # samples the verifier failed to judge (left out of `samples`)
    error: str = ""
    generate_s: float = 0.0  # this task's share of its batch's generation seconds
    judge_s: float = 0.0  # and of the seconds from the batch's first submission to its last verdict

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> "TaskRow":
        return TaskRow(**{**data, "samples": [SampleResult(**s) for s in data["samples"]]})


def read_rows(path: Path) -> tuple[dict[str, Any], list[TaskRow], list[str] | None]:
    """An eval rows file (`--rows`: a `{"config": ...}` line, then a TaskRow per line): the config, the rows, and
    the lines to keep when the last one was cut off by an interruption (None when the file is whole)."""
    lines = path.read_text().splitlines()
    try:
        config = json.loads(lines[0])["config"] if lines else None
    except (json.JSONDecodeError, TypeError, KeyError):
        config = None
    if not isinstance(config, dict):
        raise ValueError(f"{path} is not an eval rows file: its first line should be the `autotriton eval --rows` "
                         "header ({\"config\": ...})")
    rows = []
    for line in lines[1:]:
        try:
            rows.append(TaskRow.from_json(json.loads(line)))
        except (json.JSONDecodeError, TypeError, KeyError):
            return config, rows, lines[:len(rows) + 1]
    return config, rows, None


def pass_at_k(n: int, c: int, k: int) -> float:
    """P(at least one of k samples drawn from n, c of them correct, is correct); with fewer than k
    samples, whether any of them is correct."""
    if n < k:
        return float(c > 0)
    return 1.0 - comb(n - c, k) / comb(n, k)


def _pct(count: int, total: int) -> float | None:
    return round(100.0 * count / total, 2) if total else None


def summarize(rows: list[TaskRow], samples: int, timed: bool) -> dict[str, Any]:
    """The metrics over the judged tasks; `timed` says whether verdicts carry timings (a GPU run)."""
    judged = [r for r in rows if r.status == JUDGED and r.samples]
    results = [s for r in judged for s in r.samples]

    def fast(attribute: str) -> float | None:
        if not timed:
            return None
        return _pct(sum(s.correct and (getattr(s, attribute) or 0.0) > 1.0 for s in results), len(results))

    def mean_pass(k: int) -> float | None:
        scores = [pass_at_k(len(r.samples), sum(s.correct for s in r.samples), k) for r in judged]
        return round(sum(scores) / len(scores), 4) if scores else None

    ks = sorted({1, samples})
    failures: dict[str, int] = {}
    for s in results:
        failures[s.failure or "correct"] = failures.get(s.failure or "correct", 0) + 1
    return {
        "tasks": len(judged),
        "samples": samples,
        "judged_samples": len(results),
        "compiled_pct": _pct(sum(map(ran, results)), len(results)),
        "correct_pct": _pct(sum(s.correct for s in results), len(results)),
        "hacked_pct": _pct(sum(s.hacked for s in results), len(results)),
        "fast1_vs_eager_pct": fast("speedup_vs_eager"),
        "fast1_vs_inductor_pct": fast("speedup_vs_inductor"),
        "pass_at_1": mean_pass(1),
        "pass_at_k": {str(k): mean_pass(k) for k in ks},
        "outcomes": dict(sorted(failures.items())),
        "not_evaluated": {status: sum(r.status == status for r in rows) for status in (ENGINE_ERROR, TASK_ERROR)},
        "first_errors": first_errors(rows),
        "verifier_errors": sum(r.verifier_errors for r in rows),
        "generated_tokens": sum(s.tokens for s in results),
        "generate_s": round(sum(r.generate_s for r in rows), 1),  # rows resumed from --rows included
        "judge_s": round(sum(r.judge_s for r in rows), 1),
    }


def first_errors(rows: list[TaskRow]) -> dict[str, str]:
    """The first error of each kind that left samples unjudged: the engine's, a broken task's, the verifier's."""
    kinds = {ENGINE_ERROR: lambda r: r.status == ENGINE_ERROR, TASK_ERROR: lambda r: r.status == TASK_ERROR,
             "verifier": lambda r: r.verifier_errors > 0}
    return {kind: one_line(next(r.error for r in rows if failed(r)))  # an engine's error quotes its server: plain text
            for kind, failed in kinds.items() if any(map(failed, rows))}


def markdown(summary: dict[str, Any]) -> str:
    """The summary as a markdown table, then what was left out and why."""
    def show(value: Any) -> str:
        return "untimed" if value is None and summary["device"] == "cpu" else "-" if value is None else f"{value}"

    k = str(summary["samples"])
    header = ["engine", "suite", "device", "tasks", "samples", "compiled %", "correct %", "hacked %",
              "fast_1 vs eager %", "fast_1 vs inductor %", "pass@1", f"pass@{k}"]
    cells = [summary["engine"], summary["suite"], summary["device"], summary["tasks"], summary["samples"],
             summary["compiled_pct"], summary["correct_pct"], summary["hacked_pct"], summary["fast1_vs_eager_pct"],
             summary["fast1_vs_inductor_pct"], summary["pass_at_1"], summary["pass_at_k"][k]]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
             "| " + " | ".join(show(c) for c in cells) + " |", "",
             "outcomes per sample: " + (", ".join(f"{name} {n}" for name, n in summary["outcomes"].items()) or "none"),
             f"seconds: generating {summary['generate_s']}, judging {summary['judge_s']}"]
    left_out = summary["not_evaluated"]
    if left_out[ENGINE_ERROR]:
        lines.append(f"{left_out[ENGINE_ERROR]} task(s) not evaluated because the engine failed (not counted as "
                     f"model failures): {summary['first_errors'].get(ENGINE_ERROR, '')}")
    if left_out[TASK_ERROR]:
        lines.append(f"{left_out[TASK_ERROR]} task(s) not evaluated because the task itself is broken: "
                     f"{summary['first_errors'].get(TASK_ERROR, '')}")
    if summary["verifier_errors"]:
        lines.append(f"{summary['verifier_errors']} sample(s) not judged because the verifier itself failed "
                     f"(not counted as model failures): {summary['first_errors'].get('verifier', '')}")
    return "\n".join(lines)
