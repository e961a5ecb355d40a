"""What a verified kernel pays per call in a user's process for the verifier's guards (issue 7, GPU only).

A spliced kernel runs its ModelNew under `as_judged`, `judged_dispatch` and `JudgedAllocations` (scratch memory
NaN-filled, a callable grid handed `grid_meta`), so that a user's call looks to the kernel as the checked calls did.
This times, side by side in one process on one GPU, one add+relu kernel called
- `plain`: ModelNew's forward alone;
- `allocations`: the forward under `JudgedAllocations` only;
- `spliced`: the custom op the backend splices (`splice.kernel_op`), every guard;
- `eager`: `torch.relu(x + y)`,
each with a tuple grid and with a callable grid (the grid wrapper works on the second only), at a size where the
launch overhead is all there is (the task's 5x37) and at 4M elements. Microseconds per call: the median of the
rounds, and the best round (`best`: the host's other work, which moves the median by 10-50 us between runs on one
machine, only adds). `code` names the package that ran, for runs that compare two checkouts side by side.
  python3 examples/verifier/splice_cost_gpu.py --out OUT.json [--rounds 5]
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import torch

from autotriton_backend import splice
from autotriton_backend.task import KernelTask
from autotriton_backend.verifier.defaults import import_candidate
from autotriton_backend.verifier.monitors import JudgedAllocations

KERNEL = '''
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        GRID
        add_relu_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
        return out
'''
GRIDS = {"tuple": "grid = (triton.cdiv(n, 1024),)",
         "callable": 'grid = lambda meta: (triton.cdiv(meta["n_elements"], meta["BLOCK_SIZE"]),)'}
TASK = '''
import torch


class Model(torch.nn.Module):
    def forward(self, x, y):
        return torch.relu(x + y)


def get_inputs():
    return [torch.randn(ROWS, 37), torch.randn(ROWS, 37)]


def get_init_inputs():
    return []
'''


def per_call_us(call, x: torch.Tensor, y: torch.Tensor, calls: int, rounds: int) -> tuple[float, float]:
    """Wall time per call over `rounds` rounds of `calls` back-to-back calls, each synchronised at its end: the
    median round's and the best round's."""
    for _ in range(20):
        call(x, y)
    torch.cuda.synchronize()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            call(x, y)
        torch.cuda.synchronize()
        times.append((time.perf_counter() - start) / calls * 1e6)
    return round(statistics.median(times), 1), round(min(times), 1)


def under_allocations(model: torch.nn.Module):
    def call(x, y):
        with JudgedAllocations():
            return model(x, y)
    return call


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rows, work = [], Path(tempfile.mkdtemp())
    for label, n_rows in (("5x37", 5), ("113359x37 (4.2M)", 113359)):
        task_file = work / f"task_{n_rows}.py"
        task_file.write_text(TASK.replace("ROWS", str(n_rows)))
        task = KernelTask.from_file(task_file)
        x, y = (torch.randn(n_rows, 37, device="cuda") for _ in range(2))
        for grid, line in GRIDS.items():
            source = KERNEL.replace("GRID", line)
            path = work / f"kernel_{grid}_{n_rows}.py"
            path.write_text(source)
            model = import_candidate(path, source).ModelNew().cuda().eval()
            op = splice.kernel_op(task, source, work / "modules")
            with torch.no_grad():
                assert torch.equal(op(x, y), torch.relu(x + y)) and torch.equal(model(x, y), torch.relu(x + y))
                timed = {"plain": model, "allocations": under_allocations(model), "spliced": op,
                         "eager": lambda a, b: torch.relu(a + b)}
                measured = {name: per_call_us(call, x, y, args.calls, args.rounds) for name, call in timed.items()}
                row = {"size": label, "grid": grid, **{name: median for name, (median, _) in measured.items()},
                       "best": {name: best for name, (_, best) in measured.items()}}
            rows.append(row)
            print(json.dumps(row), flush=True)
    device = torch.cuda.get_device_name()
    args.out.write_text(json.dumps({"device": device, "unit": "us per call", "code": str(Path(splice.__file__).parent),
                                    "rounds": args.rounds, "rows": rows}, indent=1))
    print(device)


if __name__ == "__main__":
    main()
