"""RL tasks without the teacher: planned tasks that no run has judged yet, each reference checked on the CPU.

    python -m training.data.rl_tasks --out training/dataset --total 1000

An RL task is a prompt and a reference the reward can judge against; it needs no teacher kernel. The tasks are
the generator's own plan for a GPU run (same seed and count: the zoo's committed regions and synthetic programs, at
the GPU's sizes) less every task already in the ledger or the RL set, dealt zoo and synthetic in turns (the plan
itself reaches its unjudged zoo regions only after hundreds of synthetic programs). Each reference goes through the
verifier's reference builder on the CPU (`judge.reference_error`); those that pass become RL records with
`teacher_solved` None. A later GPU run that judges one of them adds its pairs and writes no second RL record (the
generator skips keys already in the RL set). Resumable: re-running skips what is recorded; a kill loses at most
the open shard.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tqdm import tqdm

from .dataset import Ledger, ShardWriter, record_keys, write_stats
from .generate import (COMMIT_EVERY_TASKS, GPU_SIZE_CAP, GenerateError, GenerateOptions, in_turns, plan_tasks,
                       rl_record, writable_out)
from .judge import reference_error

VALIDATION_DEVICE = "cpu"  # references are checked where no GPU is needed; rewards judge them on the GPU later


@dataclass(frozen=True)
class RLOptions:
    out: Path
    total: int  # stop once the RL set holds this many tasks
    count: int = 6000  # the generator's plan: its first `count` tasks are the candidates, in its order
    seed: int = 0
    zoo: bool = True
    size_cap: int = GPU_SIZE_CAP  # the plan's synthetic sizes: the GPU run's, so its tasks and keys are the same
    progress: bool = True

    def command(self) -> str:
        return (f"python -m training.data.rl_tasks --out {self.out} --total {self.total} --count {self.count} "
                f"--seed {self.seed}{'' if self.zoo else ' --no-zoo'}")


@dataclass
class RLReport:
    """What a call did: RL tasks added, references refused (by reason), and the RL set's size after it."""

    added: int = 0
    refused: Counter = field(default_factory=Counter)
    rl_tasks: int = 0


def add_rl_tasks(options: RLOptions) -> RLReport:
    """Grow the RL set under `options.out` to `options.total` tasks from the plan (or until the plan is spent)."""
    _check(options)
    out = options.out
    with open(out / "commands.txt", "a") as handle:
        handle.write(options.command() + "\n")
    ledger = Ledger(out / "ledger.jsonl")
    recorded = record_keys(out / "rl", "rl")
    report = RLReport(rl_tasks=len(recorded))
    if report.rl_tasks >= options.total:
        return report
    plan = GenerateOptions(out=out, count=options.count, device=VALIDATION_DEVICE, seed=options.seed,
                           zoo=options.zoo, progress=options.progress, size_cap=options.size_cap)
    known = ledger.done | recorded
    fresh = [t for t in plan_tasks(plan) if t.task.key not in known]
    todo = in_turns([t for t in fresh if t.origin == "zoo"], [t for t in fresh if t.origin != "zoo"])
    writer = ShardWriter(out / "rl", "rl")
    bar = tqdm(total=options.total, initial=report.rl_tasks, desc="RL tasks", unit="task",
               disable=not options.progress)
    try:
        for sourced in todo:
            if report.rl_tasks >= options.total:
                break
            error = reference_error(sourced.task, VALIDATION_DEVICE)
            if error:
                report.refused[error.splitlines()[0][:80]] += 1
                bar.set_postfix(refused=sum(report.refused.values()))
                continue
            writer.write(asdict(rl_record(sourced, None)))
            report.added += 1
            report.rl_tasks += 1
            bar.update(1)
            if report.added % COMMIT_EVERY_TASKS == 0:
                writer.close()
    finally:
        writer.close()  # every written line is a whole record: what is done is kept, even on Ctrl-C
        bar.close()
        write_stats(out, ledger.outcomes)
    return report


def _check(options: RLOptions) -> None:
    if options.total < 1 or options.count < 1:
        raise GenerateError("--total and --count must be at least 1")
    writable_out(options.out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.data.rl_tasks", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="dataset directory (re-run to resume)")
    parser.add_argument("--total", type=int, required=True, help="stop once the RL set holds this many tasks")
    parser.add_argument("--count", type=int, default=6000, help="the generator's plan size (its --count)")
    parser.add_argument("--seed", type=int, default=0, help="the generator's seed (its --seed)")
    parser.add_argument("--no-zoo", action="store_true", help="synthetic programs only")
    args = parser.parse_args(argv)
    options = RLOptions(out=args.out, total=args.total, count=args.count, seed=args.seed, zoo=not args.no_zoo)
    try:
        report = add_rl_tasks(options)
    except GenerateError as exc:
        print(f"RL tasks: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("RL tasks: interrupted; what was added is kept: re-run the same command to continue", file=sys.stderr)
        return 2
    refused = ", ".join(f"{n} {reason}" for reason, n in report.refused.most_common()) or "none"
    print(f"RL tasks: added {report.added}; the RL set holds {report.rl_tasks} in {args.out}; "
          f"references refused: {refused}")
    if report.rl_tasks < args.total:
        print(f"RL tasks: the plan's first {args.count} tasks are spent; raise --count for more", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
