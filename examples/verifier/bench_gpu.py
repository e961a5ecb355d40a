"""Verifier throughput and scale on a GPU: the figures issue 7 sets as targets.

    python examples/verifier/bench_gpu.py --out $OUT/verifier_bench.json [--workers 16] [--reuse 1 32]

1. untimed verdicts per second on small KernelBench-style tasks (examples/kernelbench/cpu/, honest kernels);
2. timed verdicts per second once each task's eager and inductor baselines are cached;
3. one timed verdict on a KernelBench-size task: a sum over dim 1 of a 128 x 4096 x 4095 fp32 tensor (8.6 GB);
4. with `--symbolic N`, 1 and 2 again on the same tasks with their first dim a symbol (a region task of a dynamic
   graph: judged at the example's sizes and at secret ones, and timed at each).
Each part also records every slot's peak host memory against its cap (`slot_memory`: the slot cgroups'), from which
`sandbox.PROCESS_BASE_BYTES` is set.
Every candidate is made distinct (a comment), so nothing is shared between verdicts but the warm pool. 1 and 2
run once per `--reuse` value (candidates one sandboxed process may judge in turn; 1 = a fresh process each), one
after the other in the same call, so their rates compare side by side.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

import torch

from dataclasses import replace

from autotriton_backend import Candidate, KernelTask, SymbolRange
from autotriton_backend.verifier import VerifierPool, VerifyOptions
from autotriton_backend.verifier.cgroup import MEMORY_FILES, PARENT, hierarchies

KERNELBENCH = Path(__file__).resolve().parent.parent / "kernelbench"
SMALL = ("elementwise_gelu", "softmax", "rmsnorm", "row_sum", "matmul_bias_relu")

BIG_TASK = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.sum(x, dim=self.dim, keepdim=True)


def get_inputs():
    return [torch.randn(128, 4096, 4095)]


def get_init_inputs():
    return [1]
'''

BIG_CANDIDATE = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_dim1_kernel(x_ptr, out_ptr, rows, cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    batch = tl.program_id(0)
    col = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)
    acc = tl.zeros((BLOCK_C,), dtype=tl.float32)
    base = x_ptr + batch * rows * cols
    for start in range(0, rows, BLOCK_R):
        row = start + tl.arange(0, BLOCK_R)
        mask = (row[:, None] < rows) & (col[None, :] < cols)
        block = tl.load(base + row[:, None] * cols + col[None, :], mask=mask, other=0.0)
        acc += tl.sum(block, axis=0)
    tl.store(out_ptr + batch * cols + col, acc, mask=col < cols)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        batch, rows, cols = x.shape
        out = torch.empty((batch, 1, cols), device=x.device, dtype=x.dtype)
        grid = (batch, triton.cdiv(cols, 256))
        sum_dim1_kernel[grid](x, out, rows, cols, BLOCK_R=16, BLOCK_C=256)
        return out
'''


def distinct(source: str, index: int) -> Candidate:
    return Candidate(f"{source}\n# variant {index}\n")


def throughput(pool: VerifierPool, jobs: list[tuple[KernelTask, Candidate]], options: VerifyOptions) -> dict:
    start = time.perf_counter()
    verdicts = [f.result() for f in [pool.submit(t, c, options) for t, c in jobs]]
    seconds = time.perf_counter() - start
    failed = [(v.failed_check.name, v.failed_check.reason[:200]) for v in verdicts if not v.correct]
    stages = sorted({name for v in verdicts for name in v.stage_seconds})
    median = {name: round(statistics.median(v.stage_seconds.get(name, 0.0) for v in verdicts), 3) for name in stages}
    fresh = sum(v.candidates_before_in_process == 0 for v in verdicts)
    return {"verdicts": len(verdicts), "seconds": round(seconds, 2), "per_second": round(len(verdicts) / seconds, 2),
            "correct": sum(v.correct for v in verdicts), "failures": failed[:5], "median_stage_seconds": median,
            "in_fresh_process": fresh}


def slot_memory(pool: VerifierPool) -> dict[str, dict[str, float]]:
    """Each slot's peak host memory so far and its cap now, in GB (none where the host made no slot cgroups)."""
    memory = hierarchies().get("memory")
    if memory is None:
        return {}
    peak = "memory.peak" if memory.version == 2 else "memory.max_usage_in_bytes"
    return {folder.name: {"peak_gb": round(int((folder / peak).read_text()) / 1e9, 2),
                          "cap_gb": round(int((folder / MEMORY_FILES[memory.version].limit).read_text()) / 1e9, 2)}
            for folder in sorted((memory.root / PARENT).glob(f"judge{pool.process.pid}-slot*"))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--reuse", type=int, nargs="+", default=[1, 32])
    parser.add_argument("--untimed", type=int, default=320)
    parser.add_argument("--timed", type=int, default=80)
    parser.add_argument("--symbolic", type=int, default=0, help="untimed verdicts on the tasks with a symbol (and a "
                        "quarter as many timed)")
    parser.add_argument("--big", action=argparse.BooleanOptionalAction, default=True, help="the 8.6 GB task")
    args = parser.parse_args()
    results: dict = {"device": torch.cuda.get_device_name(), "workers": args.workers}
    for reuse in args.reuse:
        results[f"reuse{reuse}"] = rates(args, reuse)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=1))
    if args.big:
        kernelbench_size(results, VerifyOptions(device="cuda"))
    args.out.write_text(json.dumps(results, indent=1))
    print(f"\n{results['device']}, {args.workers} sandboxed workers")
    for reuse in args.reuse:
        rate = results[f"reuse{reuse}"]
        print(f"reuse {reuse}: untimed {rate['untimed']['per_second']} verdicts/s ({rate['untimed']['correct']}/"
              f"{rate['untimed']['verdicts']} correct, {rate['untimed']['in_fresh_process']} in a fresh process); "
              f"timed {rate['timed']['per_second']} verdicts/s (layers: {', '.join(rate['layers'])})")
        if "symbolic_untimed" in rate:
            print(f"reuse {reuse}, first dim a symbol: untimed {rate['symbolic_untimed']['per_second']} verdicts/s "
                  f"({rate['symbolic_untimed']['correct']}/{rate['symbolic_untimed']['verdicts']} correct); timed "
                  f"{rate['symbolic_timed']['per_second']} ({rate['symbolic_timed']['correct']}/"
                  f"{rate['symbolic_timed']['verdicts']})")
    print(f"8.6 GB task: {results.get('kernelbench_size', {}).get('seconds')} s")
    for part in [f"reuse{reuse}" for reuse in args.reuse] + ["kernelbench_size"]:
        slots = results.get(part, {}).get("slot_memory", {}).values()
        if slots:
            print(f"{part}: slot peak {max(s['peak_gb'] for s in slots)} GB of caps {min(s['cap_gb'] for s in slots)}-"
                  f"{max(s['cap_gb'] for s in slots)} GB")


def rates(args: argparse.Namespace, reuse: int) -> dict:
    """Untimed and timed verdicts per second on one pool whose processes judge up to `reuse` candidates each."""
    results: dict = {}
    start = time.perf_counter()
    pool = VerifierPool("cuda", workers=args.workers, reuse=reuse)
    results["pool_start_s"] = round(time.perf_counter() - start, 2)
    results["layers"] = pool.layers
    tasks = [(KernelTask.from_file(KERNELBENCH / "cpu" / f"{n}.py"), (KERNELBENCH / f"{n}_triton.py").read_text())
             for n in SMALL]
    untimed = VerifyOptions(device="cuda", time_kernels=False)
    warm = [pool.submit(t, distinct(s, -1), untimed) for t, s in tasks]  # reference sets built once per task
    results["first_verdicts"] = [(t.name, f.result().correct, (f.result().failed_check or None) and
                                  f.result().failed_check.reason[:300]) for (t, _), f in zip(tasks, warm)]
    jobs = [(tasks[i % len(tasks)][0], distinct(tasks[i % len(tasks)][1], i)) for i in range(args.untimed)]
    results["untimed"] = throughput(pool, jobs, untimed)
    print(f"reuse {reuse} untimed", results["untimed"], flush=True)
    timed = VerifyOptions(device="cuda")
    for t, s in tasks:  # baselines cached per task
        pool.verify(t, distinct(s, -2), timed)
    jobs = [(tasks[i % len(tasks)][0], distinct(tasks[i % len(tasks)][1], 10_000 + i)) for i in range(args.timed)]
    results["timed"] = throughput(pool, jobs, timed)
    print(f"reuse {reuse} timed", results["timed"], flush=True)
    if args.symbolic:
        tasks = [(with_rows_symbol(t), s) for t, s in tasks]
        for t, s in tasks:  # reference sets and the example's baselines, once per task
            pool.verify(t, distinct(s, -3), timed)
        for name, count, options in (("symbolic_untimed", args.symbolic, untimed),
                                     ("symbolic_timed", args.symbolic // 4, timed)):
            jobs = [(tasks[i % len(tasks)][0], distinct(tasks[i % len(tasks)][1], 20_000 + i)) for i in range(count)]
            results[name] = throughput(pool, jobs, options)
            print(f"reuse {reuse} {name}", results[name], flush=True)
    results["slot_memory"] = slot_memory(pool)
    pool.close()
    return results


def with_rows_symbol(task: KernelTask) -> KernelTask:
    """`task` with its first input's first dim a symbol, from 1 to twice its size (the example's)."""
    first, *rest = task.inputs
    rows = first.shape[0]
    return replace(task, symbols={"rows": SymbolRange(example=rows, low=1, high=2 * rows)},
                   inputs=(replace(first, shape=("rows", *first.shape[1:])), *rest))


def kernelbench_size(results: dict, timed: VerifyOptions) -> None:
    big = KernelTask.from_source(BIG_TASK, name="sum_dim1_8.6GB")
    with VerifierPool("cuda", workers=1) as single:
        start = time.perf_counter()
        verdict = single.verify(big, Candidate(BIG_CANDIDATE), timed)
        results["kernelbench_size"] = {
            "seconds": round(time.perf_counter() - start, 1), "correct": verdict.correct,
            "failed": verdict.failed_check and (verdict.failed_check.name, verdict.failed_check.reason[:300]),
            "basis": verdict.reference_basis, "speedup_vs_eager": verdict.speedup_vs_eager,
            "stage_seconds": verdict.stage_seconds,
            "speedup_vs_inductor": verdict.speedup_vs_inductor, "note": verdict.timing_note,
            "slot_memory": slot_memory(single)}
    print("kernelbench size", results["kernelbench_size"], flush=True)


if __name__ == "__main__":
    main()
