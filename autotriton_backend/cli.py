"""autotriton: verify kernels, manage the kernel cache, dump a model's tasks and warm its cache."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .candidate import Candidate
from .task import KernelTask, TaskError
from .verifier import VerifyOptions, verify


def add_verify_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("verify", help="judge a candidate kernel against a KernelBench-format task")
    p.add_argument("task", type=Path, help="KernelBench-format file defining Model, get_inputs, get_init_inputs")
    p.add_argument("candidate", type=Path, help="file defining ModelNew with @triton.jit kernels")
    p.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    p.add_argument("--device", choices=["cuda", "cpu"], default=None, help="default: cuda when available")
    p.add_argument("--trials", type=int, default=3, help="input sets to check (at least 3: A, B, A again)")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds before the worker is killed")
    p.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    if not args.candidate.is_file():
        raise UsageError(f"candidate file not found: {args.candidate}")
    if args.trials < 1:
        raise UsageError("--trials must be at least 1")
    task = KernelTask.from_file(args.task)
    options = VerifyOptions(device=args.device or "auto", trials=args.trials, timeout_s=args.timeout)
    verdict = verify(task, Candidate(args.candidate.read_text()), options)
    if args.json:
        print(json.dumps(verdict.to_json()))
    else:
        status = "CORRECT" if verdict.correct else ("HACKED" if verdict.hacked else "REJECTED")
        print(f"{status}  task {task.name} ({task.key[:12]}) on {verdict.device}")
        for check in verdict.checks:
            print(f"  [{'ok' if check.passed else 'FAIL'}] {check.name}{': ' + check.reason if check.reason else ''}")
        print(verdict.feedback)
    return 0


class UsageError(Exception):
    pass


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="autotriton", description=__doc__)
    subparsers = parser.add_subparsers(dest="command", required=True)
    add_verify_parser(subparsers)
    # The cache and agent packages add their own subcommands (imported here, not at module load).
    from agent.cli import register as register_agent
    from cache.cli import register as register_cache
    from training.cli import register as register_training

    register_cache(subparsers)
    register_agent(subparsers)
    register_training(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (UsageError, TaskError, ValueError) as exc:
        print(f"autotriton {args.command}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
