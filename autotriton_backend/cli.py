"""autotriton: verify kernels, manage the kernel cache, dump a model's tasks and warm its cache."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from . import __version__
from .candidate import Candidate
from .task import KernelTask, TaskError
from .verifier import VerifyOptions
from .verifier.pool import shared_pool


def add_verify_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("verify", help="judge a candidate kernel against a KernelBench-format task")
    p.add_argument("task", type=Path, help="KernelBench-format file defining Model, get_inputs, get_init_inputs")
    p.add_argument("candidate", type=Path, help="file defining ModelNew with @triton.jit kernels")
    p.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    p.add_argument("--device", choices=["cuda", "cpu"], default=None, help="default: cuda when available")
    p.add_argument("--trials", type=int, default=3, help="input sets to check (at least 3: A, B, A again)")
    p.add_argument("--timeout", type=float, default=60.0,
                   help="seconds each step may take at small sizes (grows with the task's size)")
    p.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    if not args.candidate.is_file():
        raise UsageError(f"candidate file not found: {args.candidate}")
    if args.trials < 1:
        raise UsageError("--trials must be at least 1")
    task = KernelTask.from_file(args.task)
    options = VerifyOptions(device=args.device or "auto", trials=args.trials, timeout_s=args.timeout)
    print(f"autotriton verify: judging {args.candidate} against {task.name} on {options.resolved_device()} "
          "...", file=sys.stderr, flush=True)
    # one candidate needs one sandboxed slot: a full pool would warm up to 16 (a CUDA context each) first
    verdict = shared_pool(options.resolved_device(), workers=1).verify(task, Candidate(args.candidate.read_text()), options)
    if args.json:
        print(json.dumps(verdict.to_json()))
    else:
        status = "CORRECT" if verdict.correct else ("HACKED" if verdict.hacked else "REJECTED")
        print(f"{status}  task {task.name} ({task.key[:12]}) on {verdict.device}")
        for check in verdict.checks:
            print(f"  [{'ok' if check.passed else 'FAIL'}] {check.name}{': ' + check.reason if check.reason else ''}")
        print(verdict.feedback)
    return 0


def add_report_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("report", help="speedup table (and plot) from `pytest --benchmark-json` results")
    p.add_argument("results", type=Path, help="JSON written by pytest --benchmark-json with the autotriton_benchmark fixture")
    p.add_argument("--plot", type=Path, default=None, help="also draw eager/inductor/autotriton per model into this PNG")
    p.set_defaults(run=run_report)


def run_report(args: argparse.Namespace) -> int:
    from .speedups import plot, rows_from_benchmark_json, speedup_table

    rows = rows_from_benchmark_json(args.results)
    print(speedup_table(rows))
    if args.plot is not None:
        print(f"plot: {plot(rows, args.plot)}")
    return 0


class UsageError(Exception):
    pass


def build_parser(verify_only: bool = False) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="autotriton", description=__doc__)
    parser.add_argument("--version", action="version", version=f"autotriton {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True)
    add_verify_parser(subparsers)
    if verify_only:  # `autotriton verify` starts without the agent, the cache or diskcache
        return parser
    add_report_parser(subparsers)
    from agent.cli import register as register_agent
    from cache.cli import register as register_cache
    from training.cli import register as register_training

    register_cache(subparsers)
    register_agent(subparsers)
    register_training(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; ordinary mistakes (bad input, unwritable paths) are one line on stderr and exit 2."""
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(verify_only=argv[:1] == ["verify"]).parse_args(argv)
    try:
        code = args.run(args)
        sys.stdout.flush()  # a closed pipe shows up here, inside the handler, not at interpreter exit
        return code
    except BrokenPipeError:  # `autotriton cache show KEY | head -1`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (UsageError, TaskError, ValueError) as exc:
        return _fail(args.command, str(exc))
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        return _fail(args.command, f"{exc.strerror or exc}{where}")


def _fail(command: str, message: str) -> int:
    print(f"autotriton {command}: error: {' '.join(message.split())}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
