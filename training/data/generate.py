"""Generate the dataset: tasks -> inductor teacher -> cleaned candidates -> verifier -> shards.

    python -m training.data.generate --out OUT/data --count 6000 --device cuda --seed 0

Resumable: re-running the same command skips every task already in the ledger. `--device cpu`
runs the same pipeline without a GPU (inductor's CUDA codegen under fake_cuda, kernels judged in
the Triton interpreter): slow, for smoke tests. The planned task list depends only on the seed,
the count and the zoo, so a run is reproducible; timings naturally are not.
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import signal
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass
from multiprocessing import active_children, get_context
from pathlib import Path
from typing import Any, Iterable, Iterator

from tqdm import tqdm

from autotriton_backend.prompt import PROMPT_VERSION, first_prompt
from autotriton_backend.task import KernelTask, TaskError, load_reference
from autotriton_backend.verifier.pool import VerifierPool, close_pools

from .dataset import Ledger, PairRecord, RLTask, ShardWriter, TaskOutcome, VerdictSummary, record_keys, write_stats
from .families import split_of
from .sources import SourcedTask, synthetic_task
from ..paths import make_writable_dir

MAX_DRAWS_PER_TASK = 3  # synthetic draws allowed per wanted task (duplicates are redrawn)
COMMIT_EVERY_TASKS = 25  # ledger and shards are made durable this often (bounds the work a kill loses)
GPU_SIZE_CAP = 4096  # synthetic dims on a GPU run
CPU_SIZE_CAP = 32  # synthetic dims on a CPU run: the Triton interpreter is slow


class GenerateError(ValueError):
    """A one-line, user-facing reason the run cannot start or had to stop."""


@dataclass(frozen=True)
class GenerateOptions:
    out: Path
    count: int = 6000
    device: str = "cuda"
    seed: int = 0
    capture_workers: int = 0  # 0: half the CPU cores (inductor compiles in these processes)
    judge_workers: int = 12  # tasks judged at once per GPU (their variants share its judges' slots)
    judges_per_gpu: int = 3  # judge processes per GPU: each compiles one task's inductor baseline at a time
    gpus: int = 0  # 0: every visible GPU (tasks dealt round robin); ignored on cpu
    max_variants: int = 3
    zoo: bool = True
    progress: bool = True
    size_cap: int = 0  # largest synthetic dim; 0: by device (GPU_SIZE_CAP on cuda, CPU_SIZE_CAP on cpu)

    @property
    def synthetic_cap(self) -> int:
        return self.size_cap or (GPU_SIZE_CAP if self.device == "cuda" else CPU_SIZE_CAP)


def generate(options: GenerateOptions) -> dict[str, Any]:
    """Run (or resume) a generation; returns the stats over everything generated so far."""
    _check(options)
    out = options.out
    ledger = Ledger(out / "ledger.jsonl")
    pairs, rl = ShardWriter(out / "pairs", "pairs"), ShardWriter(out / "rl", "rl")
    rl_keys = record_keys(out / "rl", "rl")  # tasks rl_tasks.py recorded before the teacher judged them
    with open(out / "commands.txt", "a") as handle:
        handle.write(" ".join(["python -m training.data.generate", *sys.argv[1:]]).strip() + "\n")
    planned = plan_tasks(options)
    todo = [t for t in planned if t.task.key not in ledger.done]
    bar = tqdm(total=len(planned), initial=len(planned) - len(todo), desc="training data", unit="task",
               disable=not options.progress)
    pending: list[TaskOutcome] = []

    def commit() -> None:
        pairs.close()
        rl.close()
        ledger.append(pending)
        pending.clear()

    workers = options.capture_workers or max(1, (os.cpu_count() or 2) // 2)
    devices = judge_devices(options)
    pools: list[VerifierPool] = []
    interrupted = False
    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    context = get_context("spawn")
    capture_pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_capture_worker_init,
                                       initargs=(context.Value("i", 0), len(devices)))
    judge_pool = ThreadPoolExecutor(options.judge_workers * len(devices))
    try:
        captures = {capture_pool.submit(capture_candidates, t.task, options.device, options.max_variants): t for t in todo}
        start_judges(devices, options.judges_per_gpu, pools)  # while the first captures compile
        captures_by_judge: dict[Future, str] = {}
        dealt = deferred = 0
        judging: set[Future] = set()
        waiting: set[Future] = set(captures)
        while waiting or judging:
            done, _ = wait(waiting | judging, return_when=FIRST_COMPLETED)
            for future in done:
                if future in waiting:
                    waiting.discard(future)
                    sourced = captures[future]
                    judge = judge_pool.submit(judge_task, sourced, future.result(), pools[dealt % len(pools)])
                    captures_by_judge[judge] = sourced.task.key
                    judging.add(judge)
                    dealt += 1
                    continue
                judging.discard(future)
                try:
                    judged = future.result()
                except Exception as exc:  # the verifier's pool broke under this task: not the teacher's result
                    print(f"training data: judging {captures_by_judge.pop(future)} failed: {type(exc).__name__}: "
                          f"{str(exc)[:200]}", file=sys.stderr)
                    judged = None
                bar.update(1)
                if judged is None:  # the verifier failed on this task: nothing recorded, the next run retries it
                    deferred += 1
                    continue
                outcome, pair_records, rl_task = judged
                for record in pair_records:
                    pairs.write(asdict(record))
                if rl_task is not None and rl_task.task_key not in rl_keys:
                    rl.write(asdict(rl_task))
                    rl_keys.add(rl_task.task_key)
                pending.append(outcome)
                bar.set_postfix(pairs=sum(o.pairs for o in ledger.outcomes + pending), deferred=deferred)
                if len(pending) >= COMMIT_EVERY_TASKS:
                    commit()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        # What was judged is made durable before the pools are stopped: stopping them can hang (a worker in
        # the middle of a compile, a killed judge), and the caller's kill must not cost judged tasks.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        commit()
        bar.close()
        summary = write_stats(out, ledger.outcomes)
        signal.signal(signal.SIGTERM, previous)
        capture_pool.shutdown(wait=False, cancel_futures=True)
        if interrupted:  # stop now, not after the compiles and verdicts in flight (their tasks are redone next run)
            for worker in active_children():
                worker.terminate()
            close_pools(pools)  # waiting verdicts become the verifier's failures: those tasks are not recorded
        judge_pool.shutdown(wait=True, cancel_futures=True)
        close_pools(pools)  # every judge stops here (after an interrupt they already have)
    if interrupted:
        raise GenerateError(f"interrupted after {len(ledger.outcomes)} of {len(planned)} tasks; "
                            "re-run the same command to continue")
    if deferred:
        print(f"training data: {deferred} task(s) not recorded because the verifier itself failed on them; "
              "re-run the same command to retry them", file=sys.stderr)
    return summary


def _check(options: GenerateOptions) -> None:
    import torch

    if options.device not in ("cuda", "cpu"):
        raise GenerateError(f"--device must be cuda or cpu, not {options.device!r}")
    if options.device == "cuda" and not torch.cuda.is_available():
        raise GenerateError("--device cuda needs a CUDA GPU and none is visible; use --device cpu for a (slow) CPU run")
    if min(options.count, options.judge_workers, options.judges_per_gpu) < 1:
        raise GenerateError("--count, --judge-workers and --judges-per-gpu must be at least 1")
    if options.device == "cuda" and options.gpus > torch.cuda.device_count():
        raise GenerateError(f"--gpus {options.gpus} asked for, but {torch.cuda.device_count()} GPU(s) are visible")
    writable_out(options.out)


def writable_out(out: Path) -> None:
    """Make the dataset directory, or say in one line why it cannot be written (every data command's check)."""
    try:
        make_writable_dir(out)
    except OSError as exc:
        raise GenerateError(f"cannot write to {out}: {exc.strerror or exc}") from None


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def judge_devices(options: GenerateOptions) -> list[str]:
    """The devices tasks are judged on: each GPU has its own verifier pools and timing lock."""
    if options.device != "cuda":
        return [options.device]
    import torch

    count = options.gpus or torch.cuda.device_count()
    return ["cuda"] if count == 1 else [f"cuda:{index}" for index in range(count)]


def start_judges(devices: list[str], per_gpu: int, pools: list[VerifierPool]) -> None:
    """Start the run's verifier pools into `pools` (one by one, so an interrupt while starting still closes those
    up), in dealing order, `per_gpu` on each GPU and one on a CPU, the cores' slots shared among them. Several per
    GPU because a judge compiles one task's inductor baseline at a time (torch.fx's tracing flag is process-wide):
    with one judge per GPU, tasks queued for it (runs 27-30: the baseline stage was 18 of a task's median 20 s)."""
    per_device = [per_gpu if device.startswith("cuda") else 1 for device in devices]
    slots = max(2, (os.cpu_count() or 2) // sum(per_device))
    for device, count in zip(devices, per_device):
        for _ in range(count):
            pools.append(VerifierPool(device, slots))


# --- planning ------------------------------------------------------------------------------------

def plan_tasks(options: GenerateOptions) -> list[SourcedTask]:
    """The zoo's region tasks and synthetic programs in turns, deduplicated by key, `count` in all: every run
    adds both, and the synthetic programs' many compositions reach the test split early."""
    zoo = zoo_tasks(options.out / "tasks", options.device, options.progress) if options.zoo else []
    synthetic = (synthetic_task(options.seed, index, cap=options.synthetic_cap)
                 for index in range(MAX_DRAWS_PER_TASK * options.count))
    planned: dict[str, SourcedTask] = {}
    for sourced in in_turns(zoo, synthetic):
        if len(planned) >= options.count:
            break
        planned.setdefault(sourced.task.key, sourced)
    return list(planned.values())


def in_turns(*sources: Iterable[SourcedTask]) -> Iterator[SourcedTask]:
    """One item from each source in turn, until every source is spent."""
    iterators = [iter(source) for source in sources]
    while iterators:
        for iterator in list(iterators):
            try:
                yield next(iterator)
            except StopIteration:
                iterators.remove(iterator)


def zoo_tasks(directory: Path, device: str, progress: bool) -> list[SourcedTask]:
    """Every zoo architecture's region tasks in every mode, collected once and kept under `directory`."""
    from .regions import all_zoo_jobs, zoo_region_tasks

    directory.mkdir(parents=True, exist_ok=True)
    found: list[SourcedTask] = []
    jobs = list(all_zoo_jobs())
    for arch, mode in tqdm(jobs, desc="zoo regions", unit="model", disable=not progress):
        path = directory / f"zoo-{arch}-{mode}.json"
        if not path.exists():
            try:
                collected = [_sourced_to_json(s) for s in zoo_region_tasks(device, arch, mode)]
            except Exception as exc:  # one architecture failing to compile must not stop the run
                collected = []
                print(f"zoo {arch} ({mode}): no regions: {type(exc).__name__}: {str(exc)[:200]}", file=sys.stderr)
            path.write_text(json.dumps(collected))
        found += [_sourced_from_json(data) for data in json.loads(path.read_text())]
    return found


def _sourced_to_json(sourced: SourcedTask) -> dict[str, Any]:
    return {**asdict(sourced), "task": sourced.task.to_json()}


def _sourced_from_json(data: dict[str, Any]) -> SourcedTask:
    return SourcedTask(**{**data, "task": KernelTask.from_json(data["task"]), "families": tuple(data["families"])})


# --- capture (worker processes) and judging (threads of the main process) -----------------------

def _capture_worker_init(started: Any, gpus: int) -> None:
    """Each capture process gets one GPU (workers dealt round robin): max-autotune benchmarks on it."""
    os.environ.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")  # the pool is the parallelism
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
    if gpus > 1:
        os.environ["CUDA_VISIBLE_DEVICES"] = next_capture_gpu(started, gpus)


def next_capture_gpu(started: Any, gpus: int) -> str:
    """The CUDA_VISIBLE_DEVICES entry of the next capture process to start (a shared counter deals them)."""
    with started.get_lock():
        index, started.value = started.value, started.value + 1
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    return visible.split(",")[index % gpus] if visible else str(index % gpus)


def capture_candidates(task: KernelTask, device: str, max_variants: int) -> tuple[list[str], str, float]:
    """Inductor's code for the task, cleaned: (candidate sources, failure reason or "", seconds)."""
    from .clean import CleanError, clean
    from .teacher import TeacherError, capture

    start = time.monotonic()
    try:
        output = capture(task, "cuda" if device == "cuda" else "fake-cuda")
        namespace = load_reference(task.source)
        model = namespace["Model"]
        params = list(inspect.signature(model.forward).parameters)[1:]
        init = list(inspect.signature(model.__init__).parameters.values())[1:] if "__init__" in vars(model) else []
        return clean(output, params, ", ".join(map(str, init)), max_variants), "", time.monotonic() - start
    except TeacherError as exc:
        return [], f"teacher:{_short(exc)}", time.monotonic() - start
    except CleanError as exc:
        return [], f"clean:{_short(exc)}", time.monotonic() - start
    except Exception as exc:  # an inductor crash on one task is that task's failure
        return [], f"teacher:{type(exc).__name__}", time.monotonic() - start


def _short(exc: Exception) -> str:
    """The reason's stable head (for counting): up to the first colon or digit-heavy detail."""
    return str(exc).split(":")[0].strip()[:60]


def judge_task(sourced: SourcedTask, captured: tuple[list[str], str, float],
               pool: VerifierPool) -> tuple[TaskOutcome, list[PairRecord], RLTask | None] | None:
    """The task's outcome, pairs and RL task; None when the verifier itself failed (a transient result that must
    not enter the ledger as the teacher's)."""
    from .judge import judge_candidates, reference_error, rejection_reason

    sources, failure, seconds = captured
    start = time.monotonic()
    split = split_of(sourced.composition)
    base = dict(task_key=sourced.task.key, origin=sourced.origin, source=sourced.source,
                families=list(sourced.families), composition=sourced.composition, dtype=sourced.dtype, split=split)
    records: list[PairRecord] = []
    reasons: list[str] = [failure] if failure else []
    status = "teacher_failed" if failure else "rejected"
    verdicts = []
    if sources:
        try:
            verdicts = judge_candidates(sourced.task, sources, pool)
        except TaskError as exc:
            verdicts, status, reasons = [], "task_broken", [f"task:{_short(exc)}"]
        internal = [v for v in verdicts if v.failure == "internal"]
        if internal:
            print(f"training data: {sourced.task.key}: the verifier failed, left for the next run: "
                  f"{internal[0].failed_check.reason[:300]}", file=sys.stderr)
            return None
        for variant, (source, verdict) in enumerate(zip(sources, verdicts)):
            if verdict.correct and not verdict.hacked:
                records.append(_pair(sourced, split, source, variant, verdict))
            else:
                reasons.append(rejection_reason(verdict))
        status = "verified" if records else status
    stages: dict[str, float] = {}
    for verdict in verdicts:
        for stage, spent in verdict.stage_seconds.items():
            stages[stage] = round(stages.get(stage, 0.0) + spent, 3)
    outcome = TaskOutcome(**base, status=status, reasons=reasons, candidates=len(sources), pairs=len(records),
                          seconds=round(seconds + time.monotonic() - start, 2), capture_seconds=round(seconds, 2),
                          verifier_stages=stages)
    usable = bool(records) or (status != "task_broken" and not reference_error(sourced.task, pool.device))
    return outcome, records, rl_record(sourced, bool(records)) if usable else None


def added_report(tool: str, counts: Counter, out: Path) -> str:
    """A task maker's last line: the RL tasks it added under `out`, and how many others it left out, and why."""
    left_out = ", ".join(f"{n} {why}" for why, n in counts.most_common() if why != "added") or "none"
    return f"{tool}: added {counts['added']} RL tasks to {out}; left out: {left_out}"


def rl_record(sourced: SourcedTask, teacher_solved: bool | None) -> RLTask:
    """The task's RL record; `teacher_solved` None when the teacher was not asked (it is hard when drawn hard or
    when the teacher failed)."""
    return RLTask(task_key=sourced.task.key, task_name=sourced.task.name, origin=sourced.origin, source=sourced.source,
                  families=list(sourced.families), composition=sourced.composition, dtype=sourced.dtype,
                  split=split_of(sourced.composition), hard=sourced.hard or teacher_solved is False,
                  teacher_solved=teacher_solved, task=sourced.task.to_json(), prompt=first_prompt(sourced.task),
                  prompt_version=PROMPT_VERSION)


def _pair(sourced: SourcedTask, split: str, source: str, variant: int, verdict: Any) -> PairRecord:
    return PairRecord(
        task_key=sourced.task.key, task_name=sourced.task.name, origin=sourced.origin, source=sourced.source,
        families=list(sourced.families), composition=sourced.composition, dtype=sourced.dtype, split=split,
        task=sourced.task.to_json(), prompt=first_prompt(sourced.task), target=source, variant=variant,
        verdict=asdict(VerdictSummary.of(verdict)), prompt_version=PROMPT_VERSION, teacher=teacher_info(verdict.device),
    )


def teacher_info(device: str) -> dict[str, Any]:
    import torch
    import triton

    from .teacher import TEACHER_CONFIG

    gpu = torch.cuda.get_device_name() if device.startswith("cuda") else "none (CUDA codegen under fake_cuda)"
    return {"torch": torch.__version__, "triton": triton.__version__, "gpu": gpu, "inductor": TEACHER_CONFIG}


# --- command line --------------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, required=True, help="output directory (re-run to resume)")
    parser.add_argument("--count", type=int, default=6000, help="tasks to plan: the zoo's regions and synthetic programs in turns")
    parser.add_argument("--device", default="cuda", help="cuda (the real run) or cpu (slow smoke test, no timing)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the synthetic programs")
    parser.add_argument("--workers", type=int, default=0, help="inductor capture processes (default: half the cores)")
    parser.add_argument("--judge-workers", type=int, default=GenerateOptions.judge_workers,
                        help="tasks judged at once per GPU")
    parser.add_argument("--judges-per-gpu", type=int, default=GenerateOptions.judges_per_gpu,
                        help="verifier judge processes per GPU")
    parser.add_argument("--gpus", type=int, default=0, help="GPUs to judge on (default: every visible one)")
    parser.add_argument("--no-zoo", action="store_true", help="synthetic programs only")


def options_from(args: argparse.Namespace) -> GenerateOptions:
    return GenerateOptions(out=args.out, count=args.count, device=args.device, seed=args.seed,
                           capture_workers=args.workers, judge_workers=args.judge_workers,
                           judges_per_gpu=args.judges_per_gpu, gpus=args.gpus,
                           zoo=not args.no_zoo)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.data.generate", description=__doc__.split("\n")[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        summary = generate(options_from(args))
    except GenerateError as exc:
        print(f"training data: error: {exc}", file=sys.stderr)
        return 2
    print(f"training data: {summary['pairs']} pairs from {summary['tasks_verified']} of {summary['tasks']} tasks "
          f"in {args.out} (stats: {args.out / 'STATS.md'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
