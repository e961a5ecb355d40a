# Round honest79. PYTHONPATH=. python examples/verifier/where_flip_room.py 472b63ec 300   (or bafb5e3b)
"""The judge's numbers for set A (the usual draw) of the two bfloat16 training tasks run 162 refused honest answers
of, per seed: the honest kernels emulated in torch as their Triton code computes (the bmm rounded to bfloat16 once,
the rest in float32; Triton's CPU interpreter computes bfloat16 wrongly), against `judge._trials`' tolerances.
Runs against whichever checkout is on PYTHONPATH (before round attack71 there is no `_made_of`)."""
import sys, math, json
from pathlib import Path
import torch
from autotriton_backend import KernelTask
from autotriton_backend.verifier import judge as J
from autotriton_backend.verifier.comparison import compared, tolerances, typical_size
from autotriton_backend.verifier.inputs import make_inputs, example_sizes
from training.data.dataset import read_records

def kernel_472(x0, x1, x2, x3, x4, x5, x6):
    buf0 = torch.bmm(x1.float(), x2.float()).bfloat16()
    p = x0.float()
    pooled = (p[..., 0::2, 0::2] + p[..., 0::2, 1::2] + p[..., 1::2, 0::2] + p[..., 1::2, 1::2]) / 4
    mean = pooled.sum() / 1024
    v5 = (buf0.float() * mean - x3.float()) * x4.float()
    v6 = torch.where(v5 > 0, v5, x5.float())
    return (torch.nn.functional.gelu(v6) - x6.float()).bfloat16()

def kernel_bafb(x0, x1, x2):
    buf1 = torch.bmm(x0.float(), x1.float()).bfloat16()
    mean = buf1.float().sum() / 20480
    v2 = x2.float().mean(dim=(2, 3), keepdim=True)
    v4 = (v2 * mean) ** 2
    v5 = torch.nn.functional.gelu(v4)
    return torch.where(v5 > 0, v5, 0.1 * v5).bfloat16()

KERNELS = {"472b63ec": kernel_472, "bafb5e3b": kernel_bafb}

def task_for(prefix):
    for p in read_records(Path("training/dataset/pairs"), "pairs"):
        if p["task_key"].startswith(prefix) and p["dtype"] == "bfloat16" and p["variant"] == 0:
            return KernelTask.from_json(p["task"])

def main():
    prefix, n = sys.argv[1], int(sys.argv[2]); start = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    task = task_for(prefix)
    ref, _ = J._reference_model(task, "cpu")
    ref64 = J._wide_copy(ref, task, "cpu")
    sizes = example_sizes(task)
    has_made_of = hasattr(J, "_made_of")
    fails = 0
    for seed in range(start, start + n):
        inputs = make_inputs(task, seed, sizes, "cpu")
        native, expected, _, _, _ = J._reference_outputs(inputs, ref, ref64)
        made_of = J._made_of(native, expected, inputs, ref64, seed) if has_made_of else None
        if has_made_of and isinstance(made_of[0], tuple):
            tol = tolerances(task, native, expected, *made_of)[0]
        else:
            tol = tolerances(task, native, expected, made_of)[0] if has_made_of else tolerances(task, native, expected)[0]
        out = KERNELS[prefix](*inputs)
        found = compared(out, expected[0], tol)
        eager = compared(native[0], expected[0], tol)
        ok = found.used <= 1.0
        fails += not ok
        wr, wa = getattr(found, "worst_ref", 0), getattr(found, "worst_allowed", 0)
        print(json.dumps({"seed": seed, "passed": ok, "elem": round(found.elementwise, 3),
                          "norm": round(found.norm, 3), "abs": float(f"{found.abs_err:.3g}"),
                          "norm_err": float(f"{found.norm_err:.3g}"), "worst_ref": float(f"{wr:.4g}"),
                          "allowed": float(f"{wa:.3g}"), "tol": str(tol)[:60],
                          "eager_elem": round(eager.elementwise, 3), "eager_norm_err": float(f"{eager.norm_err:.3g}"),
                          "typical": round(typical_size(expected[0]), 4)}), flush=True)
    print(f"{prefix}: {fails} of {n} refused", flush=True)

main()
