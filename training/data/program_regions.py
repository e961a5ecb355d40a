"""Synthetic programs' regions as the backend cuts them: train tasks in the form the model meets in use.

    python -m training.data.program_regions --out training/dataset --programs 2000 [--first 0] [--seed 1]

The backend hands the model post-grad ATen regions (`torch.ops.aten.addmm.default(...)`, views with sizes,
several outputs). Before this, the zoo's 26 architectures were the train split's only tasks of that form (1,673 of
11,097 train pairs), and run 62's SFT model solved 1 of the 16 held-out zoo tasks against 28 of 48 synthetic ones.
Each synthetic program compiled through the partitioner (`autotriton_backend.collect`, on the CPU) gives new
compositions in that form. A region is kept only when its own composition and its program's are both in the
train split (no held-out program reaches training in another form), when no dataset record has its key, and
when its reference passes the verifier's reference check (`judge.reference_error`). Kept regions become RL records
(`teacher_solved` None, origin `regions`), which the direct teacher answers on a GPU like any other task
(`python -m training.data.direct.generate`). Programs are drawn with `--seed` (default 1: the generator's plan
uses 0), so their torch-level forms are not in the dataset either. `--workers N` compiles N programs side by side
(one core each); `--max-seconds` starts no program after that long. Re-running a range writes nothing twice.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import torch
from tqdm import tqdm

from autotriton_backend.collect import collect_tasks
from autotriton_backend.task import load_reference

from .dataset import Ledger, ShardWriter, record_keys
from .families import families_in_source, split_of
from .generate import COMMIT_EVERY_TASKS, GPU_SIZE_CAP, GenerateError, rl_record, writable_out
from .judge import reference_error
from .rl_tasks import VALIDATION_DEVICE
from .sources import SourcedTask, synthetic_task, task_dtype

ORIGIN = "regions"
DEFAULT_SEED = 1


@dataclass(frozen=True)
class RegionsOptions:
    out: Path
    programs: int
    first: int = 0
    seed: int = DEFAULT_SEED
    size_cap: int = GPU_SIZE_CAP  # the programs' sizes: a GPU run's, so the regions are sized as the GPU judges them
    workers: int = 1  # processes compiling programs side by side (one core each)
    max_seconds: float | None = None  # stop taking programs after this long; what is done is kept
    progress: bool = True

    def command(self) -> str:
        return (f"python -m training.data.program_regions --out {self.out} --programs {self.programs} "
                f"--first {self.first} --seed {self.seed}")


@dataclass
class RegionsReport:
    """What a call did: regions added, programs compiled, and why the others were left out (by reason)."""

    added: int = 0
    programs: int = 0
    skipped: Counter = field(default_factory=Counter)


def program_regions(program: SourcedTask) -> list[SourcedTask]:
    """The distinct region tasks (coarse and fine) of one synthetic program, compiled on the CPU as
    `torch.compile` would deploy it (dynamic where the program has a symbolic size)."""
    namespace = load_reference(program.task.source)
    model = namespace["Model"](*namespace["get_init_inputs"]())
    collected = collect_tasks(model, namespace["get_inputs"](), dynamic=True if program.task.symbols else None)
    return [SourcedTask(item.task, ORIGIN, f"{ORIGIN}:{program.source}", tuple(families_in_source(item.task.source)),
                        task_dtype(item.task), program.hard) for item in collected.tasks]


def train_regions(seed: int, index: int, size_cap: int) -> tuple[list[dict[str, Any]], Counter]:
    """Program `index`'s regions that may be recorded (both splits train, reference usable), as RL records, and
    why the others may not. Runs in a worker process: compiling is the slow part."""
    skipped: Counter = Counter()
    program = synthetic_task(seed, index, cap=size_cap)
    if split_of(program.composition) != "train":
        skipped["program in the test split"] += 1
        return [], skipped
    try:
        regions = program_regions(program)
    except Exception as exc:  # one program inductor cannot compile must not stop the run
        skipped[f"compile: {type(exc).__name__}"] += 1
        return [], skipped
    records = []
    for region in regions:
        if split_of(region.composition) != "train":
            skipped["region in the test split"] += 1
        elif error := reference_error(region.task, VALIDATION_DEVICE):
            skipped[f"reference: {error.splitlines()[0][:60]}"] += 1
        else:
            records.append(asdict(rl_record(region, None)))
    return records, skipped


def add_program_regions(options: RegionsOptions) -> RegionsReport:
    """Record the train-split regions of programs `first .. first + programs - 1` as RL tasks under `options.out`."""
    _check(options)
    with open(options.out / "commands.txt", "a") as handle:
        handle.write(options.command() + "\n")
    known = Ledger(options.out / "ledger.jsonl").done | record_keys(options.out / "rl", "rl")
    report = RegionsReport()
    writer = ShardWriter(options.out / "rl", "rl")
    bar = tqdm(total=options.programs, desc="program regions", unit="program", disable=not options.progress)
    try:
        for records, skipped in _in_order(options):
            report.programs += 1
            report.skipped.update(skipped)
            for record in records:
                if record["task_key"] in known:
                    report.skipped["already in the dataset"] += 1
                    continue
                known.add(record["task_key"])
                writer.write(record)
                report.added += 1
                if report.added % COMMIT_EVERY_TASKS == 0:
                    writer.close()
            bar.update(1)
            bar.set_postfix(added=report.added)
    finally:
        writer.close()  # every written line is a whole record: what is done is kept, even on Ctrl-C
        bar.close()
    return report


def _in_order(options: RegionsOptions) -> Iterator[tuple[list[dict[str, Any]], Counter]]:
    """Each program's `train_regions`, in index order, up to two programs per worker under way, none started after
    `max_seconds`. A worker the OS kills (out of memory, a crash inside inductor) breaks the whole pool: a new pool
    takes the programs that were under way once more, and a program under way at a second break is left out."""
    deadline = None if options.max_seconds is None else time.monotonic() + options.max_seconds
    indices = iter(range(options.first, options.first + options.programs))

    def next_index() -> int | None:
        return None if deadline is not None and time.monotonic() > deadline else next(indices, None)

    if options.workers == 1:
        while (index := next_index()) is not None:
            yield train_regions(options.seed, index, options.size_cap)
        return
    pool = _pool(options.workers)

    def submit(index: int) -> Future:
        return pool.submit(train_regions, options.seed, index, options.size_cap)

    pending: deque[tuple[int, int, Future]] = deque()  # program index, breaks it was under way at, its future
    try:
        while True:
            while len(pending) < 2 * options.workers and (index := next_index()) is not None:
                pending.append((index, 0, submit(index)))
            if not pending:
                return
            index, breaks, future = pending.popleft()
            try:
                yield future.result()
            except BrokenProcessPool:
                pool.shutdown(cancel_futures=True)
                pool = _pool(options.workers)
                again = [(index, breaks)] + [(i, b) for i, b, _ in pending]
                pending.clear()
                for index, breaks in again:
                    if breaks:
                        yield [], Counter({"compile: its worker died twice": 1})
                    else:
                        pending.append((index, 1, submit(index)))
    finally:
        pool.shutdown(cancel_futures=True)


def _pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=_one_compile_thread)


def _one_compile_thread() -> None:
    torch._inductor.config.compile_threads = 1  # the pool is the parallelism


def _check(options: RegionsOptions) -> None:
    if options.programs < 1 or options.first < 0 or options.workers < 1:
        raise GenerateError("--programs and --workers must be at least 1 and --first at least 0")
    writable_out(options.out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.data.program_regions", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="dataset directory")
    parser.add_argument("--programs", type=int, required=True, help="how many synthetic programs to compile")
    parser.add_argument("--first", type=int, default=0, help="the first program's index (default 0)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the programs' seed (default {DEFAULT_SEED})")
    parser.add_argument("--workers", type=int, default=1, help="processes compiling side by side (default 1)")
    parser.add_argument("--max-seconds", type=float, default=None, help="start no program after this long")
    args = parser.parse_args(argv)
    options = RegionsOptions(out=args.out, programs=args.programs, first=args.first, seed=args.seed,
                             workers=args.workers, max_seconds=args.max_seconds)
    try:
        report = add_program_regions(options)
    except GenerateError as exc:
        print(f"program regions: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("program regions: interrupted; what was added is kept: re-run the same command to continue",
              file=sys.stderr)
        return 2
    skipped = ", ".join(f"{n} {reason}" for reason, n in report.skipped.most_common()) or "none"
    print(f"program regions: added {report.added} RL tasks from {report.programs} programs to {args.out}; "
          f"left out: {skipped}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
