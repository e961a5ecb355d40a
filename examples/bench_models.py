"""Time the example models on a GPU: eager vs inductor vs autotriton, interleaved in one process.

autotriton runs in cache mode on a cache warmed here through the `files` engine with the bundled
kernels (turn N answers with kernel N, as in the quickstart). A kernel enters the cache only if the
verifier found it correct and faster than inductor on this GPU; the model guard then keeps the
spliced graph only if it is faster as a whole.

    python examples/bench_models.py --out results.json
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).parent))
from models import FACTORIES  # noqa: E402
from quickstart import offer_bundled_kernels  # noqa: E402

ROUNDS = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--models", nargs="*", default=list(FACTORIES))
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("skipped: bench_models.py times on a GPU; there is none here")
        return
    os.environ["AUTOTRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="autotriton-bench-")
    from triton.testing import do_bench

    from agent.warmup import summary_table, warmup
    from autotriton_backend.backend import autotriton
    from autotriton_backend.collect import collect_tasks
    from autotriton_backend.options import BackendOptions
    from autotriton_backend.report import compile_report, reset_report

    results = []
    for name in args.models:
        model, inputs = FACTORIES[name]()
        tasks = collect_tasks(model, inputs).tasks
        offered = [t for t in tasks if len(t.task.inputs) == 3]  # the bundled kernels take (weight, bias, x)
        answers = Path(tempfile.mkdtemp(prefix="autotriton-bench-answers-"))
        options = BackendOptions.resolve({"engine": offer_bundled_kernels(offered, answers), "search_samples": 1})
        print(summary_table(warmup(tasks, options, progress=False)))
        torch._dynamo.reset()
        reset_report()
        variants = {
            "eager": model,
            "inductor": torch.compile(model),
            # the function itself: on a machine where the package is only on PYTHONPATH, no entry point names it
            "autotriton": torch.compile(model, backend=autotriton, options={"mode": "cache"}),
        }
        with torch.no_grad():
            reference = model(*inputs).float()
            for variant, fn in variants.items():  # compile, and check every variant against eager
                error = (fn(*inputs).float() - reference).abs().max().item()
                print(f"{name}/{variant}: max abs diff vs eager {error:.3g}")
            samples: dict[str, list[float]] = {v: [] for v in variants}
            for _ in range(ROUNDS):
                for variant, fn in variants.items():
                    samples[variant].append(do_bench(lambda: fn(*inputs), warmup=50, rep=200, return_mode="median"))
        ms = {v: statistics.median(s) for v, s in samples.items()}
        spread = {v: (min(s), max(s)) for v, s in samples.items()}
        report = compile_report()
        results.append({
            "model": name, "device": torch.cuda.get_device_name(), "ms": ms, "round_min_max_ms": spread,
            "autotriton_vs_inductor": ms["inductor"] / ms["autotriton"], "inductor_vs_eager": ms["eager"] / ms["inductor"],
            "regions": [r.status for r in report.records], "model_guard_ms": report.graph_guards,
        })
        print(report.table())
    args.out.write_text(json.dumps({"torch": torch.__version__, "results": results}, indent=1))
    print(f"\n{'model':12} {'eager ms':>9} {'inductor':>9} {'autotriton':>10} {'at/ind':>7}  regions")
    for r in results:
        ms = r["ms"]
        print(f"{r['model']:12} {ms['eager']:9.4f} {ms['inductor']:9.4f} {ms['autotriton']:10.4f} "
              f"{r['autotriton_vs_inductor']:6.3f}x  {r['regions']}")


if __name__ == "__main__":
    main()
