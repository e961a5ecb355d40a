"""The honest check of rounds attack35-36 and session 28: 3 correct direct-teacher pairs per (family, dtype), at
most 16,384 input elements, bfloat16 left out (the interpreter's bfloat16 arithmetic is wrong), judged on the CPU
pool. Prints each rejection and the count.

    python examples/verifier/honest_pairs_cpu.py   (about 2-4 minutes on 2 cores)
"""
import collections, glob, gzip, json, math, random, sys, time

from autotriton_backend import Candidate, KernelTask, VerifyOptions
from autotriton_backend.verifier.pool import VerifierPool

groups = collections.defaultdict(list)
for f in sorted(glob.glob("training/dataset/pairs/direct-*.jsonl.gz")):
    for line in gzip.open(f):
        r = json.loads(line)
        v = r["verdict"] if isinstance(r["verdict"], dict) else {}
        if r["dtype"] == "bfloat16" or not v.get("correct", True):
            continue
        shapes = [s["shape"] for s in r["task"]["inputs"] if not s["scalar"]]
        if any(isinstance(d, str) for s in shapes for d in s) or sum(math.prod(s) for s in shapes) > 16384:
            continue
        groups[(r["families"][0], r["dtype"])].append(r)
rng = random.Random(35)
chosen = [r for key in sorted(groups) for r in rng.sample(groups[key], min(3, len(groups[key])))]
print(len(chosen), "pairs", flush=True)
pool = VerifierPool("cpu", workers=2)
start = time.time()
futures = [(r, pool.submit(KernelTask.from_json(r["task"]), Candidate(r["target"]),
                           VerifyOptions(device="cpu", timeout_s=120, time_kernels=False))) for r in chosen]
correct = 0
for r, fut in futures:
    v = fut.result()
    correct += v.correct
    if not v.correct:
        print("REJECTED", r["task_key"][:12], r["dtype"], r["task_name"], v.feedback[:300].replace("\n", " "),
              flush=True)
print(f"correct {correct}/{len(chosen)} in {time.time() - start:.0f} s")
