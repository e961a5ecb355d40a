"""How often honest answers fail the usual draw (set A) of the held-out split, and how `judge.EAGER_SLACK` changes
that: on CPU, in pure torch, each answer being the task's reference with its arithmetic changed as an honest
kernel's would be:

- eager: the reference in its dtype (PyTorch as the user runs it);
- chain32, chain64: one kernel per op, each computing in float32 (or float64: another rounding of its sums than
  eager's) and storing its result in the task's dtype;
- fused32: the reference in float32, stored in the dtype once (one fused kernel).

Slack 0 is the task's tolerance alone (the rule before `comparison.tolerances`).

    python examples/verifier/eager_slack.py [tasks per dtype] [seeds]   (defaults 40 and 10)
"""
import collections, copy, glob, gzip, json, sys, tempfile, time
from pathlib import Path

import torch
from torch.utils import _pytree as pytree
from torch.utils._python_dispatch import TorchDispatchMode

from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import comparison, judge
from autotriton_backend.verifier.inputs import example_sizes

SLACKS = (0.0, 1.5, 2.0, 3.0)
HALF = (torch.float16, torch.bfloat16)


class Chain(TorchDispatchMode):
    """Every op on half-precision values computes in `wide` and stores its result in their dtype."""

    def __init__(self, wide: torch.dtype) -> None:
        super().__init__()
        self.wide = wide

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        leaves = pytree.tree_leaves((args, kwargs))
        dtypes = [t.dtype for t in leaves if isinstance(t, torch.Tensor) and t.dtype in HALF]
        if not dtypes or func._schema.is_mutable or func.is_view:
            return func(*args, **(kwargs or {}))
        wide = pytree.tree_map(lambda t: t.to(self.wide) if isinstance(t, torch.Tensor) and t.dtype in HALF else t,
                               (args, kwargs or {}))
        out = func(*wide[0], **wide[1])
        return pytree.tree_map(lambda t: t.to(dtypes[0]) if isinstance(t, torch.Tensor) and t.is_floating_point()
                               else t, out)


def answers(reference):
    fused = copy.deepcopy(reference).float()

    def eager(inputs):
        return judge._as_tuple(reference(*inputs))

    def chain32(inputs):
        with Chain(torch.float32):
            return judge._as_tuple(reference(*inputs))

    def chain64(inputs):
        with Chain(torch.float64):
            return judge._as_tuple(reference(*inputs))

    def fused32(inputs):
        return judge._as_tuple(fused(*[x.float() if isinstance(x, torch.Tensor) and x.is_floating_point() else x
                                       for x in inputs]))

    return {"eager": eager, "chain32": chain32, "chain64": chain64, "fused32": fused32}


def failed_slacks(task: KernelTask, trial, answer) -> set[float]:
    """The slacks at which `answer` fails `trial`."""
    out = answer([x.clone() if isinstance(x, torch.Tensor) else x for x in trial.inputs])
    failing = set()
    for slack in SLACKS:
        comparison.EAGER_SLACK = slack
        tolerances = comparison.tolerances(task, trial.native, trial.expected)
        if not all(comparison.within(out[i].to(trial.native[i].dtype), trial.expected[i], tolerances[i])[0]
                   for i in trial.judged):
            failing.add(slack)
    return failing


def main(per_dtype: int, seeds: int) -> None:
    records = [json.loads(l) for f in sorted(glob.glob("runs/dataset49/rl/*.gz")) for l in gzip.open(f)]
    start = time.time()
    for dtype in ("bfloat16", "float16", "float32"):
        rs = [r for r in records if r["split"] == "test" and r["dtype"] == dtype][:per_dtype]
        sets = collections.Counter()  # (answer, slack) -> failed sets
        tasks = collections.defaultdict(set)  # (answer, slack) -> tasks failing some set
        widened = collections.Counter()  # slack -> sets where some output's tolerance grew
        counted = 0
        for r in rs:
            task = KernelTask.from_json(r["task"])
            try:
                reference, _ = judge._reference_model(task, "cpu")
                wide = judge._wide_copy(reference, task, "cpu")
                with tempfile.TemporaryDirectory() as d, torch.no_grad():
                    results = []
                    for seed in range(seeds):
                        (usual,) = judge._trials("A", example_sizes(task), seed, task, reference, wide, "cpu", Path(d))
                        for path in Path(d).iterdir():
                            path.unlink()
                        for slack in SLACKS[1:]:
                            comparison.EAGER_SLACK = slack
                            widened[slack] += any(t.elementwise > 1 or t.norm > 1 for t in
                                                  comparison.tolerances(task, usual.native, usual.expected))
                        results.append({name: failed_slacks(task, usual, answer)
                                        for name, answer in answers(reference).items()})
            except Exception as exc:  # a task the CPU reference cannot build or run, or a simulation cannot run
                print("skipped", r["task_name"], repr(exc)[:100])
                continue
            counted += 1
            for result in results:
                for name, slacks in result.items():
                    for slack in slacks:
                        sets[name, slack] += 1
                        tasks[name, slack].add(r["task_name"])
        print(f"{dtype}: {counted} tasks x {seeds} seeds; sets whose tolerance grew, per slack: "
              f"{dict(widened)}; {time.time() - start:.0f} s")
        for name in ("eager", "chain32", "chain64", "fused32"):
            print(f"  {name:8s} failed sets (tasks) per slack: " +
                  ", ".join(f"{s:g}: {sets[name, s]} ({len(tasks[name, s])})" for s in SLACKS), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40, int(sys.argv[2]) if len(sys.argv) > 2 else 10)
