"""Warm the kernel cache for one model with hand-written kernels (the `files` engine plays the model).

The benchmark files call `warm_if_asked` before timing: with AUTOTRITON_BENCH_WARM=1 (as
run_gpu.sh sets) every region of the model is offered the given kernels, turn N answering with
kernel N; the verifier keeps a kernel only where it computes the region and, on a GPU, beats
inductor. Without it the benchmark times whatever the cache already holds.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import torch


def warm_if_asked(model: torch.nn.Module, inputs: list[Any], kernels: list[Path]) -> None:
    if os.environ.get("AUTOTRITON_BENCH_WARM") != "1":
        return
    from agent.warmup import summary_table, warmup
    from autotriton_backend.collect import collect_tasks
    from autotriton_backend.options import BackendOptions

    tasks = collect_tasks(model, inputs).tasks
    with tempfile.TemporaryDirectory(prefix="autotriton-bench-answers-") as answers:
        for item in tasks:
            (Path(answers) / item.task.key).mkdir()
            for turn, kernel in enumerate(kernels):
                (Path(answers) / item.task.key / f"turn{turn}.py").write_text(kernel.read_text())
        options = BackendOptions.resolve({"engine": f"files:{answers}", "search_samples": 1,
                                          "search_turns": max(1, len(kernels))})
        print(summary_table(warmup(tasks, options, progress=False)))
    torch._dynamo.reset()
