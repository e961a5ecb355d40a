"""Round attack37: how often honest half-precision answers fail the sets the judge draws as set B, on CPU, in pure
torch, over the held-out split's bfloat16 and float16 tasks (runs/dataset49). Each answer is the task's reference
with its arithmetic changed as an LLM's kernel would do it:

- chain: the reference in its dtype (one kernel per op, every intermediate stored in the dtype);
- pieces: chain, with addmm/baddbmm storing the mm before the bias, softmax, log_softmax and layer norm storing
  their max, exp, sum, mean, variance and normalised values in the dtype (the direct teacher's library);
- fused32: the reference in float32, stored in the dtype at the end (one fused kernel).

    python examples/verifier/spread_decomposed.py [tasks per dtype] [seeds]   (defaults 40 and 10)
"""
import collections, copy, gzip, glob, json, sys, tempfile, time
from pathlib import Path

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import judge
from autotriton_backend.verifier.comparison import within
from autotriton_backend.verifier.inputs import example_sizes

aten = torch.ops.aten


class Pieces(TorchDispatchMode):
    """The ops an LLM's half-precision kernel splits, each piece stored in the op's dtype."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in (aten.addmm.default, aten.baddbmm.default):
            bias, a, b = args[:3]
            beta, alpha = kwargs.get("beta", 1), kwargs.get("alpha", 1)
            mm = (a.float() @ b.float()).to(a.dtype)
            return (alpha * mm.float() + beta * bias.float()).to(a.dtype)
        if func in (aten._softmax.default, aten._log_softmax.default):
            x, dim = args[:2]
            dtype = x.dtype
            shifted = (x.float() - x.float().amax(dim, keepdim=True)).to(dtype)
            e = shifted.float().exp().to(dtype)
            s = e.float().sum(dim, keepdim=True).to(dtype)
            if func is aten._softmax.default:
                return (e.float() / s.float()).to(dtype)
            return (shifted.float() - s.float().log().to(dtype).float()).to(dtype)
        if func is aten.native_layer_norm.default:
            x, shape, weight, bias, eps = args[:5]
            out, mean_, rstd_ = func(*args, **kwargs)
            dims, dtype = tuple(range(-len(shape), 0)), x.dtype
            mean = x.float().mean(dims, keepdim=True).to(dtype)
            centred = (x.float() - mean.float()).to(dtype)
            var = centred.float().square().mean(dims, keepdim=True).to(dtype)
            rstd = torch.rsqrt(var.float() + eps).to(dtype)
            y = (centred.float() * rstd.float()).to(dtype)
            if weight is not None:
                y = (y.float() * weight.float()).to(dtype)
            if bias is not None:
                y = (y.float() + bias.float()).to(dtype)
            return y, mean_, rstd_
        return func(*args, **kwargs)


def answers(reference: torch.nn.Module):
    fused = copy.deepcopy(reference).float()

    def chain(inputs):
        return judge._as_tuple(reference(*inputs))

    def pieces(inputs):
        with Pieces():
            return judge._as_tuple(reference(*inputs))

    def fused32(inputs):
        wide = [x.float() if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        return judge._as_tuple(fused(*wide))

    return {"chain": chain, "pieces": pieces, "fused32": fused32}


def passes(task: KernelTask, trial: judge.Trial, answer) -> bool:
    out = answer([x.clone() if isinstance(x, torch.Tensor) else x for x in trial.inputs])
    return all(within(out[i].to(trial.native[i].dtype), trial.expected[i], trial.tolerances[i])[0]
               for i in trial.judged)


def main(per_dtype: int, seeds: int) -> None:
    records = [json.loads(l) for f in sorted(glob.glob("runs/dataset49/rl/*.gz")) for l in gzip.open(f)]
    start = time.time()
    for dtype in ("bfloat16", "float16"):
        rs = [r for r in records if r["split"] == "test" and r["dtype"] == dtype][:per_dtype]
        failed = collections.Counter()  # answer -> tasks failing at least one seed
        sets = collections.Counter()  # answer -> failed sets in all
        spread = tasks = 0
        for r in rs:
            task = KernelTask.from_json(r["task"])
            try:
                reference, _ = judge._reference_model(task, "cpu")
                wide = judge._wide_copy(reference, task, "cpu")
                sizes = example_sizes(task)
                run = answers(reference)
                fails, tops = collections.Counter(), collections.Counter()
                with tempfile.TemporaryDirectory() as d, torch.no_grad():
                    for seed in range(seeds):
                        sub = Path(d) / str(seed)
                        sub.mkdir()
                        (usual,) = judge._trials("A", sizes, seed, task, reference, wide, "cpu", sub)
                        bad = {name for name, answer in run.items() if not passes(task, usual, answer)}
                        fails.update(f"{name} (usual)" for name in bad)
                        for trial in judge._trials("B", sizes, seed, task, reference, wide, "cpu", sub, spread=True):
                            tops[trial.draw.top] += len(trial.judged)
                            for name, answer in run.items():
                                if name not in bad and not passes(task, trial, answer):
                                    bad.add(name)
                                    fails[f"{name} (spread only)"] += 1
            except Exception as exc:  # a task the CPU reference cannot build or run: not counted
                print("skipped", r["task_name"], repr(exc)[:100])
                continue
            tasks += 1
            spread += tops[judge.ladder().__next__().top] > 0
            for name, n in fails.items():
                failed[name] += 1
                sets[name] += n
            if fails:
                print(f"  {dtype} {r['task_name']} {dict(fails)} of {seeds}; outputs per top {dict(tops)}", flush=True)
        print(f"{dtype}: {tasks} tasks, {spread} with an output spread to the top in some set; tasks failing (on the"
              f" usual draw of the seed, or on a spread set only) {dict(failed)}; failed sets {dict(sets)} of {tasks * seeds}; {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40, int(sys.argv[2]) if len(sys.argv) > 2 else 10)
