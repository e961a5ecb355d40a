"""Session 28: how often an honest decomposed addmm (the direct teacher's: the mm rounded to the task's dtype,
then the bias added) fails the sets the judge draws as set B, on CPU, in pure torch.

    python examples/verifier/spread_decomposed_addmm.py addmm+tanh 100
(needs runs/dataset49, made as examples/results/run_eval_gpu.sh says)
"""
import collections, gzip, glob, json, sys, tempfile
from pathlib import Path

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import judge
from autotriton_backend.verifier.comparison import within
from autotriton_backend.verifier.inputs import example_sizes


class Decomposed(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.addmm.default:
            bias, a, b = args[:3]
            mm = (a.float() @ b.float()).to(a.dtype)
            return (mm.float() + bias.float()).to(a.dtype)
        return func(*args, **(kwargs or {}))


names = sys.argv[1].split(",") if len(sys.argv) > 1 else ["addmm+tanh"]
seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 100
tasks = []
for f in sorted(glob.glob("runs/dataset49/rl/*.gz")):
    for line in gzip.open(f):
        r = json.loads(line)
        if r["task_name"] in names and r["dtype"] in ("bfloat16", "float16"):
            tasks.append(KernelTask.from_json(r["task"]))
for task in tasks:
    reference, _ = judge._reference_model(task, "cpu")
    wide = judge._wide_copy(reference, task, "cpu")
    sizes = example_sizes(task)
    fails, rungs = 0, collections.Counter()
    with tempfile.TemporaryDirectory() as d:
        for seed in range(seeds):
            sub = Path(d) / str(seed)
            sub.mkdir()
            failed = False
            for trial in judge._trials("B", sizes, seed, task, reference, wide, "cpu", sub, spread=True):
                with torch.no_grad(), Decomposed():
                    out = reference(*[x.clone() if isinstance(x, torch.Tensor) else x for x in trial.inputs])
                failed |= not within(out, trial.expected[0], trial.tolerances[0])[0]
                rungs[str(trial.draw)] += 1
            fails += failed
    print(task.name, task.inputs[0].dtype, [s.shape for s in task.inputs], f"fail {fails}/{seeds}", dict(rungs))
