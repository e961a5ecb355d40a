"""`autotriton train ...` (data, tokenizer, sft, grpo) and `autotriton eval`: the training pipeline's commands."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

DEFAULT_DATA = Path(__file__).parent / "dataset"


def register(subparsers: argparse._SubParsersAction) -> None:
    train = subparsers.add_parser("train", help="build the training data and train the bundled model")
    steps = train.add_subparsers(dest="step", required=True)
    data = steps.add_parser("data", help="verified PyTorch-to-Triton pairs and RL tasks (resumable)")
    from training.data.generate import add_arguments  # argparse only: the pipeline loads when run

    add_arguments(data)
    data.set_defaults(run=run_data)
    for name, help_text in (("tokenizer", "train the byte-level BPE tokenizer on the dataset (OUT/tokenizer)"),
                            ("sft", "supervised fine-tuning with trl's SFTTrainer (OUT/model, resumable)"),
                            ("grpo", "GRPO with trl's GRPOTrainer on verifier rewards (OUT/model, resumable)")):
        step = steps.add_parser(name, help=help_text)
        step.add_argument("--recipe", default="tiny", help="recipe name (training/recipes/NAME.yaml) or YAML path")
        step.add_argument("--data", type=Path, default=DEFAULT_DATA, help="dataset directory (default: %(default)s)")
        step.add_argument("--out", type=Path, required=True, help="output directory")
        step.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                          help="override a recipe entry, e.g. --set sft.max_steps=3 (repeatable)")
        if name != "tokenizer":
            step.add_argument("--resume", action="store_true", help="continue from OUT/model")
            step.add_argument("--dry-run", action="store_true", help="validate the recipe's configuration only")
        if name == "grpo":
            step.add_argument("--model", type=Path, help="model directory to start from (the SFT run's OUT/model)")
            step.add_argument("--probe", type=Path,
                              help="train on the tasks this model solved some of the time (and missed other than by a "
                                   "syntax error): the rows file of `autotriton eval --suite unanswered "
                                   "--samples 8 --rows FILE` (default: the tasks SFT saw no answer to)")
        step.set_defaults(run=run_step)

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


def run_step(args: argparse.Namespace) -> int:
    from training.recipe import load_recipe
    from training.data.dataset import DataError
    from training.run import Job, SetupError, check, check_data

    try:
        recipe = load_recipe(args.recipe, args.set)
        job = Job(recipe, args.data, args.out, getattr(args, "resume", False), getattr(args, "model", None),
                  getattr(args, "probe", None))
        if getattr(args, "dry_run", False):
            from training.dryrun import dry_run

            print(json.dumps(dry_run(job), indent=2))
            return 0
        if args.step == "tokenizer":
            from training.tokenizer import tokenizer_step

            check_data(args.data)
            saved = tokenizer_step(args.data, args.out, recipe.vocab_size, recipe.teacher, recipe.tokenizer_words)
            print(f"tokenizer saved in {saved}")
            return 0
        check(job, args.step)
        if args.step == "sft":
            from training.sft import run_sft

            run_sft(job)
        else:
            from training.grpo import run_grpo

            run_grpo(job)
        return 0
    except (SetupError, DataError, OSError, ValueError) as error:  # OSError: a path we cannot read or write
        from autotriton_backend.cli import UsageError

        raise UsageError(f"{args.step}: {error}") from None  # one line on stderr, exit 2
