"""What one sandboxed candidate's CUDA context costs when many are made at once (issue 7's 10/s target).

Every candidate runs in a fresh process forked from a zygote that has imported torch but never touched CUDA,
so each pays for a context. Wave 3 measured 0.26-0.39 s alone and 2.2-2.5 s when 16 slots start together. This
script asks whether that is the driver (contexts serialised) or the CPU (16 busy processes), and which part:
children forked from a torch-importing parent, `n` at once, each timing
  driver: cuInit + cuDevicePrimaryCtxRetain + cuCtxSetCurrent + a 4-byte cuMemAlloc through libcuda alone;
  torch:  torch.empty(1, device="cuda") (what the sandbox's `load` does), after the driver part or alone.
Prints one JSON object: for each mode and n, the batch's wall seconds, contexts per second and per-child seconds.

    python examples/verifier/context_cost_gpu.py --out $OUT/context_cost.json
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import statistics
import time
from pathlib import Path

import torch


def driver_context() -> float:
    """Seconds for a bare driver context (no torch)."""
    start = time.perf_counter()
    cuda = ctypes.CDLL("libcuda.so.1")
    context, pointer = ctypes.c_void_p(), ctypes.c_uint64()
    for name, call in (("cuInit", lambda: cuda.cuInit(0)),
                       ("cuDevicePrimaryCtxRetain", lambda: cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), 0)),
                       ("cuCtxSetCurrent", lambda: cuda.cuCtxSetCurrent(context)),
                       ("cuMemAlloc", lambda: cuda.cuMemAlloc_v2(ctypes.byref(pointer), 4))):
        if call() != 0:
            raise RuntimeError(f"{name} failed")
    return time.perf_counter() - start


def torch_context() -> float:
    start = time.perf_counter()
    torch.empty(1, device="cuda")
    torch.cuda.synchronize()
    return time.perf_counter() - start


def child(mode: str, write_fd: int) -> None:
    try:
        parts = {"driver": driver_context()} if mode in ("driver", "driver+torch") else {}
        if mode in ("torch", "driver+torch"):
            parts["torch"] = torch_context()
        os.write(write_fd, (json.dumps(parts) + "\n").encode())
    finally:
        os._exit(0)


def batch(mode: str, n: int) -> dict:
    """`n` children forked at once; each reports its own seconds through a pipe."""
    read_fd, write_fd = os.pipe()
    start = time.perf_counter()
    pids = []
    for _ in range(n):
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            child(mode, write_fd)
        pids.append(pid)
    os.close(write_fd)
    for pid in pids:
        os.waitpid(pid, 0)
    wall = time.perf_counter() - start
    with os.fdopen(read_fd) as reader:
        reports = [json.loads(line) for line in reader if line.strip()]
    per_part = {part: [r[part] for r in reports] for part in reports[0]} if reports else {}
    return {"mode": mode, "n": n, "reported": len(reports), "wall_s": round(wall, 3),
            "contexts_per_s": round(n / wall, 2),
            **{f"{part}_median_s": round(statistics.median(v), 3) for part, v in per_part.items()},
            **{f"{part}_max_s": round(max(v), 3) for part, v in per_part.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    assert not torch.cuda.is_initialized()  # the parent stays CUDA-free, like the zygote
    results = [batch(mode, n) for mode in ("driver", "torch", "driver+torch") for n in (1, 1, 4, 8, 16, 32)]
    summary = {"device": _device_name(), "cpus": os.cpu_count(), "results": results}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=1) + "\n")
    for row in results:
        print(json.dumps(row))


def _device_name() -> str:
    """The GPU's name, asked in a child so the parent never creates a context."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.write(write_fd, torch.cuda.get_device_name().encode())
        os._exit(0)
    os.waitpid(pid, 0)
    os.close(write_fd)
    with os.fdopen(read_fd) as reader:
        return reader.read()


if __name__ == "__main__":
    main()
