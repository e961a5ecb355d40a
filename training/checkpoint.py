"""Resume points that survive a 10-minute GPU box: weights in <= 15 MB safetensors shards, tokenizer,
trl's `trainer_state.json` (step, epoch, log history) and the LR scheduler's state; no optimizer state.

Each command trains until the recipe's `max_seconds` (or SIGTERM), writes `OUT/model/` and exits; the
same command with `--resume` loads that directory, trl's Trainer skips the steps already done, the
scheduler continues where it stopped and AdamW restarts its moments (fresh moments at a mid-run LR cost
a few noisy steps; carrying ~2x the weights in optimizer state would break the per-file and carry limits).
`OUT/model/` is replaced atomically, so a command killed mid-save keeps the previous resume point.
"""
from __future__ import annotations

import json
import shutil
import signal
import time
from pathlib import Path
from typing import Any

import torch
from transformers import Trainer, TrainerCallback, TrainerControl, TrainerState, TrainingArguments

from autotriton_backend.prompt import LIBRARY_TAIL_FILE

from .model import save_model

SCHEDULER_FILE = "scheduler.pt"
STATE_FILE = "trainer_state.json"


def resume_point(out: Path) -> Path:
    return out / "model"


def has_resume_point(out: Path) -> bool:
    return (resume_point(out) / STATE_FILE).exists()


def save_resume_point(trainer: Trainer, out: Path, dtype: torch.dtype | None, tail: str | None = None) -> Path:
    """Write OUT/model/ (main process only; every process must call it: ZeRO-3 gathers the weights), with the
    library tail the model's answers leave out when it was trained to (`LIBRARY_TAIL_FILE`)."""
    final, staging = resume_point(out), out / "model.partial"
    if trainer.is_deepspeed_enabled:  # ZeRO-3: the weights are gathered across processes
        trainer.save_model(str(staging))
    elif trainer.accelerator.is_main_process:
        shutil.rmtree(staging, ignore_errors=True)
        save_model(trainer.accelerator.unwrap_model(trainer.model), trainer.processing_class, staging, dtype)
    if trainer.accelerator.is_main_process:
        trainer.state.save_to_json(str(staging / STATE_FILE))
        if tail is not None:
            (staging / LIBRARY_TAIL_FILE).write_text(tail)
        if trainer.lr_scheduler is not None:
            torch.save(trainer.lr_scheduler.state_dict(), staging / SCHEDULER_FILE)
        old = out / "model.old"
        if final.exists():
            final.rename(old)
        staging.rename(final)
        shutil.rmtree(old, ignore_errors=True)
    trainer.accelerator.wait_for_everyone()
    return final


class Budget(TrainerCallback):
    """Stops training after `max_seconds` or on SIGTERM, and writes a resume point every `save_every_s`."""

    def __init__(self, out: Path, started: float, max_seconds: float, save_every_s: float,
                 dtype: torch.dtype | None, resumed_from: Path | None, tail: str | None = None):
        self.out, self.max_seconds, self.save_every_s, self.dtype = out, max_seconds, save_every_s, dtype
        self.tail = tail
        self.resumed_from = resumed_from
        self.trainer: Trainer | None = None
        self.start, self.last_save = started, time.monotonic()
        self.terminated = False
        self._previous_handler = signal.signal(signal.SIGTERM, self._on_sigterm)

    def _on_sigterm(self, *_: Any) -> None:
        self.terminated = True

    def on_train_begin(self, args: TrainingArguments, state: TrainerState, control: TrainerControl,
                       lr_scheduler: Any = None, **_: Any) -> None:
        saved = self.resumed_from / SCHEDULER_FILE if self.resumed_from else None
        if saved is not None and saved.exists() and lr_scheduler is not None:
            lr_scheduler.load_state_dict(torch.load(saved, weights_only=True))

    def on_train_end(self, args: TrainingArguments, state: TrainerState, control: TrainerControl, **_: Any) -> None:
        signal.signal(signal.SIGTERM, self._previous_handler)

    def on_step_end(self, args: TrainingArguments, state: TrainerState, control: TrainerControl, **_: Any) -> None:
        now = time.monotonic()
        stop, save = _agree(self.trainer, now - self.start > self.max_seconds or self.terminated,
                            now - self.last_save > self.save_every_s)
        if stop:
            control.should_training_stop = True
        elif save and self.trainer is not None:
            save_resume_point(self.trainer, self.out, self.dtype, self.tail)
            self.last_save = time.monotonic()


def _agree(trainer: Trainer | None, stop: bool, save: bool) -> tuple[bool, bool]:
    """Every process must stop or save at the same step (else data-parallel ranks wait on each other forever)."""
    if trainer is None or trainer.accelerator.num_processes == 1:
        return stop, save
    flags = torch.tensor([stop, save], dtype=torch.int32, device=trainer.accelerator.device)
    flags = trainer.accelerator.reduce(flags, reduction="sum")
    return bool(flags[0]), bool(flags[1])


def summary(trainer: Trainer, out: Path, seconds: float) -> dict[str, Any]:
    """What the command did, also written to OUT/summary.json for the log."""
    state = trainer.state
    done = state.global_step >= state.max_steps
    losses = [e["loss"] for e in state.log_history if "loss" in e]
    result = {"step": state.global_step, "max_steps": state.max_steps, "done": done, "seconds": round(seconds, 1),
              "first_loss": losses[0] if losses else None, "last_loss": losses[-1] if losses else None,
              "model": str(resume_point(out))}
    if trainer.accelerator.is_main_process:
        (out / "summary.json").write_text(json.dumps(result, indent=2) + "\n")
    return result
