"""`python -m training.data.direct.generate --data DIR`: the direct teacher's answer to every task of a dataset, judged.

Reads the tasks of DIR's pairs and RL records, translates each (`translate.direct_answer`), judges the answers on
a verifier pool (untimed: these pairs teach correctness) and writes the correct ones as PairRecords to
DIR/pairs/direct-*.jsonl.gz, with DIR/direct.json: the counts by split and dtype and every failure's reason. Both
splits are judged, so the summary says how much of the held-out split the library covers; SFT reads only the
train split. It takes minutes on a GPU, about 10 s a task on a CPU. Re-running continues: the tasks earlier runs
answered with an answer this library and translator still write are kept and not judged again (their pairs are
committed every COMMIT_EVERY_PAIRS, so a killed run loses at most that many); any other task is judged again.
"""
from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import math
import time
from collections import Counter
from concurrent.futures import Future, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.prompt import PROMPT_VERSION, first_prompt
from autotriton_backend.task import KernelTask, TaskError
from autotriton_backend.verifier import VerifierPool, VerifyOptions

from ..dataset import TEACHER_SHARDS, PairRecord, ShardWriter, VerdictSummary, keep_records, read_records
from ..judge import rejection_reason
from . import library
from .translate import Unsupported, direct_answer

PREFIX = TEACHER_SHARDS["direct"]
ENGINE = "direct-teacher"
COMMIT_EVERY_PAIRS = 500


def dataset_tasks(data: Path) -> list[dict[str, Any]]:
    """One record per task key (pairs first, then RL tasks): the train split first, each split by key."""
    tasks: dict[str, dict[str, Any]] = {}
    for kind in ("pairs", "rl"):
        for record in read_records(data / kind, kind):
            tasks.setdefault(record["task_key"], record)
    return sorted(tasks.values(), key=lambda r: (r["split"] != "train", r["task_key"]))


def library_sha256() -> str:
    return hashlib.sha256(Path(inspect.getsourcefile(library)).read_bytes()).hexdigest()


def teacher_info(device: str) -> dict[str, Any]:
    import torch
    import triton

    gpu = torch.cuda.get_device_name(device) if device.startswith("cuda") else "none (Triton interpreter)"
    return {"name": "direct", "library_sha256": library_sha256(), "torch": torch.__version__,
            "triton": triton.__version__, "gpu": gpu}


def earlier_answers(data: Path, origin: str | None = None) -> set[str]:
    """The task keys whose committed pair is still what this library and translator write: those are kept and not
    judged again. Every other pair is dropped from its shard and its task judged again, so a translator change
    re-judges only the answers it changed (777 of 6,744 for session 14's sizes read from tensors). With `origin`,
    only that origin's pairs are checked; the others are kept as they are and their tasks not judged."""
    sha256 = library_sha256()
    records = (r for r in read_records(data / "pairs", PREFIX) if _covers(origin, r))
    keep = {r["task_key"] for r in tqdm(records, desc="earlier answers", unit="pair")
            if r["teacher"].get("library_sha256") == sha256 and _still_written(r)}
    keep_records(data / "pairs", PREFIX, lambda record: record["task_key"] in keep or not _covers(origin, record))
    return keep


def _covers(origin: str | None, record: dict[str, Any]) -> bool:
    """Whether a run limited to `origin` (None: every origin) judges the record's task."""
    return origin is None or record["origin"] == origin


def _still_written(record: dict[str, Any]) -> bool:
    try:
        return direct_answer(KernelTask.from_json(record["task"])) == record["target"]
    except Unsupported:
        return False


def pair_record(record: dict[str, Any], target: str, verdict: Any, teacher: dict[str, Any]) -> PairRecord:
    task = KernelTask.from_json(record["task"])
    return PairRecord(task_key=record["task_key"], task_name=record["task_name"], origin=record["origin"],
                      source=record["source"], families=record["families"], composition=record["composition"],
                      dtype=record["dtype"], split=record["split"], task=record["task"], prompt=first_prompt(task),
                      target=target, variant=0, verdict=asdict(VerdictSummary.of(verdict)), prompt_version=PROMPT_VERSION,
                      teacher=teacher)


def generate(data: Path, device: str, workers: int | None, limit: int | None,
             max_seconds: float | None = None, origin: str | None = None) -> dict[str, Any]:
    """Judge and write within `max_seconds` (None: no limit), which covers the whole call: the answers are
    translated and submitted one at a time while the pool judges those before (the parent's static gate takes
    ~50 ms an answer, so preparing 9,000 before judging any spent a whole 600 s GPU call, run 103), and
    what is not back by then, submitted or not, is counted as `unjudged` for the next run. `origin` judges only
    the tasks of that origin (e.g. `chains`), leaving the other pairs as they are."""
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    answered = {r["task_key"] for r in read_records(data / "pairs", PREFIX)}
    earlier = earlier_answers(data, origin)
    # train first; in each split the tasks whose pair a changed translator dropped come first: the dataset a run
    # leaves has all its pairs back before a time limit spends the run on tasks no pair ever answered
    records = sorted((r for r in dataset_tasks(data) if r["task_key"] not in earlier and _covers(origin, r)),
                     key=lambda r: (r["split"] != "train", r["task_key"] not in answered))[:limit]
    tally = _Tally(ShardWriter(data / "pairs", PREFIX))
    options = VerifyOptions(device=device, time_kernels=False)
    with VerifierPool(device, workers) as pool, tqdm(total=len(records), desc="direct teacher", unit="task") as bar:
        tally.teacher = teacher_info(pool.device)
        in_flight: list[tuple[dict[str, Any], str, Future]] = []
        for record in records:
            if deadline is not None and time.monotonic() >= deadline:
                tally.counts[f"{record['split']}:unjudged"] += 1
                continue
            in_flight = _collect(tally, in_flight, bar)
            try:
                answer = direct_answer(KernelTask.from_json(record["task"]))
            except Unsupported as exc:
                tally.counts[f"{record['split']}:unsupported"] += 1
                tally.reasons[f"unsupported: {exc}"] += 1
                bar.update()
                continue
            candidate = Candidate(answer, Provenance(engine=ENGINE, prompt_version=PROMPT_VERSION))
            in_flight.append((record, answer, pool.submit(KernelTask.from_json(record["task"]), candidate, options)))
        left = math.inf if deadline is None else max(deadline - time.monotonic(), 0.0)
        in_flight = _collect(tally, in_flight, bar, wait_s=left)
        for record, _, _ in in_flight:
            tally.counts[f"{record['split']}:unjudged"] += 1
    tally.writer.close()
    pairs = Counter(r["split"] for r in read_records(data / "pairs", PREFIX))
    summary = {"tasks": len(records), "earlier": len(earlier), "pairs": dict(sorted(pairs.items())),
               "device": tally.teacher["gpu"], "counts": dict(sorted(tally.counts.items())),
               "reasons": dict(tally.reasons.most_common()), "examples": tally.examples}
    (data / "direct.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary


@dataclass
class _Tally:
    """What the verdicts so far came to: pairs written, counts by split and outcome, rejection reasons."""

    writer: ShardWriter
    teacher: dict[str, Any] = field(default_factory=dict)
    written: int = 0
    counts: Counter = field(default_factory=Counter)
    reasons: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, record: dict[str, Any], answer: str, future: Future) -> None:
        split = record["split"]
        try:
            verdict = future.result()
        except TaskError as exc:  # the task's reference fails on this device: no answer can be judged
            self.counts[f"{split}:task_broken"] += 1
            self.reasons[f"task_broken: {str(exc)[:80]}"] += 1
            return
        if verdict.correct:
            self.counts[f"{split}:correct"] += 1
            self.counts[f"{split}:correct:{record['dtype']}"] += 1
            self.writer.write(asdict(pair_record(record, answer, verdict, self.teacher)))
            self.written += 1
            if self.written % COMMIT_EVERY_PAIRS == 0:
                self.writer.close()  # committed: the next pair opens a new shard
            return
        self.counts[f"{split}:rejected"] += 1
        reason = rejection_reason(verdict)
        self.reasons[reason] += 1
        if len(self.examples.setdefault(reason, [])) < 5:  # what the library must fix, task by task
            check = verdict.failed_check
            self.examples[reason].append(f"{record['task_name']}: {check.reason[:300] if check else ''}")


def _collect(tally: _Tally, in_flight: list, bar: tqdm, wait_s: float = 0.0) -> list:
    """Tally the verdicts that are back and return the jobs still out, after waiting up to `wait_s` for them all."""
    if in_flight and wait_s > 0:
        wait([future for _, _, future in in_flight], timeout=None if math.isinf(wait_s) else wait_s)
    still = []
    for job in in_flight:
        if job[2].done():
            tally.add(*job)
            bar.update()
        else:
            still.append(job)
    return still


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("training/dataset"), help="dataset directory")
    parser.add_argument("--device", default="auto", help="cuda, cuda:N or cpu (the Triton interpreter: slow)")
    parser.add_argument("--workers", type=int, default=None, help="sandboxed verifier slots (default: the cores)")
    parser.add_argument("--limit", type=int, default=None, help="judge only the first N tasks (a smoke test)")
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="write what is judged by then and stop (the rest is counted as unjudged)")
    parser.add_argument("--origin", default=None,
                        help="judge only the tasks of this origin (e.g. chains); the other pairs stay as they are")
    args = parser.parse_args(argv)
    summary = generate(args.data, args.device, args.workers, args.limit, args.max_seconds, args.origin)
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
