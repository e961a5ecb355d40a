"""Session 28: per dtype, the share of test-split tasks (runs/dataset49) whose first output is judged on a spread
rung, with today's nudge and with the float32-only nudge of round 35.

    python examples/verifier/spread_share.py   (needs runs/dataset49; about 5 minutes)
"""
import collections, gzip, glob, json, sys, tempfile
from pathlib import Path
import torch
from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import judge
from autotriton_backend.verifier.inputs import example_sizes

records = [json.loads(l) for f in sorted(glob.glob("runs/dataset49/rl/*.gz")) for l in gzip.open(f)]
records = [r for r in records if r["split"] == "test"]
per = collections.defaultdict(list)
for r in records:
    per[r["dtype"]].append(r)
today = judge.nudge
for label, rule in (("float32 nudge (round 35)", lambda d: 8 * torch.finfo(torch.float32).eps), ("dtype nudge", today)):
    judge.nudge = rule
    for dtype, rs in sorted(per.items()):
        spread = total = 0
        for r in rs[:40]:
            task = KernelTask.from_json(r["task"])
            try:
                reference, _ = judge._reference_model(task, "cpu")
                wide = judge._wide_copy(reference, task, "cpu")
                with tempfile.TemporaryDirectory() as d:
                    trials = judge._trials("B", example_sizes(task), 1, task, reference, wide, "cpu", Path(d),
                                           spread=True)
            except Exception:  # a task the CPU reference cannot build or run: not counted
                continue
            total += 1
            spread += any(0 in t.judged and t.draw.top > 1 for t in trials)
        print(f"{label}: {dtype}: output 0 spread in {spread}/{total}", flush=True)
