"""Issue 8's spot check: a random sample of committed pairs re-verified with `autotriton verify`, as a new user would.

Each sampled pair's task and target are written as two files and judged by the command line in a fresh process
(`autotriton verify TASK CANDIDATE --json`), so nothing of the generator's process is reused.

    python examples/results/reverify_pairs.py --count 20 --device cpu --out training/dataset/reverify_cpu.json

`--jobs N` runs N of those commands at once (each starts its own verifier, as a user's would).
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from autotriton_backend.task import KernelTask
from training.data.dataset import read_records

DATASET = Path(__file__).resolve().parents[2] / "training" / "dataset"


def reverify(pair: dict, device: str, folder: Path) -> dict:
    folder.mkdir()
    task = KernelTask.from_json(pair["task"])
    task_file, candidate_file = folder / "task.py", folder / "candidate.py"
    task_file.write_text(task.source)
    candidate_file.write_text(pair["target"])
    command = [sys.executable, "-m", "autotriton_backend.cli", "verify", str(task_file), str(candidate_file),
               "--json", "--device", device]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900)
    try:
        verdict = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        verdict = {"correct": False, "error": (done.stderr or done.stdout)[-500:]}
    return {"task_key": pair["task_key"], "variant": pair["variant"], "source": pair["source"],
            "composition": pair["composition"], "dtype": pair["dtype"], "exit": done.returncode,
            "correct": bool(verdict.get("correct")), "hacked": bool(verdict.get("hacked")),
            "failure": verdict.get("failure", verdict.get("error", ""))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--device", choices=["cuda", "cpu"], default="cpu")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=1, help="pairs verified at once")
    args = parser.parse_args()
    pairs = list(read_records(DATASET / "pairs", "pairs"))
    sample = random.Random(args.seed).sample(pairs, min(args.count, len(pairs)))
    rows: list[dict] = []
    held = 0
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(args.jobs) as jobs:
        futures = [jobs.submit(reverify, pair, args.device, Path(folder) / str(index)) for index, pair in enumerate(sample)]
        for future in as_completed(futures):  # each row printed and saved as it comes: a call cut short keeps them
            row = future.result()
            rows.append(row)
            print(f"{len(rows)}/{len(sample)} {row['source']} {row['composition']}: "
                  f"{'correct' if row['correct'] else 'NOT correct ' + str(row['failure'])[:200]}", flush=True)
            held = sum(r["correct"] and not r["hacked"] for r in rows)
            summary = {"device": args.device, "pairs_in_dataset": len(pairs), "sampled": len(sample), "judged": len(rows), "seed": args.seed,
                       "held_up": held, "rows": rows}
            args.out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"{held} of {len(rows)} sampled pairs held up on {args.device}")
    return 0 if held == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
