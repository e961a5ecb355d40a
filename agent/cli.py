"""`autotriton tasks` and `autotriton warmup`: a model's region tasks, and filling the cache offline."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from autotriton_backend.engine_spec import no_engine_reason
from autotriton_backend.options import BackendOptions
from cache.store import KernelCache


def register(subparsers: argparse._SubParsersAction) -> None:
    tasks = subparsers.add_parser("tasks", help="dump a model's region tasks in KernelBench form, without searching")
    _add_model(tasks)
    tasks.add_argument("--out", type=Path, required=True, help="directory for KEY.py / KEY.json / index.json")
    tasks.set_defaults(run=run_tasks)

    warm = subparsers.add_parser("warmup", help="search kernels for a model's regions and fill the cache")
    _add_model(warm)
    warm.add_argument("--engine", help="engine spec (default: $AUTOTRITON_ENGINE, else the bundled model), "
                      "e.g. openai:http://host:8000/v1#model")
    warm.add_argument("--turns", type=int, help="model turns per conversation (repair and speed turns)")
    warm.add_argument("--samples", type=int, help="conversations sampled per task")
    warm.add_argument("--seconds", type=float, help="time budget per task")
    warm.add_argument("--tokens", type=int, help="generated-token budget per task")
    warm.add_argument("--workers", type=int, help="parallel searches (default: one per visible GPU)")
    warm.add_argument("--cache-dir", help="kernel cache directory (default: $AUTOTRITON_CACHE_DIR)")
    warm.set_defaults(run=run_warmup)


def _add_model(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("model", help="SCRIPT.py:FACTORY, where FACTORY() returns (model, example_inputs)")
    parser.add_argument("--training", action="store_true", help="also collect the backward graph's regions")
    parser.add_argument("--dynamic", action="store_true", help="symbolic sizes, as torch.compile(dynamic=True)")


def run_tasks(args: argparse.Namespace) -> int:
    from .warmup import dump_tasks, model_tasks  # compiles models: loaded only when asked for

    args.out.mkdir(parents=True, exist_ok=True)  # an unwritable --out fails now, not after the model compiled
    collection = model_tasks(args.model, args.training, args.dynamic or None)
    written = dump_tasks(collection, args.out)
    print(f"wrote {len(written)} task(s) to {args.out}")
    for item, path in zip(collection.tasks, written):
        print(f"  {path}  ({item.level})")
    for index, covered in enumerate(collection.coverage):
        print(f"graph {index + 1}: {covered.text()}")
    return 0


def run_warmup(args: argparse.Namespace) -> int:
    from .searcher import make_searcher  # compiles models: loaded only when asked for
    from .warmup import failed_rows, model_tasks, summary_table, warmup

    given = {"engine": args.engine, "search_turns": args.turns, "search_samples": args.samples,
             "search_seconds": args.seconds, "search_tokens": args.tokens, "cache_dir": args.cache_dir}
    options = BackendOptions.resolve({"mode": "search", **{k: v for k, v in given.items() if v is not None}})
    if options.search_engine is None:
        raise ValueError(f"warmup needs an engine: {no_engine_reason(options.engine)}")
    if args.workers is not None and args.workers < 1:
        raise ValueError("--workers must be at least 1")
    searcher = make_searcher(options)  # a bad engine fails now, not after the model compiled
    KernelCache(options.cache_dir).close()  # so does an unusable --cache-dir
    rows = warmup(model_tasks(args.model, args.training, args.dynamic or None).tasks, options, workers=args.workers,
                  searcher=searcher)
    print(summary_table(rows))
    failed = failed_rows(rows)
    if failed:
        print(f"warmup: {len(failed)} task(s) could not be searched and nothing was cached for them; "
              "fix the cause above and run warmup again", file=sys.stderr)
        return 1
    return 0
