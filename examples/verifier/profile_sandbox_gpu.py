"""Why a candidate's first forward is slow inside the sandbox: cProfile of it, run in the real slots.

    python examples/verifier/profile_sandbox_gpu.py --out $OUT/profile_sandbox.txt

A diagnostic, not a test: the candidate below profiles its own first kernel launch, which the static gate
would refuse, so it is submitted with `static_gate=False` (the runtime layers still hold it). It prints to
the slot's log; this script reads the logs of every slot afterwards. Run with 1 slot, then 16 at once.
"""
from __future__ import annotations

import argparse
import glob
import re
from pathlib import Path

from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions

TASK = Path(__file__).resolve().parent.parent / "kernelbench" / "cpu" / "elementwise_gelu.py"

PROFILED = '''
import cProfile, io, os, pstats, time
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gelu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    t = 1.0 - 2.0 / (tl.exp(2.0 * inner) + 1.0)
    tl.store(out_ptr + offs, 0.5 * x * (1.0 + t), mask=mask)


class ModelNew(nn.Module):
    first = True

    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        if not ModelNew.first:
            gelu_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
            return out
        ModelNew.first = False
        profile = cProfile.Profile()
        started = time.perf_counter()
        profile.enable()
        gelu_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
        torch.cuda.synchronize()
        profile.disable()
        text = io.StringIO()
        pstats.Stats(profile, stream=text).sort_stats("cumulative").print_stats(45)
        print(f"FIRST LAUNCH {time.perf_counter() - started:.3f} s (variant VARIANT, cpus {os.cpu_count()}, "
              f"affinity {len(os.sched_getaffinity(0))})", flush=True)
        print(text.getvalue(), flush=True)
        return out
'''


def run(workers: int, report: list[str]) -> None:
    task = KernelTask.from_file(TASK)
    options = VerifyOptions(device="cuda", time_kernels=False)
    with VerifierPool("cuda", workers=workers) as pool:
        verdicts = [f.result() for f in [pool.submit(task, Candidate(PROFILED.replace("VARIANT", str(i))), options,
                                                      static_gate=False) for i in range(workers)]]
        report.append(f"== {workers} slot(s): correct {sum(v.correct for v in verdicts)}/{len(verdicts)}, stages "
                      f"{[v.stage_seconds for v in verdicts[:2]]}")
        logs = [Path(p).read_text(errors="replace") for p in sorted(glob.glob(
            "/dev/shm/autotriton-judge-*/slot*/scratch/log"))]
        firsts = [m for log in logs for m in re.findall(r"FIRST LAUNCH .*", log)]
        report.extend(firsts)
        report.append(logs[0][-12000:] if logs else "no slot log found")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    report: list[str] = []
    run(1, report)
    run(16, report)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(report))
    print("\n".join(report))


if __name__ == "__main__":
    main()
