"""Where an 8.6 GB input set's trips between the GPU and /dev/shm spend their time (issue 7).

The 8.6 GB task writes three input sets to /dev/shm (the judge's `reference` stage) and the sandbox reads one back
five times (A, B, A2, and the refilled buffers twice): run 57 spent 25.7 s in `reference`, 10.5 s in `run` and 7.7 s
in `refill`, with 1.5 s of forwards. Run 58 timed three ways to write: one device-to-host copy into the mapped file
(as transport.write_tensor did: 9.3-11.0 s), the same mapping populated up front (9.2-10.4 s), chunks through a pinned
buffer written with write(2) (5.0-6.1 s); and to read: a mapped file copied to the device (2.9-3.1 s), populated
(2.5-2.7 s), chunks through a pinned buffer (3.5-3.6 s). tmpfs serialises write(2) on one file (the inode lock), but
not page faults, so this times chunks copied by several threads into one mapping, with the file's pages allocated
first (fallocate) or not, and against `transport`'s own functions as they are now.

Usage (GPU): python examples/verifier/transport_gpu.py --gb 8.6 --out results.json
"""
from __future__ import annotations

import argparse
import json
import mmap
import os
import tempfile
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import torch

from autotriton_backend.verifier.transport import TensorRef, read_tensor, write_tensor

CHUNK = 64 << 20


def _mapped(path: Path, nbytes: int, write: bool, allocate: bool = False) -> torch.Tensor:
    fd = os.open(path, (os.O_RDWR | os.O_CREAT) if write else os.O_RDONLY, 0o644)
    try:
        if write:
            os.ftruncate(fd, nbytes)
            if allocate:
                os.posix_fallocate(fd, 0, nbytes)
        prot = mmap.PROT_READ | (mmap.PROT_WRITE if write else 0)
        mapping = mmap.mmap(fd, nbytes, prot=prot)
    finally:
        os.close(fd)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return torch.frombuffer(mapping, dtype=torch.uint8)


def _chunks(nbytes: int) -> list[tuple[int, int]]:
    return [(start, min(start + CHUNK, nbytes)) for start in range(0, nbytes, CHUNK)]


def write_threads(tensor: torch.Tensor, path: Path, threads: int, allocate: bool, staged: bool) -> None:
    flat = tensor.view(-1).view(torch.uint8)
    target = _mapped(path, flat.numel(), True, allocate)

    def one(bounds: tuple[int, int]) -> None:
        a, b = bounds
        if staged:
            stage = torch.empty(b - a, dtype=torch.uint8, pin_memory=True)
            stage.copy_(flat[a:b])
            target[a:b].copy_(stage)
        else:
            target[a:b].copy_(flat[a:b])

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(one, _chunks(flat.numel())))


def read_threads(path: Path, nbytes: int, threads: int) -> torch.Tensor:
    source = _mapped(path, nbytes, False)
    out = torch.empty(nbytes, dtype=torch.uint8, device="cuda")

    def one(bounds: tuple[int, int]) -> None:
        a, b = bounds
        stage = torch.empty(b - a, dtype=torch.uint8, pin_memory=True)
        stage.copy_(source[a:b])
        out[a:b].copy_(stage)

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(one, _chunks(nbytes)))
    return out


def timed(results: dict, name: str, fn) -> object:
    torch.cuda.synchronize()
    started = time.perf_counter()
    value = fn()
    torch.cuda.synchronize()
    results.setdefault(name, []).append(round(time.perf_counter() - started, 3))
    print(name, results[name][-1], "s", flush=True)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gb", type=float, default=8.6)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    elements = int(args.gb * 1e9) // 4
    x = torch.randn(elements, device="cuda")
    nbytes = elements * 4
    results: dict = {"device": torch.cuda.get_device_name(), "gb": args.gb, "cpus": os.cpu_count()}
    folder = Path(tempfile.mkdtemp(dir="/dev/shm"))
    ref = TensorRef("t", "float32", (elements,), (1,))
    writes = {
        "write_transport": lambda path: write_tensor(x, folder, "t"),
        "write_threads8_pinned": lambda path: write_threads(x, path, 8, False, True),
        "write_threads8_pinned_fallocate": lambda path: write_threads(x, path, 8, True, True),
        "write_threads16_pinned": lambda path: write_threads(x, path, 16, False, True),
        "write_threads8_direct": lambda path: write_threads(x, path, 8, False, False),
    }
    reads = {
        "read_transport": lambda: read_tensor(folder, ref, mapped=True).to("cuda", copy=True),
        "read_threads8": lambda: read_threads(folder / "t", nbytes, 8),
        "read_threads16": lambda: read_threads(folder / "t", nbytes, 16),
    }
    for _ in range(args.rounds):
        for name, write in writes.items():
            (folder / "t").unlink(missing_ok=True)
            timed(results, name, lambda: write(folder / "t"))
            back = read_threads(folder / "t", nbytes, 8)
            results.setdefault(f"{name}_equal", []).append(torch.equal(back.view(torch.float32), x))
            del back
        for name, read in reads.items():
            back = timed(results, name, read)
            del back
    (folder / "t").unlink()
    Path(args.out).write_text(json.dumps(results, indent=1))
    print(json.dumps(results))


if __name__ == "__main__":
    main()
