"""`autotriton eval`: how well an engine writes kernels for a suite of tasks, as the verifier judges them.

Each task's first prompt (the one prompt module: the conversation the model is trained on and served
with) goes to the engine once for k samples. There are no repair turns: this measures the model, not
the agent's loop. Every distinct answer is judged on the verifier's warm pool, timed against eager and
inductor on a GPU, for correctness only on a CPU. Metrics are in `training/metrics.py`.

Suites: `test` is the held-out test split of a dataset written by `autotriton train data` (all of its
RL tasks, whether the teacher solved them or not); `train` is its train split and `unanswered` the train tasks
SFT saw no answer to (those the tiny recipe's GRPO takes by default), to probe which tasks a model solves some of
the time (`autotriton train grpo --probe` trains on those; run 108's probe of the train split: 496 of the 545
tasks SFT had learned were right 8 times of 8); a directory is every KernelBench-format file in it (read as
`autotriton verify` reads a task); `--limit N` takes N of them spread evenly over the suite. `--no-timing`
judges correctness only, even on a GPU (a probe needs no speedups).
Tasks go to the engine `--batch` at a time; each batch is generated, then judged, before the next starts
(judging on the GPU while it generates would skew the kernel timings), and every row records its share
of both, so a slow eval says which half was slow. With `--rows FILE` each task's result is appended as
soon as it is judged, and a rerun with the same settings (a local model's files included) skips what is there.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

from tqdm import tqdm

from agent.engines import Completion, Engine, EngineError, RequestMeta, make_engine
from agent.loop import Budget
from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.engine_spec import effective_engine, no_engine_reason, parse_engine_spec, search_spec
from autotriton_backend.options import ENV_PREFIX
from autotriton_backend.prompt import PROMPT_VERSION, extract_code, first_prompt
from autotriton_backend.task import KernelTask, TaskError
from autotriton_backend.verifier import VerifyOptions, shared_pool
from training.data.dataset import split_records
from training.recipe import load_recipe
from training.rows import TEST_SUITE, TRAIN_SUITE, UNANSWERED_SUITE, unanswered_records
from training.metrics import (ENGINE_ERROR, JUDGED, TASK_ERROR, SampleResult, TaskRow, markdown, read_rows,
                              summarize)

DEFAULT_DATASET = Path(__file__).parent / "dataset"


@dataclass(frozen=True)
class EvalConfig:
    """Everything that makes two runs comparable; a --rows file resumes only under the same config."""

    engine: str
    suite: str
    samples: int
    temperature: float
    max_tokens: int
    device: str
    timeout_s: float
    limit: int | None = None  # None: the whole suite
    timed: bool = True  # time correct kernels against eager and inductor (only ever on a GPU)
    prompt_version: str = PROMPT_VERSION
    weights: str = ""  # a local model directory's fingerprint (`model_fingerprint`)


def model_fingerprint(spec: str) -> str:
    """The sha256 of the files of a local model directory (`hf:PATH`, `vllm:PATH`), or "" for an engine with none
    (a served model, a `files:` directory whose answers may be added between runs). The spec names a directory, not
    a model: one retrained into the same directory resumed the last model's --rows as its own (round attack45)."""
    parsed = parse_engine_spec(spec)
    if parsed.kind not in ("hf", "vllm") or not Path(parsed.target).is_dir():
        return ""
    digest = hashlib.sha256()
    for path in sorted(p for p in Path(parsed.target).iterdir() if p.is_file()):
        with open(path, "rb") as handle:
            digest.update(f"{path.name}\0{hashlib.file_digest(handle, 'sha256').hexdigest()}\0".encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class SuiteTask:
    name: str
    task: KernelTask | None
    error: str = ""  # why the file is not a task, when `task` is None


def load_suite(suite: str, dataset: Path = DEFAULT_DATASET) -> list[SuiteTask]:
    """`test` or `train`: the RL tasks of that split of the dataset; `unanswered`: the train tasks the tiny
    recipe's GRPO takes when no probe is given; otherwise a directory of KernelBench-format files."""
    if suite == UNANSWERED_SUITE:
        recipe = load_recipe("tiny")
        records = unanswered_records(dataset, recipe.teacher, recipe.rl_only_percent)
        if not records:
            raise ValueError(f"--suite {suite}: SFT's teacher answered every train task of {dataset}, so there is no "
                             f"task to probe; probe --suite {TRAIN_SUITE} instead")
        return [SuiteTask(r["task_name"], KernelTask.from_json(r["task"])) for r in records]
    if suite in (TEST_SUITE, TRAIN_SUITE):
        return [SuiteTask(r["task_name"], KernelTask.from_json(r["task"])) for r in split_records(dataset, "rl", suite)]
    directory = Path(suite)
    if not directory.is_dir():
        raise ValueError(f"--suite {suite}: not a directory of KernelBench-format files, nor '{TEST_SUITE}', "
                         f"'{TRAIN_SUITE}' or '{UNANSWERED_SUITE}'")
    files = sorted(directory.glob("*.py"))
    if not files:
        raise ValueError(f"--suite {suite}: no .py files (each should define Model, get_inputs, get_init_inputs)")
    suite_tasks = []
    for path in files:
        try:
            suite_tasks.append(SuiteTask(path.stem, KernelTask.from_file(path)))
        except TaskError as exc:
            suite_tasks.append(SuiteTask(path.stem, None, f"{path.name}: {exc}"))
    return suite_tasks


def spread(suite: list[SuiteTask], limit: int | None) -> list[SuiteTask]:
    """`limit` tasks at even steps through the suite, not its first ones: a suite is often ordered by
    family or by when its tasks were made, and a prefix would measure only those."""
    if limit is None or limit >= len(suite):
        return suite
    return [suite[i * len(suite) // limit] for i in range(limit)]


def evaluate(suite: list[SuiteTask], engine: Engine, config: EvalConfig, done: dict[str, TaskRow] | None = None,
             on_row: Callable[[TaskRow], None] = lambda row: None, batch: int = 16, progress: bool = True) -> list[TaskRow]:
    """One row per suite task, in order; `done` rows (by task key) are reused, each new one goes to `on_row`."""
    done = done or {}
    rows: dict[int, TaskRow] = {}
    todo = []
    for index, item in enumerate(suite):
        if item.task is None:
            rows[index] = TaskRow(item.name, "", TASK_ERROR, error=item.error)
        elif item.task.key in done:
            rows[index] = done[item.task.key]
        else:
            todo.append(index)
    with tqdm(total=len(suite), initial=len(rows), desc="autotriton eval", unit="task", disable=not progress,
              file=sys.stderr) as bar:
        for start in range(0, len(todo), batch):
            chunk = todo[start:start + batch]
            bar.set_postfix_str(f"generating {len(chunk)}")
            started = time.monotonic()
            replies = _generate(engine, [suite[i].task for i in chunk], config)
            generated = time.monotonic()
            bar.set_postfix_str(f"judging {len(chunk)} (generated in {generated - started:.1f} s)")
            judged = _judge(engine, [suite[i] for i in chunk], replies, config)
            shares = ((generated - started) / len(chunk), (time.monotonic() - generated) / len(chunk))
            for index, row in zip(chunk, judged):
                row.generate_s, row.judge_s = (round(share, 3) for share in shares)
                rows[index] = row
                if row.status != ENGINE_ERROR and not row.verifier_errors:  # those the next run retries
                    on_row(row)
            bar.update(len(chunk))
    return [rows[i] for i in range(len(suite))]


def _generate(engine: Engine, tasks: list[KernelTask], config: EvalConfig) -> list[list[Completion] | str]:
    """k completions per task, or the engine's error for that task; a failed batch is retried task by task,
    so one task's failure is never charged to the others."""
    try:
        replies = engine.generate([first_prompt(t) for t in tasks], config.samples, config.temperature,
                                  config.max_tokens, [RequestMeta(t.key, 0, 0) for t in tasks])
        if len(replies) != len(tasks) or any(len(r) != config.samples for r in replies):
            raise EngineError(f"{engine.name} engine: wrong number of replies for {len(tasks)} task(s)")
        return list(replies)
    except Exception as exc:  # any engine failure (unreachable server, missing file, OOM) is not the model's
        if len(tasks) == 1:
            return [str(exc) if isinstance(exc, EngineError) else f"{type(exc).__name__}: {exc}"]
        return [reply for t in tasks for reply in _generate(engine, [t], config)]


def _judge(engine: Engine, items: list[SuiteTask], replies: list[list[Completion] | str],
           config: EvalConfig) -> list[TaskRow]:
    """Submit every distinct answer of the batch to the verifier pool at once, then collect the verdicts."""
    pool = shared_pool(config.device)
    options = VerifyOptions(device=config.device, timeout_s=config.timeout_s, time_kernels=config.timed)
    submitted = []
    for item, completions in zip(items, replies):
        if isinstance(completions, str):
            submitted.append(None)
            continue
        candidates = [Candidate(extract_code(c.text), Provenance(engine.name, engine.model, PROMPT_VERSION, 0, i))
                      for i, c in enumerate(completions)]
        distinct = {c.sha256: c for c in candidates}  # k samples often agree: one run each
        futures = {sha: pool.submit(item.task, c, options) for sha, c in distinct.items()}
        submitted.append((candidates, futures))
    rows = []
    for item, completions, job in zip(items, replies, submitted):
        assert item.task is not None
        if job is None:
            rows.append(TaskRow(item.name, item.task.key, ENGINE_ERROR, error=str(completions)))
            continue
        candidates, futures = job
        try:
            verdicts = {sha: future.result() for sha, future in futures.items()}
        except TaskError as exc:
            rows.append(TaskRow(item.name, item.task.key, TASK_ERROR, error=f"{item.name}: {exc}"))
            continue
        row = TaskRow(item.name, item.task.key, JUDGED)
        for candidate, completion in zip(candidates, completions):
            verdict = verdicts[candidate.sha256]
            if verdict.failure == "internal":  # the verifier failed: says nothing about the model
                row.verifier_errors += 1
                row.error = row.error or verdict.failed_check.reason  # what to fix before the next run
            else:
                row.samples.append(SampleResult.from_verdict(verdict, completion.tokens))
        rows.append(row)
    return rows


def report(rows: list[TaskRow], config: EvalConfig) -> dict[str, Any]:
    """The one JSON object `--json` prints: the config, the metrics and every task's row."""
    metrics = summarize(rows, config.samples, timed=config.timed and config.device != "cpu")
    return {**asdict(config), **metrics, "rows": [r.to_json() for r in rows]}


class RowsFile:
    """`--rows FILE`: a header line with the config, then one TaskRow per line, appended as judged."""

    def __init__(self, path: Path, config: EvalConfig) -> None:
        self.path = path
        self.done: dict[str, TaskRow] = {}
        header = {"config": asdict(config)}
        if path.exists() and path.stat().st_size:
            written, rows, kept = read_rows(path)
            if written != header["config"]:
                raise ValueError(f"--rows {path} holds a run with other settings ({json.dumps(written)}); "
                                 "give another file to start afresh")
            self.done = {row.key: row for row in rows}
            if kept is not None:  # a line cut off by an interruption: that task is judged again
                path.write_text("".join(line + "\n" for line in kept))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(header) + "\n")

    def append(self, row: TaskRow) -> None:
        with open(self.path, "a") as handle:
            handle.write(json.dumps(row.to_json()) + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", help="engine spec (default: $AUTOTRITON_ENGINE, else the bundled model)")
    parser.add_argument("--suite", required=True,
                        help=f"'{TEST_SUITE}' (the dataset's held-out split), '{TRAIN_SUITE}' (its train split), "
                             f"'{UNANSWERED_SUITE}' (the train tasks SFT saw no answer to: GRPO's, to probe) or a "
                             "directory of KernelBench-format files")
    parser.add_argument("--samples", type=int, default=1, help="samples per task: k of pass@k (default 1)")
    parser.add_argument("--temperature", type=float, default=None,
                        help=f"default: 0 (greedy) for one sample, {Budget().temperature} for more")
    parser.add_argument("--max-tokens", type=int, default=Budget().max_tokens, help="tokens per answer")
    parser.add_argument("--device", choices=["cuda", "cpu"], default=None,
                        help="where kernels are judged (default: cuda when available; timed only there)")
    parser.add_argument("--timeout", type=float, default=VerifyOptions().timeout_s,
                        help="seconds each verifier step may take at small sizes (grows with the task's size)")
    parser.add_argument("--no-timing", dest="timed", action="store_false",
                        help="judge correctness only, even on a GPU (no speedups, no fast_1)")
    parser.add_argument("--dataset", type=Path, default=DEFAULT_DATASET,
                        help="the dataset behind --suite test and --suite train")
    parser.add_argument("--batch", type=int, default=16,
                        help="tasks generated together (one engine request; the hf engine's batch), then judged")
    parser.add_argument("--limit", type=int, default=None,
                        help="evaluate only N tasks, spread evenly over the suite (default: all)")
    parser.add_argument("--rows", type=Path, default=None, help="per-task results as JSON lines; a rerun resumes")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the markdown table")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every task was evaluated, 1 when the engine or the verifier failed on some (run again)."""
    if min(args.samples, args.batch, args.max_tokens, args.limit or 1) < 1:
        raise ValueError("--samples, --batch, --max-tokens and --limit must be at least 1")
    engine = effective_engine(args.engine or os.environ.get(ENV_PREFIX + "ENGINE"))
    spec = search_spec(engine)
    if spec is None:
        raise ValueError(f"eval needs an engine: {no_engine_reason(engine)}")
    suite = spread(load_suite(args.suite, args.dataset), args.limit)
    temperature = args.temperature if args.temperature is not None else 0.0 if args.samples == 1 else Budget().temperature
    device = VerifyOptions(device=args.device or "auto").resolved_device()
    config = EvalConfig(spec, args.suite, args.samples, temperature, args.max_tokens, device, args.timeout,
                        args.limit, args.timed, weights=model_fingerprint(spec))
    rows_file = RowsFile(args.rows, config) if args.rows else None
    try:
        engine = make_engine(spec, **({"batch": args.batch} if parse_engine_spec(spec).kind == "hf" else {}))
    except (OSError, ImportError) as exc:  # a model that will not load, a missing optional package
        raise ValueError(f"engine {spec!r} cannot start: {exc}") from exc
    print(f"autotriton eval: {len(suite)} task(s) x {args.samples} sample(s) from {spec}, judged on {device}",
          file=sys.stderr, flush=True)
    rows = evaluate(suite, engine, config, rows_file.done if rows_file else None,
                    rows_file.append if rows_file else lambda row: None, args.batch)
    result = report(rows, config)
    print(json.dumps(result) if args.json else markdown(result))
    missing = [f"{n} {what}" for n, what in ((result["not_evaluated"][ENGINE_ERROR], "task(s) the engine failed on"),
                                            (result["verifier_errors"], "sample(s) the verifier failed on")) if n]
    if missing:
        causes = "; ".join(f"{status}: {error}" for status, error in result["first_errors"].items())
        print(f"autotriton eval: not judged, and not counted against the model: {' and '.join(missing)}; fix the "
              f"cause ({causes}) and run again" + ("" if args.rows else " (with --rows FILE to keep what is done)"),
              file=sys.stderr)
    return 1 if missing else 0
