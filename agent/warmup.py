"""Offline warmup: collect a model's region tasks, search each distinct one, fill the kernel cache.

Coarse then fine, as the backend does: every coarse task is searched first, and a fine task only
where one of the coarse tasks it refines found no winner. The cache is the checkpoint: a task
already settled (winner or negative entry at this budget) is skipped, so an interrupted warmup
resumes where it stopped.
"""
from __future__ import annotations

import importlib.util
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

import torch
from tqdm import tqdm

from autotriton_backend.announce import one_line
from autotriton_backend.collect import CollectedTask, TaskCollection, collect_tasks
from autotriton_backend.options import BackendOptions
from autotriton_backend.report import NEEDS_REASON, STATUSES, count_statuses, format_table
from autotriton_backend.resolve import resolve
from cache.store import KernelCache

from .searcher import AgentSearcher, make_searcher


WON = ("cache-hit", "new-kernel", "eager")
COARSE_WON = "coarse-won"  # a fine task not searched: the coarse region holding it has a winner


@dataclass
class WarmupRow:
    task_key: str
    name: str
    device: str
    status: str
    speedup_vs_inductor: float | None
    seconds: float
    detail: str = ""
    level: str = ""


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
    try:
        module_spec.loader.exec_module(module)
    except SyntaxError as exc:
        raise ValueError(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise ValueError(f"{path} defines no function {name!r}")
    return factory


def load_model(spec: str) -> tuple[Callable, list[Any]]:
    """Call the factory `SCRIPT.py:FACTORY` names; a clear error unless it returns (model, example_inputs)."""
    made = load_factory(spec)()
    if not (isinstance(made, (tuple, list)) and len(made) == 2 and callable(made[0])
            and isinstance(made[1], (tuple, list))):
        raise ValueError(f"{spec} must return (model, example_inputs), e.g. `return model, [x]`; "
                         f"it returned {type(made).__name__}")
    return made[0], list(made[1])


def model_tasks(spec: str, training: bool = False, dynamic: bool | None = None) -> TaskCollection:
    model, example_inputs = load_model(spec)
    return collect_tasks(model, example_inputs, training=training, dynamic=dynamic)


def dump_tasks(collection: TaskCollection, out: Path) -> list[Path]:
    """Write each task as `KEY.py` (KernelBench form, usable with `autotriton verify`) and `KEY.json`.

    `index.json` lists every task with its level and, for fine tasks, the coarse tasks they refine,
    and the compute ops of each graph that the regions cover at each level.
    """
    out.mkdir(parents=True, exist_ok=True)
    index, written = [], []
    for item in collection.tasks:
        task = item.task
        (out / f"{task.key}.py").write_text(task.source)
        (out / f"{task.key}.json").write_text(json.dumps(task.to_json(), indent=1))
        index.append({"key": task.key, "name": task.name, "device": item.device, "level": item.level,
                      "parents": list(item.parents)})
        written.append(out / f"{task.key}.py")
    coverage = [asdict(c) for c in collection.coverage]
    (out / "index.json").write_text(json.dumps({"tasks": index, "coverage": coverage}, indent=1))
    return written


def warmup(tasks: list[CollectedTask], options: BackendOptions, workers: int | None = None,
           progress: bool = True, searcher: AgentSearcher | None = None) -> list[WarmupRow]:
    """Search every task not yet settled in the cache, coarse first; one worker per visible GPU by default."""
    gpus = [f"cuda:{i}" for i in range(torch.cuda.device_count())]
    workers = workers or max(1, len(gpus))
    cache = KernelCache(options.cache_dir)
    searcher = searcher or make_searcher(options)

    def run(job: tuple[int, CollectedTask]) -> WarmupRow:
        index, item = job
        task, device = item.task, item.device
        if device.startswith("cuda") and gpus:
            device = gpus[index % len(gpus)]  # spread the search over every visible GPU
        start = time.monotonic()
        try:
            resolution = resolve(task, device, cache, options, lambda: searcher, item.level)
        except Exception as exc:  # one task failing must not end the warmup
            return WarmupRow(task.key, task.name, device, "error", None, time.monotonic() - start,
                             f"{type(exc).__name__}: {exc}", item.level)
        speedup = resolution.entry.speedup_vs_inductor if resolution.entry else None
        return WarmupRow(task.key, task.name, device, resolution.status, speedup, time.monotonic() - start,
                         resolution.detail, item.level)

    first = [t for t in tasks if not t.parents]
    rows: dict[str, WarmupRow] = {}
    with ThreadPoolExecutor(max_workers=workers) as pool, tqdm(
            total=len(tasks), desc="autotriton warmup", unit="task", disable=not progress) as bar:
        for stage in (first, None):
            if stage is None:  # fine tasks whose coarse tasks did not all find a winner
                won = {key for key, row in rows.items() if row.status in WON}
                stage = [t for t in tasks if t.parents and not set(t.parents) <= won]
                for item in tasks:
                    if item.parents and set(item.parents) <= won:
                        rows[item.task.key] = WarmupRow(item.task.key, item.task.name, item.device, COARSE_WON,
                                                        None, 0.0, "", item.level)
                        bar.update()
            for row in pool.map(run, enumerate(stage)):
                rows[row.task_key] = row
                bar.update()
    return [rows[t.task.key] for t in tasks]


def summary_table(rows: list[WarmupRow]) -> str:
    """One row per task, then each failure's reason in full and what the statuses seen mean."""
    header = ("key", "name", "level", "device", "status", "kernel vs inductor", "seconds")
    cells = [(r.task_key[:12], r.name, r.level, r.device, r.status, _speedup(r), f"{r.seconds:.1f}") for r in rows]
    lines = [f"warmup: {len(rows)} task(s): {count_statuses(r.status for r in rows)}", format_table(header, cells)]
    lines += ["  " + one_line(f"why {r.task_key[:12]} ({r.name}): {r.detail}")
              for r in rows if r.status in NEEDS_REASON and r.detail]
    lines += [f"  {status}: {STATUSES[status]}" for status in sorted({r.status for r in rows}) if status in STATUSES]
    return "\n".join(lines)


def _speedup(row: WarmupRow) -> str:
    if row.status not in ("cache-hit", "new-kernel"):
        return ""
    return "untimed" if row.speedup_vs_inductor is None else f"{row.speedup_vs_inductor:.2f}x"


def failed_rows(rows: list[WarmupRow]) -> list[WarmupRow]:
    """Tasks whose search could not run (engine or our own failure): a warmup to run again."""
    return [r for r in rows if r.status in ("engine-error", "error")]
