"""Float32 training pairs judged again on the CPU (Triton interpreter) by one warm one-slot pool, at any commit.

Each pair's target is an honest answer the verifier accepted when the dataset was built; a refusal here is either an
answer that is wrong on inputs the verifier now draws, or a false refusal. Run it with PYTHONPATH at two commits to
compare them on the same pairs (session 41, round honest88):

    PYTHONPATH=. OMP_NUM_THREADS=1 taskset -c 0 python examples/verifier/reverify_float32_cpu.py \
        --out head.json --seconds 900
    PYTHONPATH=/tmp/old OMP_NUM_THREADS=1 taskset -c 0 python examples/verifier/reverify_float32_cpu.py \
        --out old.json --count N     # N: the rows head.json judged, so the same pairs

The sample: the float32 pairs whose example inputs hold at most `--max-elements` elements in all (the interpreter's
time grows with them), in a shuffled order fixed by `--seed`. `--index I --repeat R` judges only dataset pair I, R
times, each in a fresh pool (a pool reuses a task's secret inputs for 256 candidates: `judge.REUSE`), so R fresh draws.
Bfloat16 pairs are skipped: the interpreter computes bfloat16 wrongly (the verifier says so: `internal`).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions
from autotriton_backend.verifier.inputs import example_sizes
from training.data.dataset import read_records

PAIRS = Path(__file__).resolve().parents[2] / "training" / "dataset" / "pairs"


def input_elements(task: KernelTask) -> int:
    """Elements of the task's tensor inputs at its example sizes."""
    sizes = example_sizes(task)
    return sum(math.prod(sizes.get(d, d) if isinstance(d, str) else d for d in spec.shape)
               for spec in task.inputs if not spec.scalar)


def row(index: int, pair: dict, verdict, seconds: float) -> dict:
    failed = verdict.failed_check
    return {"index": index, "task_key": pair["task_key"], "variant": pair["variant"], "source": pair["source"],
            "composition": pair["composition"], "correct": verdict.correct, "failure": verdict.failure,
            "reason": failed.reason if failed else "", "max_abs_error": verdict.max_abs_error,
            "seconds": round(seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seconds", type=float, default=900.0, help="stop after this long")
    parser.add_argument("--count", type=int, default=0, help="judge only the first COUNT of the sample")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-elements", type=int, default=1 << 14)
    parser.add_argument("--index", type=int, default=-1, help="only this dataset pair (its index in read order)")
    parser.add_argument("--repeat", type=int, default=1, help="with --index: verdicts, each in a fresh pool")
    args = parser.parse_args()
    pairs = list(read_records(PAIRS, "pairs"))
    if args.index >= 0:
        jobs = [args.index] * args.repeat
    else:
        jobs = [i for i, p in enumerate(pairs) if p["dtype"] == "float32"
                and input_elements(KernelTask.from_json(p["task"])) <= args.max_elements]
        random.Random(args.seed).shuffle(jobs)
        jobs = jobs[:args.count or len(jobs)]
    options = VerifyOptions(device="cpu", time_kernels=False)
    start = time.perf_counter()
    rows: list[dict] = []
    summary: dict = {"judged": 0, "correct": 0, "seconds": 0.0}
    pool = VerifierPool("cpu", workers=1)
    try:
        for n, index in enumerate(jobs):
            if time.perf_counter() - start > args.seconds:
                break
            if n and args.index >= 0:  # fresh secret inputs for each verdict of the same task
                pool.close()
                pool = VerifierPool("cpu", workers=1)
            began = time.perf_counter()
            verdict = pool.submit(KernelTask.from_json(pairs[index]["task"]), Candidate(pairs[index]["target"]),
                                  options).result()
            rows.append(row(index, pairs[index], verdict, time.perf_counter() - began))
            if not verdict.correct:
                print(f"NOT correct: {json.dumps(rows[-1])[:900]}", flush=True)
            summary = {"sample": "float32 pairs, example inputs <= max_elements, shuffled by seed",
                       "max_elements": args.max_elements, "seed": args.seed, "eligible": len(jobs),
                       "judged": len(rows), "correct": sum(r["correct"] for r in rows),
                       "seconds": round(time.perf_counter() - start, 1), "rows": rows}
            args.out.write_text(json.dumps(summary, indent=1) + "\n")
    finally:
        pool.close()
    print(f"{summary['correct']} of {len(rows)} correct in {summary['seconds']} s")


if __name__ == "__main__":
    main()
