"""Can one candidate skew the baselines another candidate is judged against? A GPU experiment.

    python examples/verifier/busy_neighbour_gpu.py --out $OUT/busy_neighbour.json   (about 3 minutes, one GPU)

The judge times eager and inductor once per task, under `gpu_lock`, and caches them for every later
candidate of the task. Untimed correctness runs of the other slots take no lock, so a gate-passing
candidate whose kernel spins (SPINNER below: plain allowlisted Triton, correct, only slow: about 13 s per
call on an H100, untimed) keeps the GPU busy while a neighbour's task is timed. This compares the matmul task's eager and inductor ms
judged beside the spinner with the same baselines timed on a quiet pool. A ratio well above 1 means a
hostile neighbour inflates every later candidate's speedup on that task (the baselines stay cached).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions

TESTS = Path(__file__).resolve().parents[2] / "tests"
SPINNER = '''
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


@triton.jit
def spin_kernel(x_ptr, out_ptr, n, spins, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    acc = tl.load(x_ptr + offs % n)
    for _ in range(spins):
        acc = acc * 0.999 + 0.001
    tl.store(out_ptr + offs, acc, mask=offs < n)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        scratch = torch.empty(1 << 22, device=x.device, dtype=x.dtype)
        spin_kernel[(4096,)](x, scratch, x.numel(), 3_000_000_000, BLOCK=1024)
        add_relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, out, x.numel(), BLOCK=1024)
        return out
'''


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    matmul = KernelTask.from_file(TESTS / "attacks_gpu" / "task_matmul_2048.py")
    add_relu = KernelTask.from_file(TESTS / "catalogue" / "task_add_relu.py")
    honest = Candidate((TESTS / "attacks_gpu" / "honest_matmul.py").read_text())
    options = VerifyOptions(device="cuda", timeout_s=120)
    result = {}
    with VerifierPool("cuda", workers=2) as pool:
        started = time.perf_counter()
        spinner = pool.submit(add_relu, Candidate(SPINNER), VerifyOptions(device="cuda", timeout_s=120,
                                                                         time_kernels=False))
        time.sleep(5)  # the spinner's first run is under way
        busy = pool.submit(matmul, honest, options).result()
        result["spinner"] = spinner.result().to_json()
        result["beside_spinner"] = busy.to_json()
        result["busy_seconds"] = round(time.perf_counter() - started, 1)
    with VerifierPool("cuda", workers=1) as pool:
        quiet = pool.baselines(matmul).result()
        result["quiet_baselines"] = {"eager_ms": quiet.eager_ms, "inductor_ms": quiet.inductor_ms}
    timings = busy.timings
    if timings is not None and timings.eager_ms and quiet.eager_ms:
        result["eager_ratio_busy_over_quiet"] = timings.eager_ms / quiet.eager_ms
    args.out.write_text(json.dumps(result, indent=2, default=str))
    print(json.dumps({k: v for k, v in result.items() if k not in ("spinner", "beside_spinner")}, indent=2))
    print("spinner:", result["spinner"].get("checks", [])[-1:], "honest:", busy.correct, busy.timings)


if __name__ == "__main__":
    main()
