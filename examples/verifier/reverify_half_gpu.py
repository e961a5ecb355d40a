"""Every half-precision training pair judged again on the GPU by today's verifier, on one warm pool.

The tolerance's floor follows the output's typical size since round attack69 (tests/attacks/README.md), which was
measured on only 9 bfloat16/float16 outputs on the CPU. Each pair's target is an honest answer the verifier accepted
when the dataset was built; a `mismatch` here is an honest answer today's comparison refuses.

    python examples/verifier/reverify_half_gpu.py --out $OUT/reverify_half.json [--seconds 300] [--workers 16]

Pairs go in a fixed shuffled order (`--seed`), so a call cut short by `--seconds` is a random sample; rows are saved
as they come. `--task-key PREFIX --repeat N` judges only that task's pairs, each N times: on one pool, so on one
reference set per task (a judge reuses a task's secret inputs for `judge.REUSE` candidates): it shows whether a
refusal follows the answer on those inputs, not how often fresh draws refuse it (`reverify_float32_cpu.py --index
--repeat` opens a fresh pool per verdict).
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, wait
from pathlib import Path

import torch

from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions
from training.data.dataset import read_records

PAIRS = Path(__file__).resolve().parents[2] / "training" / "dataset" / "pairs"
HALF = ("bfloat16", "float16")


def row(pair: dict, verdict) -> dict:
    failed = verdict.failed_check
    return {"task_key": pair["task_key"], "dtype": pair["dtype"], "variant": pair["variant"], "source": pair["source"],
            "composition": pair["composition"], "correct": verdict.correct, "failure": verdict.failure,
            "reason": failed.reason if failed else "", "max_abs_error": verdict.max_abs_error,
            "max_rel_error": verdict.max_rel_error, "basis": verdict.reference_basis}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seconds", type=float, default=300.0, help="stop submitting after this long")
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--task-key", default="", help="only pairs whose task_key starts with this")
    parser.add_argument("--repeat", type=int, default=1, help="judge each pair this many times")
    parser.add_argument("--device", choices=["cuda", "cpu"], default="cuda", help="cpu: a smoke run of the script")
    args = parser.parse_args()
    pairs = [p for p in read_records(PAIRS, "pairs") if p["dtype"] in HALF and p["task_key"].startswith(args.task_key)]
    random.Random(args.seed).shuffle(pairs)
    jobs = [(pair, f"{pair['target']}\n# repeat {i}\n" if args.repeat > 1 else pair["target"])  # no verdict reused
            for pair in pairs for i in range(args.repeat)]
    options = VerifyOptions(device=args.device, time_kernels=False)
    start = time.perf_counter()
    rows: list[dict] = []
    with VerifierPool(args.device, workers=args.workers) as pool:
        pending = {}
        queue = iter(jobs)
        while True:
            while len(pending) < 2 * args.workers and time.perf_counter() - start < args.seconds:
                pair, source = next(queue, (None, ""))
                if pair is None:
                    break
                pending[pool.submit(KernelTask.from_json(pair["task"]), Candidate(source), options)] = pair
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                rows.append(row(pending.pop(future), future.result()))
                if not rows[-1]["correct"]:
                    print(f"NOT correct: {json.dumps(rows[-1])[:600]}", flush=True)
            summary = {"device": torch.cuda.get_device_name() if args.device == "cuda" else "cpu", "half_pairs": len(pairs),
                       "repeat": args.repeat, "judged": len(rows),
                       "seconds": round(time.perf_counter() - start, 1),
                       "by_dtype": {d: dict(Counter(r["failure"] or "correct" for r in rows if r["dtype"] == d))
                                    for d in HALF},
                       "rows": rows}
            args.out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"{summary['device']}: {len(rows)} of {len(jobs)} half-precision verdicts in {summary['seconds']} s; "
          f"{summary['by_dtype']}")


if __name__ == "__main__":
    main()
