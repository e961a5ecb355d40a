"""The dataset on disk: verified pairs, RL tasks, the ledger that makes runs resumable, and stats.

Layout under the output directory:

    pairs/pairs-00000.jsonl.gz   SFT pairs (PairRecord per line), shards of at most 16 MiB
    rl/rl-00000.jsonl.gz         RL tasks (RLTask per line): prompt and reference, no answer
    ledger.jsonl                 one TaskOutcome per judged task: the resume index and the stats' input
    tasks/                       the zoo's region tasks, collected once per (architecture, mode)
    stats.json, STATS.md         counts per source, family, dtype and split; pass rate; rejection reasons

Shards are written as `*.part` and renamed when closed; ledger lines are appended only after the
shards holding their records are renamed. A run that is killed loses at most the open batch,
whose `*.part` files the next run deletes before redoing those tasks.
"""
from __future__ import annotations

import gzip
import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
SHARD_LIMIT_BYTES = 16 * 2**20
_GZIP_TRAILER_BYTES = 64  # deflate's final block and gzip's CRC and length


@dataclass(frozen=True)
class PairRecord:
    """One verified (task, Triton kernel) pair: the SFT unit."""

    task_key: str
    task_name: str
    origin: str  # "zoo", "synthetic" or "regions" (program_regions.py)
    source: str  # where the task came from, e.g. "zoo:swiglu_ffn:training", "synthetic:123"
    families: list[str]
    composition: str
    dtype: str
    split: str  # "train" or "test": by composition, see families.split_of
    task: dict[str, Any]  # KernelTask.to_json(): reference source, input specs, symbols, key
    prompt: list[dict[str, str]]  # autotriton_backend.prompt.first_prompt(task)
    target: str  # the ModelNew source (the completion is prompt.assistant_message(target, ""))
    variant: int  # which launch-config variant of the teacher's kernels
    verdict: dict[str, Any]  # VerdictSummary as a dict
    prompt_version: str
    teacher: dict[str, Any]  # torch/triton versions, device, inductor settings
    schema: int = SCHEMA_VERSION


@dataclass(frozen=True)
class VerdictSummary:
    correct: bool
    failure: str
    device: str
    max_abs_error: float | None
    max_rel_error: float | None
    candidate_ms: float | None
    eager_ms: float | None
    inductor_ms: float | None
    speedup_vs_eager: float | None
    speedup_vs_inductor: float | None

    @staticmethod
    def of(verdict: Any) -> "VerdictSummary":
        timings = verdict.timings
        return VerdictSummary(
            correct=verdict.correct, failure=getattr(verdict, "failure", ""), device=verdict.device,
            max_abs_error=verdict.max_abs_error, max_rel_error=verdict.max_rel_error,
            candidate_ms=timings.candidate_ms if timings else None, eager_ms=timings.eager_ms if timings else None,
            inductor_ms=timings.inductor_ms if timings else None,
            speedup_vs_eager=verdict.speedup_vs_eager, speedup_vs_inductor=verdict.speedup_vs_inductor)


@dataclass(frozen=True)
class RLTask:
    """A task for RL: the prompt and the reference the reward verifies against, no answer."""

    task_key: str
    task_name: str
    origin: str
    source: str
    families: list[str]
    composition: str
    dtype: str
    split: str
    hard: bool  # drawn as a hard program, or the teacher found no verified kernel for it
    teacher_solved: bool | None  # None: recorded without the teacher (rl_tasks.py); the ledger has any later outcome
    task: dict[str, Any]
    prompt: list[dict[str, str]]
    prompt_version: str
    schema: int = SCHEMA_VERSION


@dataclass(frozen=True)
class TaskOutcome:
    """What happened to one task; one ledger line."""

    task_key: str
    origin: str
    source: str
    families: list[str]
    composition: str
    dtype: str
    split: str
    status: str  # "verified", "rejected" (no candidate passed), "teacher_failed", "task_broken"
    reasons: list[str] = field(default_factory=list)  # one per rejected candidate or failure
    candidates: int = 0
    pairs: int = 0
    seconds: float = 0.0  # capture and judging together
    capture_seconds: float = 0.0  # inductor's compile and the cleaning alone
    verifier_stages: dict[str, float] = field(default_factory=dict)  # the verdicts' stage_seconds, summed


class ShardWriter:
    """gzip JSON lines in numbered shards below SHARD_LIMIT_BYTES, each renamed into place when closed."""

    def __init__(self, directory: Path, prefix: str, limit_bytes: int = SHARD_LIMIT_BYTES):
        self.directory, self.prefix, self.limit_bytes = directory, prefix, limit_bytes
        directory.mkdir(parents=True, exist_ok=True)
        for stale in directory.glob(f"{prefix}-*.jsonl.gz.part"):
            stale.unlink()  # an interrupted run's open shard: its tasks are not in the ledger
        numbers = [int(p.name[len(prefix) + 1:].split(".")[0]) for p in directory.glob(f"{prefix}-*.jsonl.gz")]
        self.next_number = max(numbers, default=-1) + 1
        self._raw: Any = None
        self._gzip: gzip.GzipFile | None = None
        self._path: Path | None = None

    def write(self, record: dict[str, Any]) -> None:
        line = (json.dumps(record, sort_keys=True) + "\n").encode()
        if self._gzip is not None and self._raw.tell() + len(line) + _GZIP_TRAILER_BYTES > self.limit_bytes:
            self.close()  # compressed, the line takes at most its own length: the shard stays under the limit
        if self._gzip is None:
            self._path = self.directory / f"{self.prefix}-{self.next_number:05d}.jsonl.gz.part"
            self.next_number += 1
            self._raw = open(self._path, "wb")
            self._gzip = gzip.GzipFile(fileobj=self._raw, mode="wb", mtime=0)
        self._gzip.write(line)
        self._gzip.flush()  # so the file's size is exact

    def close(self) -> None:
        """Finish the open shard (if any) and rename it into place."""
        if self._gzip is None:
            return
        self._gzip.close()
        self._raw.flush()
        os.fsync(self._raw.fileno())
        self._raw.close()
        assert self._path is not None
        self._path.rename(self._path.with_suffix(""))  # drop ".part"
        self._gzip = self._raw = self._path = None


class Ledger:
    """Append-only JSON lines of TaskOutcome; its keys are the tasks a run skips."""

    def __init__(self, path: Path):
        self.path = path
        self.outcomes: list[TaskOutcome] = list(read_ledger(path)) if path.exists() else []
        self.done = {o.task_key for o in self.outcomes}

    def append(self, outcomes: list[TaskOutcome]) -> None:
        with open(self.path, "a") as handle:
            for outcome in outcomes:
                handle.write(json.dumps(asdict(outcome), sort_keys=True) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        self.outcomes.extend(outcomes)
        self.done.update(o.task_key for o in outcomes)


def read_ledger(path: Path) -> Iterator[TaskOutcome]:
    with open(path) as handle:
        for line in handle:
            if line.strip():
                yield TaskOutcome(**json.loads(line))


TEACHER_SHARDS = {"inductor": "pairs", "direct": "direct"}  # a teacher -> the shard prefix of its pairs in pairs/


class DataError(ValueError):
    """The dataset directory is missing or holds no records of the kind and split asked for."""


def split_records(data: Path, kind: str, split: str, prefix: str | None = None) -> list[dict[str, Any]]:
    """The records of one kind (`pairs` or `rl`) in one split, from the shards `prefix`-* (default: the kind's own;
    the direct teacher's pairs are `direct`-*); a DataError that says how to get a dataset."""
    directory, prefix = data / kind, prefix or kind
    if not any(directory.glob(f"{prefix}-*.jsonl.gz")):
        how = ("python -m training.data.direct.generate --data DIR" if prefix == TEACHER_SHARDS["direct"]
               else "autotriton train data --out DIR` (training/data/README.md")
        raise DataError(f"no dataset at {data} (no {directory}/{prefix}-*.jsonl.gz): build one with `{how}`; "
                        f"the committed one is training/dataset")
    records = [r for r in read_records(directory, prefix) if r["split"] == split]
    if not records:
        raise DataError(f"{directory} holds no '{split}' records")
    return records


def record_keys(directory: Path, prefix: str) -> set[str]:
    """The task keys of the closed shards: what a run must not write a second record for."""
    return {record["task_key"] for record in read_records(directory, prefix)}


def read_records(directory: Path, prefix: str) -> Iterator[dict[str, Any]]:
    """Every record of the closed shards `directory/prefix-*.jsonl.gz`, in shard order."""
    for path in sorted(directory.glob(f"{prefix}-*.jsonl.gz")):
        yield from _shard_records(path)


def _shard_records(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt") as handle:
        return [json.loads(line) for line in handle]


def keep_records(directory: Path, prefix: str, keep: Callable[[dict[str, Any]], bool]) -> None:
    """Drop from the closed shards every record `keep` refuses. A shard is replaced whole (written beside it, then
    renamed over it), so a run killed meanwhile keeps the old one."""
    for path in sorted(directory.glob(f"{prefix}-*.jsonl.gz")):
        records = _shard_records(path)
        kept = [r for r in records if keep(r)]
        if len(kept) == len(records):
            continue
        rewritten = path.with_name(path.name + ".rewrite")
        with open(rewritten, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as zipped:
            zipped.writelines((json.dumps(r, sort_keys=True) + "\n").encode() for r in kept)
        os.replace(rewritten, path)


def write_stats(out: Path, outcomes: list[TaskOutcome]) -> dict[str, Any]:
    """stats.json and STATS.md under `out`, over the ledger's outcomes and the closed RL shards."""
    summary = stats(outcomes, list(read_records(out / "rl", "rl")))
    (out / "stats.json").write_text(json.dumps(summary, indent=1) + "\n")
    (out / "STATS.md").write_text(stats_markdown(summary))
    return summary


def stats(outcomes: list[TaskOutcome], rl: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts per origin, family, dtype and split; pass rates; rejection reasons; the RL set's counts."""
    judged = [o for o in outcomes if o.status in ("verified", "rejected")]
    verified = [o for o in outcomes if o.status == "verified"]

    def table(key: Any) -> dict[str, dict[str, int]]:
        rows: dict[str, Counter] = {}
        for outcome in outcomes:
            for name in key(outcome):
                row = rows.setdefault(name, Counter())
                row["tasks"] += 1
                row["verified_tasks"] += outcome.status == "verified"
                row["pairs"] += outcome.pairs
        return {name: dict(row) for name, row in sorted(rows.items())}

    candidates = sum(o.candidates for o in judged)
    correct = sum(o.pairs for o in judged)
    return {
        "tasks": len(outcomes),
        "pairs": sum(o.pairs for o in outcomes),
        "tasks_verified": len(verified),
        "task_pass_rate": round(len(verified) / len(judged), 4) if judged else None,
        "candidate_pass_rate": round(correct / candidates, 4) if candidates else None,
        "status": dict(Counter(o.status for o in outcomes)),
        "rejection_reasons": dict(Counter(r for o in outcomes for r in o.reasons).most_common()),
        "by_origin": table(lambda o: [o.origin]),
        "by_family": table(lambda o: o.families or ["none"]),
        "by_dtype": table(lambda o: [o.dtype]),
        "by_split": table(lambda o: [o.split]),
        "compositions": {"train": len({o.composition for o in outcomes if o.split == "train"}),
                         "test": len({o.composition for o in outcomes if o.split == "test"})},
        "seconds_per_task": round(sum(o.seconds for o in outcomes) / len(outcomes), 2) if outcomes else None,
        "rl": rl_stats(rl),
    }


def rl_stats(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The RL set per origin and split: tasks, how the teacher fared (solved, failed, not asked), hard ones."""
    teacher = {True: "teacher_solved", False: "teacher_failed", None: "teacher_not_asked"}

    def table(field_name: str) -> dict[str, dict[str, int]]:
        rows: dict[str, Counter] = {}
        for record in records:
            row = rows.setdefault(record[field_name], Counter())
            row["tasks"] += 1
            row[teacher[record["teacher_solved"]]] += 1
            row["hard"] += record["hard"]
        return {name: dict(row) for name, row in sorted(rows.items())}

    return {
        "tasks": len(records),
        "by_origin": table("origin"),
        "by_split": table("split"),
        "compositions": {split: len({r["composition"] for r in records if r["split"] == split})
                         for split in ("train", "test")},
    }


def stats_markdown(summary: dict[str, Any]) -> str:
    lines = [
        "# Training data: stats", "",
        f"tasks {summary['tasks']} · verified tasks {summary['tasks_verified']} · pairs {summary['pairs']} · "
        f"task pass rate {summary['task_pass_rate']} · candidate pass rate {summary['candidate_pass_rate']} · "
        f"compositions train {summary['compositions']['train']} / test {summary['compositions']['test']}", "",
        f"status: {summary['status']}", "",
    ]
    for title in ("by_origin", "by_split", "by_dtype", "by_family"):
        lines += [f"## {title.replace('_', ' ')}", "", "| name | tasks | verified tasks | pairs |", "|---|---|---|---|"]
        lines += [f"| {name} | {row.get('tasks', 0)} | {row.get('verified_tasks', 0)} | {row.get('pairs', 0)} |"
                  for name, row in summary[title].items()]
        lines.append("")
    lines += ["## rejection reasons", "", "| reason | count |", "|---|---|"]
    lines += [f"| {reason} | {count} |" for reason, count in summary["rejection_reasons"].items()]
    rl = summary["rl"]
    lines += ["", "## RL tasks", "",
              f"tasks {rl['tasks']} · compositions train {rl['compositions']['train']} / test {rl['compositions']['test']}"]
    columns = ("tasks", "teacher_solved", "teacher_failed", "teacher_not_asked", "hard")
    for title in ("by_origin", "by_split"):
        lines += ["", f"### {title.replace('_', ' ')}", "",
                  "| name | " + " | ".join(c.replace("_", " ") for c in columns) + " |", "|---" * (len(columns) + 1) + "|"]
        lines += [f"| {name} | " + " | ".join(str(row.get(c, 0)) for c in columns) + " |" for name, row in rl[title].items()]
    return "\n".join(lines) + "\n"
