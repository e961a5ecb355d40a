"""Offline warmup: collect a model's region tasks, search each distinct one, fill the kernel cache.

The cache is the checkpoint: a task already settled (winner or negative entry at this budget)
is skipped, so an interrupted warmup resumes where it stopped.
"""
from __future__ import annotations

import importlib.util
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import torch
from tqdm import tqdm

from autotriton_backend.collect import collect_tasks
from autotriton_backend.options import BackendOptions
from autotriton_backend.report import count_statuses, format_table
from autotriton_backend.resolve import resolve
from autotriton_backend.task import KernelTask
from cache.store import KernelCache

from .searcher import AgentSearcher, make_searcher


@dataclass
class WarmupRow:
    task_key: str
    name: str
    device: str
    status: str
    speedup_vs_inductor: float | None
    seconds: float
    detail: str = ""


def load_factory(spec: str) -> Callable[[], tuple[torch.nn.Module, list[Any]]]:
    """`SCRIPT.py:FACTORY` -> the factory, which returns (model, example_inputs)."""
    script, _, name = spec.rpartition(":")
    path = Path(script)
    if not script or not name:
        raise ValueError(f"expected SCRIPT.py:FACTORY, got {spec!r}")
    if not path.is_file():
        raise ValueError(f"script not found: {path}")
    module_spec = importlib.util.spec_from_file_location(f"autotriton_user_{path.stem}", path)
    assert module_spec is not None and module_spec.loader is not None
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    factory = getattr(module, name, None)
    if not callable(factory):
        raise ValueError(f"{path} defines no function {name!r}")
    return factory


def model_tasks(spec: str, training: bool = False, dynamic: bool | None = None) -> list[tuple[KernelTask, str]]:
    model, example_inputs = load_factory(spec)()
    return collect_tasks(model, list(example_inputs), training=training, dynamic=dynamic)


def dump_tasks(tasks: list[tuple[KernelTask, str]], out: Path) -> list[Path]:
    """Write each task as `KEY.py` (KernelBench form, usable with `autotriton verify`) and `KEY.json`."""
    out.mkdir(parents=True, exist_ok=True)
    index, written = [], []
    for task, device in tasks:
        (out / f"{task.key}.py").write_text(task.source)
        (out / f"{task.key}.json").write_text(json.dumps(task.to_json(), indent=1))
        index.append({"key": task.key, "name": task.name, "device": device})
        written.append(out / f"{task.key}.py")
    (out / "index.json").write_text(json.dumps(index, indent=1))
    return written


def warmup(tasks: list[tuple[KernelTask, str]], options: BackendOptions, workers: int | None = None,
           progress: bool = True, searcher: AgentSearcher | None = None) -> list[WarmupRow]:
    """Search every task not yet settled in the cache; one worker per visible GPU by default."""
    gpus = [f"cuda:{i}" for i in range(torch.cuda.device_count())]
    workers = workers or max(1, len(gpus))
    cache = KernelCache(options.cache_dir)
    searcher = searcher or make_searcher(options)

    def run(job: tuple[int, tuple[KernelTask, str]]) -> WarmupRow:
        index, (task, device) = job
        if device.startswith("cuda") and gpus:
            device = gpus[index % len(gpus)]  # spread the search over every visible GPU
        start = time.monotonic()
        try:
            resolution = resolve(task, device, cache, options, lambda: searcher)
        except Exception as exc:  # one task failing must not end the warmup
            return WarmupRow(task.key, task.name, device, "failed", None, time.monotonic() - start, f"{type(exc).__name__}: {exc}")
        speedup = resolution.entry.speedup_vs_inductor if resolution.entry else None
        return WarmupRow(task.key, task.name, device, resolution.status, speedup, time.monotonic() - start, resolution.detail)

    with ThreadPoolExecutor(max_workers=workers) as pool:
        jobs = pool.map(run, enumerate(tasks))
        return list(tqdm(jobs, total=len(tasks), desc="autotriton warmup", unit="task", disable=not progress))


def summary_table(rows: list[WarmupRow]) -> str:
    header = ("key", "name", "device", "status", "speedup", "seconds", "detail")
    cells = [
        (r.task_key[:12], r.name, r.device, r.status,
         "-" if r.speedup_vs_inductor is None else f"{r.speedup_vs_inductor:.2f}x", f"{r.seconds:.1f}", r.detail[:50])
        for r in rows
    ]
    return f"warmup: {len(rows)} task(s): {count_statuses(r.status for r in rows)}\n" + format_table(header, cells)
