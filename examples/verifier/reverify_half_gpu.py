"""Every half-precision training pair judged again on the GPU by today's verifier, on one warm pool.

The tolerance's floor follows the output's typical size since round attack69 (tests/attacks/README.md), which was
measured on only 9 bfloat16/float16 outputs on the CPU. Each pair's target is an honest answer the verifier accepted
when the dataset was built; a `mismatch` here is an honest answer today's comparison refuses.

    python examples/verifier/reverify_half_gpu.py --out $OUT/reverify_half.json [--seconds 300] [--workers 16]

Pairs go in a fixed shuffled order (`--seed`), so a call cut short by `--seconds` is a random sample; rows are saved
as they come.
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
    return {"task_key": pair["task_key"], "dtype": pair["dtype"], "source": pair["source"],
            "composition": pair["composition"], "correct": verdict.correct, "failure": verdict.failure,
            "reason": failed.reason[:400] if failed else "", "max_abs_error": verdict.max_abs_error,
            "max_rel_error": verdict.max_rel_error, "basis": verdict.reference_basis}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seconds", type=float, default=300.0, help="stop submitting after this long")
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--device", choices=["cuda", "cpu"], default="cuda", help="cpu: a smoke run of the script")
    args = parser.parse_args()
    pairs = [p for p in read_records(PAIRS, "pairs") if p["dtype"] in HALF]
    random.Random(args.seed).shuffle(pairs)
    options = VerifyOptions(device=args.device, time_kernels=False)
    start = time.perf_counter()
    rows: list[dict] = []
    with VerifierPool(args.device, workers=args.workers) as pool:
        pending = {}
        queue = iter(pairs)
        while True:
            while len(pending) < 2 * args.workers and time.perf_counter() - start < args.seconds:
                pair = next(queue, None)
                if pair is None:
                    break
                task = KernelTask.from_json(pair["task"])
                pending[pool.submit(task, Candidate(pair["target"]), options)] = pair
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                rows.append(row(pending.pop(future), future.result()))
                if not rows[-1]["correct"]:
                    print(f"NOT correct: {json.dumps(rows[-1])[:600]}", flush=True)
            summary = {"device": torch.cuda.get_device_name() if args.device == "cuda" else "cpu", "half_pairs": len(pairs), "judged": len(rows),
                       "seconds": round(time.perf_counter() - start, 1),
                       "by_dtype": {d: dict(Counter(r["failure"] or "correct" for r in rows if r["dtype"] == d))
                                    for d in HALF},
                       "rows": rows}
            args.out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"{summary['device']}: {len(rows)} of {len(pairs)} half-precision pairs judged in {summary['seconds']} s; "
          f"{summary['by_dtype']}")


if __name__ == "__main__":
    main()
