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
import time
from collections import Counter
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import asdict
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


def earlier_answers(data: Path) -> set[str]:
    """The task keys whose committed pair is still what this library and translator write: those are kept and not
    judged again. Every other pair is dropped from its shard and its task judged again, so a translator change
    re-judges only the answers it changed (777 of 6,744 for session 14's sizes read from tensors)."""
    keep = {r["task_key"] for r in read_records(data / "pairs", PREFIX)
            if r["teacher"].get("library_sha256") == library_sha256() and _still_written(r)}
    keep_records(data / "pairs", PREFIX, lambda record: record["task_key"] in keep)
    return keep


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
             max_seconds: float | None = None) -> dict[str, Any]:
    """Judge and write; after `max_seconds` the verdicts not yet back are left out (counted as `unjudged`)."""
    started = time.monotonic()
    earlier = earlier_answers(data)
    records = [r for r in dataset_tasks(data) if r["task_key"] not in earlier][:limit]
    counts: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    answers = []
    for record in records:
        try:
            answers.append((record, direct_answer(KernelTask.from_json(record["task"]))))
        except Unsupported as exc:
            counts[f"{record['split']}:unsupported"] += 1
            reasons[f"unsupported: {exc}"] += 1
    writer = ShardWriter(data / "pairs", PREFIX)
    written = 0
    options = VerifyOptions(device=device, time_kernels=False)
    with VerifierPool(device, workers) as pool:
        teacher = teacher_info(pool.device)
        futures = [(record, answer, pool.submit(KernelTask.from_json(record["task"]),
                                                Candidate(answer, Provenance(engine=ENGINE, prompt_version=PROMPT_VERSION)), options))
                   for record, answer in answers]
        for record, answer, future in tqdm(futures, desc="direct teacher", unit="task"):
            left = None if max_seconds is None else max_seconds - (time.monotonic() - started)
            try:
                verdict = future.result(timeout=None if left is None else max(left, 0.001))
            except FutureTimeout:
                counts[f"{record['split']}:unjudged"] += 1
                continue
            except TaskError as exc:  # the task's reference fails on this device: no answer can be judged
                counts[f"{record['split']}:task_broken"] += 1
                reasons[f"task_broken: {str(exc)[:80]}"] += 1
                continue
            if verdict.correct:
                counts[f"{record['split']}:correct"] += 1
                counts[f"{record['split']}:correct:{record['dtype']}"] += 1
                writer.write(asdict(pair_record(record, answer, verdict, teacher)))
                written += 1
                if written % COMMIT_EVERY_PAIRS == 0:
                    writer.close()  # committed: the next pair opens a new shard
            else:
                counts[f"{record['split']}:rejected"] += 1
                reason = rejection_reason(verdict)
                reasons[reason] += 1
                if len(examples.setdefault(reason, [])) < 5:  # what the library must fix, task by task
                    check = verdict.failed_check
                    examples[reason].append(f"{record['task_name']}: {check.reason[:300] if check else ''}")
    writer.close()
    pairs = Counter(r["split"] for r in read_records(data / "pairs", PREFIX))
    summary = {"tasks": len(records), "earlier": len(earlier), "pairs": dict(sorted(pairs.items())),
               "device": teacher["gpu"], "counts": dict(sorted(counts.items())),
               "reasons": dict(reasons.most_common()), "examples": examples}
    (data / "direct.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("training/dataset"), help="dataset directory")
    parser.add_argument("--device", default="auto", help="cuda, cuda:N or cpu (the Triton interpreter: slow)")
    parser.add_argument("--workers", type=int, default=None, help="sandboxed verifier slots (default: the cores)")
    parser.add_argument("--limit", type=int, default=None, help="judge only the first N tasks (a smoke test)")
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="write what is judged by then and stop (the rest is counted as unjudged)")
    args = parser.parse_args(argv)
    print(json.dumps(generate(args.data, args.device, args.workers, args.limit, args.max_seconds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
