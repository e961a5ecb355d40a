"""What every training command shares: checks, the starting model, the budget, the resume point, the summary."""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from transformers import AutoTokenizer, PreTrainedModel, PreTrainedTokenizerBase, Trainer

from .checkpoint import Budget, has_resume_point, resume_point, save_resume_point, summary
from .data.direct.translate import library_tail
from .model import build_tiny, load_model
from .paths import make_writable_dir
from .recipe import Recipe


class SetupError(RuntimeError):
    """The command cannot start as asked; the message says what to do."""


@dataclass(frozen=True)
class Job:
    recipe: Recipe
    data: Path
    out: Path
    resume: bool
    start: Path | None = None  # a model directory to start from (GRPO: the SFT model); None: the recipe's
    probe: Path | None = None  # GRPO: an eval rows file of the starting model on the train split (rows.grpo_rows)
    started: float = field(default_factory=time.monotonic)  # max_seconds counts from here (data, model, tokenising)


def check_data(data: Path) -> None:
    if not data.is_dir():
        raise SetupError(f"--data {data} is not a directory: give a dataset written by `autotriton train data` "
                         f"(the committed one is training/dataset)")


def check(job: Job, step: str) -> None:
    check_data(job.data)
    if job.recipe.needs_gpu and job.recipe.rewards.device == "cpu":  # the trust model: README, "The verifier"
        raise SetupError(f"recipe {job.recipe.name!r} trains for GPUs, so its rewards must be judged on one: "
                         f"rewards.device=cpu runs kernels in Triton's interpreter, whose verdicts hold for a CPU "
                         f"only; use auto or cuda (or --set needs_gpu=false for a CPU run)")
    if job.recipe.library_tail and job.recipe.teacher != "direct":
        raise SetupError(f"library_tail leaves the direct teacher's library out of the answers; recipe "
                         f"{job.recipe.name!r} trains on the {job.recipe.teacher} teacher's: set teacher: direct")
    if job.recipe.needs_gpu and not torch.cuda.is_available():
        raise SetupError(f"recipe {job.recipe.name!r} needs a CUDA GPU and none is visible; on a CPU machine use "
                         f"--dry-run, or `--set needs_gpu=false --set {step}.bf16=false` for a (slow) CPU run")
    try:
        make_writable_dir(job.out)
    except OSError as error:
        raise SetupError(f"--out {job.out} is not writable ({error.strerror}): choose another directory") from None
    if has_resume_point(job.out) and not job.resume:
        raise SetupError(f"{resume_point(job.out)} already holds a resume point: pass --resume to continue it, "
                         f"or choose another --out")


def starting_point(job: Job, tokenizer_dir: Path | None) -> tuple[PreTrainedModel, PreTrainedTokenizerBase, Path | None]:
    """(model, tokenizer, resumed_from): the resume point when resuming, else --model, else the recipe's model."""
    if job.resume and has_resume_point(job.out):
        path = resume_point(job.out)
        print(f"resuming from {path}")
        return load_model(path), AutoTokenizer.from_pretrained(path), path
    if job.start is not None:
        return load_model(job.start), AutoTokenizer.from_pretrained(job.start), None
    if job.recipe.from_scratch:
        if tokenizer_dir is None or not (tokenizer_dir / "tokenizer.json").exists():
            raise SetupError(f"no tokenizer in {tokenizer_dir}: run `autotriton train tokenizer --recipe "
                             f"{job.recipe.name} --data {job.data} --out {job.out}` first")
        tokenizer = AutoTokenizer.from_pretrained(tokenizer_dir)
        return build_tiny(tokenizer, **job.recipe.model_config), tokenizer, None
    return load_model(job.recipe.model, torch.bfloat16), AutoTokenizer.from_pretrained(job.recipe.model), None


def trl_config(config_class: type, job: Job, section: str, **extra: Any) -> Any:
    """A trl config from the recipe's section, plus what every run shares (we save resume points
    ourselves; trl logs to the console). A key trl does not know is the recipe's error, said as such."""
    common = {"output_dir": str(job.out / "trainer"), "save_strategy": "no", "report_to": "none",
              "use_cpu": not job.recipe.needs_gpu and not torch.cuda.is_available()}
    try:
        return config_class(**common, **extra, **getattr(job.recipe, section))
    except TypeError as error:
        raise ValueError(f"recipe {job.recipe.path}, section {section}: {error}") from None


def train(job: Job, make_trainer: Callable[[PreTrainedModel, PreTrainedTokenizerBase, list], Trainer],
          tokenizer_dir: Path | None = None) -> dict[str, Any]:
    """Build, train within the budget, save the resume point, summarise."""
    model, tokenizer, resumed_from = starting_point(job, tokenizer_dir)
    dtype = getattr(torch, job.recipe.save_dtype) if job.recipe.save_dtype else None
    library = library_tail() if job.recipe.library_tail else None
    budget = Budget(job.out, job.started, job.recipe.max_seconds, job.recipe.save_every_s, dtype, resumed_from, library)
    trainer = make_trainer(model, tokenizer, [budget])
    budget.trainer = trainer
    trainer.train(resume_from_checkpoint=str(resumed_from) if resumed_from else None)
    save_resume_point(trainer, job.out, dtype, library)
    result = summary(trainer, job.out, time.monotonic() - job.started)
    if int(os.environ.get("RANK", "0")) == 0:
        tail = "done" if result["done"] else "stopped early (time budget or SIGTERM): run the same command with --resume"
        print(f"step {result['step']}/{result['max_steps']} in {result['seconds']} s, loss {result['first_loss']} -> "
              f"{result['last_loss']}; model in {result['model']} ({tail})")
    return result
