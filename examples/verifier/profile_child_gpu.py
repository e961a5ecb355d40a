"""Where a sandboxed candidate's first run spends its time, measured as the verifier's children live.

    python examples/verifier/profile_child_gpu.py --out $OUT/profile_child.json

A warm parent (torch and Triton imported, Triton's CUDA helper built, CUDA not initialised: the zygote's
state) forks N children at once, each with an empty Triton cache, and each child times: CUDA context
creation; a kernel's first call (kernel and its launcher compiled); a second kernel with the same signature
(its launcher comes from the cache); a kernel with a new signature; a warm call; and Triton's launcher build
alone at -O3 (Triton's flags), -O1 and -O0. N = 1, then N = 16 (one per core, as the pool runs); then the
same after the parent ran the zygote's `warm_triton`; and with a fresh HOME and CUDA compute cache per child,
as in the sandbox.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ["PYTORCH_NVML_BASED_CUDA_CHECK"] = "1"  # as in the sandbox: is_available() must not poison fork

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from autotriton_backend.verifier.runner import fingerprint, warm_triton  # noqa: E402


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


@triton.jit
def mul_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * tl.load(y_ptr + offs, mask=mask), mask=mask)


@triton.jit
def scale_kernel(x_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * alpha, mask=mask)


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    torch.cuda.synchronize()
    return time.perf_counter() - start


def launcher_build_seconds(opt: str) -> float:
    """Triton's own launcher source for a 4-pointer signature, built with gcc at `opt` in a fresh directory."""
    import subprocess
    import sysconfig

    from triton.backends.nvidia.driver import include_dirs, libraries, library_dirs, make_launcher

    src = make_launcher({}, {0: "*fp32", 1: "*fp32", 2: "*fp32", 3: "i32"}, None)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "launcher.c"
        path.write_text(src)
        py_include = sysconfig.get_paths()["include"]
        cmd = ["gcc", str(path), opt, "-shared", "-fPIC", "-Wno-psabi", "-o", str(Path(tmp) / "l.so"),
               *[f"-I{d}" for d in [*include_dirs, py_include, tmp]], *[f"-L{d}" for d in library_dirs()],
               *[f"-l:{lib}" if ".so" in lib else f"-l{lib}" for lib in libraries]]
        start = time.perf_counter()
        subprocess.run(cmd, check=True)
        return time.perf_counter() - start


def child(result_path: str, fresh_home: bool) -> None:
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
    if fresh_home:  # as in the sandbox: no CUDA compute cache carried over from earlier processes
        os.environ["HOME"] = os.environ["CUDA_CACHE_PATH"] = tempfile.mkdtemp()
    out: dict[str, float] = {}
    out["cuda_init"] = timed(lambda: torch.empty(1, device="cuda"))
    out["first_randn"] = timed(lambda: torch.randn(4096, device="cuda"))
    x, y, z = (torch.randn(4096, device="cuda") for _ in range(3))
    out["first_fingerprint"] = timed(lambda: fingerprint(x))
    out["second_fingerprint"] = timed(lambda: fingerprint(y))
    out["first_clone_equal"] = timed(lambda: torch.equal(x.clone(), x))
    out["first_fill_nan"] = timed(lambda: torch.empty(4096, device="cuda").fill_(float("nan")))
    out["first_to_host"] = timed(lambda: x.cpu())
    grid = (triton.cdiv(4096, 1024),)
    out["first_kernel"] = timed(lambda: add_kernel[grid](x, y, z, 4096, BLOCK=1024))
    out["same_signature_kernel"] = timed(lambda: mul_kernel[grid](x, y, z, 4096, BLOCK=1024))
    out["new_signature_kernel"] = timed(lambda: scale_kernel[grid](x, z, 2.0, 4096, BLOCK=1024))
    out["warm_call"] = timed(lambda: add_kernel[grid](x, y, z, 4096, BLOCK=1024))
    for opt in ("-O3", "-O1", "-O0"):
        out[f"launcher_gcc{opt}"] = launcher_build_seconds(opt)
    Path(result_path).write_text(json.dumps(out))


def fork_children(count: int, fresh_home: bool = False) -> dict[str, float]:
    paths, pids = [], []
    start = time.perf_counter()
    for i in range(count):
        path = tempfile.mktemp(suffix=".json")
        pid = os.fork()
        if pid == 0:
            try:
                child(path, fresh_home)
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(0)
        paths.append(path)
        pids.append(pid)
    for pid in pids:
        os.waitpid(pid, 0)
    wall = time.perf_counter() - start
    rows = [json.loads(Path(p).read_text()) for p in paths if Path(p).exists()]
    medians = {k: round(statistics.median(r[k] for r in rows), 3) for k in rows[0]}
    return {"children": count, "fresh_home": fresh_home, "finished": len(rows), "wall_s": round(wall, 2), **medians}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    from triton.runtime import driver

    driver.active.utils  # noqa: B018 (the zygote's warm state)
    assert not torch.cuda.is_initialized()
    results = {"device": "see nvidia-smi in the log", "python": sys.version.split()[0], "triton": triton.__version__,
               "torch": torch.__version__, "runs": [fork_children(1), fork_children(16)]}
    warm_triton(int(os.environ.get("ARCH", "90")))
    results["runs"] += [{"zygote_warmed": True, **fork_children(1)}, {"zygote_warmed": True, **fork_children(16)},
                        {"zygote_warmed": True, **fork_children(16, fresh_home=True)}]
    for run in results["runs"]:
        print(run, flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
