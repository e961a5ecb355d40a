"""Warm the kernel cache once, then deploy in cache mode: the production process never calls a model.

The three steps, as commands:

    autotriton warmup examples/quickstart.py:build --engine SPEC     # build machine: search, fill the cache
    autotriton cache export kernels.json                              # ship the winners (JSON, sha256-checked)
    autotriton cache import kernels.json                              # production machine, once
    torch.compile(model, backend="autotriton", options={"mode": "cache", "strict": True})

This script runs all of them in temporary directories, with the bundled kernels playing the model
(as in the quickstart; set AUTOTRITON_ENGINE to use a real one). `strict` in cache mode raises
instead of falling back, so a deployment that lost its kernels fails loudly.

    python examples/deploy_from_cache.py
"""
import os
import sys
import tempfile
from pathlib import Path

import torch

if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")  # before Triton loads: CPU tensors need the interpreter

sys.path.insert(0, str(Path(__file__).parent))
from quickstart import build, offer_bundled_kernels  # noqa: E402

from agent.warmup import summary_table, warmup  # noqa: E402
from autotriton_backend.collect import collect_tasks  # noqa: E402
from autotriton_backend.options import BackendOptions  # noqa: E402
from autotriton_backend.report import compile_report  # noqa: E402
from cache.store import KernelCache  # noqa: E402


def main() -> None:
    model, inputs = build()
    with tempfile.TemporaryDirectory(prefix="autotriton-deploy-") as scratch:
        scratch = Path(scratch)
        build_cache, production_cache, shipped = scratch / "build-cache", scratch / "production-cache", scratch / "kernels.json"

        # 1. build machine: warm the cache for every region of the model
        tasks = collect_tasks(model, inputs).tasks
        engine = os.environ.get("AUTOTRITON_ENGINE") or offer_bundled_kernels(tasks, scratch)
        options = BackendOptions.resolve({"engine": engine, "cache_dir": str(build_cache), "search_samples": 1})
        print(summary_table(warmup(tasks, options, progress=False)))

        # 2. ship the cache as one JSON file; 3. production: import it
        with KernelCache(build_cache) as cache:
            print(f"exported {cache.export(shipped)} entries to {shipped.name}")
        with KernelCache(production_cache) as cache:
            added, skipped = cache.import_(shipped)
            print(f"imported {added} entries, skipped {skipped}")

        # production: cache mode, no engine, strict
        torch._dynamo.reset()
        deployed = torch.compile(model, backend="autotriton",
                                 options={"mode": "cache", "strict": True, "cache_dir": str(production_cache)})
        with torch.no_grad():
            error = (deployed(*inputs) - model(*inputs)).abs().max().item()
    print(compile_report().table())
    print(f"max |deployed - eager| = {error:.2e}")
    assert error < 1e-4, "the deployed model differs from eager"


if __name__ == "__main__":
    main()
