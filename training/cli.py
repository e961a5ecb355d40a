"""`autotriton train ...` and `autotriton eval`: the training pipeline's commands and the model's evaluation."""
from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    train = subparsers.add_parser("train", help="build the training data and train the bundled model")
    steps = train.add_subparsers(dest="step", required=True)
    data = steps.add_parser("data", help="verified PyTorch-to-Triton pairs and RL tasks (resumable)")
    from training.data.generate import add_arguments  # argparse only: the pipeline loads when run

    add_arguments(data)
    data.set_defaults(run=run_data)

    evaluation = subparsers.add_parser("eval", help="score an engine on a suite: compile, correct, fast_1, pass@k, hacked")
    from training.eval import add_arguments as add_eval_arguments, run as run_eval

    add_eval_arguments(evaluation)
    evaluation.set_defaults(run=run_eval)


def run_data(args: argparse.Namespace) -> int:
    from training.data.generate import generate, options_from

    summary = generate(options_from(args))
    print(f"training data: {summary['pairs']} pairs from {summary['tasks_verified']} of {summary['tasks']} tasks "
          f"in {args.out} (stats: {args.out / 'STATS.md'})")
    return 0
