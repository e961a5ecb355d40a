"""Dataset records -> trainer rows. Prompts and answers come from the one prompt module, rebuilt from each
record's task, so the model trains on exactly the conversation the agent will serve it."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from autotriton_backend.prompt import assistant_message, first_prompt
from autotriton_backend.task import KernelTask
from training.data.dataset import TEACHER_SHARDS, DataError, split_records
from training.data.families import rl_only
from training.data.direct.translate import whole_library_view


INDUCTOR_KERNEL = re.compile(r"^def (triton_(?:poi|per|red|tem|helper_fn)_\w+)\(", re.MULTILINE)


def short_kernel_names(source: str) -> str:
    """Inductor names a kernel after the ops it fuses (`triton_poi_fused_abs_gelu_log1p_1`), so on a composition
    the train split never saw, a model must invent a long name and spell it twice: run 35's SFT model called kernels
    by names it had not defined in 5 of 16 held-out answers. Here they become `kernel_0`, `kernel_1`, ... in the
    order they are defined (helpers such as combine functions too). Only top-level names change, and the gate allows
    no reflection on them, so a renamed target computes what the verified one did (tests/test_training.py judges
    renamed pairs). The dataset keeps the verified text; the model trains on this view of it."""
    names = {name: f"kernel_{index}" for index, name in enumerate(INDUCTOR_KERNEL.findall(source))}
    for name in sorted(names, key=len, reverse=True):  # host names made from a kernel's (`..._1_xnumel`) go too
        source = re.sub(rf"\b{name}(?=_|\b)", names[name], source)
    return source


# What the model learns of each teacher's verified answer (the dataset keeps the verified text).
TEACHER_VIEWS = {"inductor": short_kernel_names, "direct": whole_library_view}


def sft_rows(data: Path, teacher: str, split: str = "train", rl_only_percent: int = 0) -> list[dict[str, Any]]:
    """Conversational prompt/completion rows from one teacher's pairs: trl masks the loss to the completion.
    The compositions `rl_only` reserves for GRPO are left out."""
    if teacher not in TEACHER_SHARDS:
        raise ValueError(f"teacher {teacher!r}: use one of {', '.join(TEACHER_SHARDS)}")
    return [{"prompt": first_prompt(KernelTask.from_json(r["task"])),
             "completion": [assistant_message(TEACHER_VIEWS[teacher](r["target"]), "")]}
            for r in split_records(data, "pairs", split, TEACHER_SHARDS[teacher])
            if not rl_only(r["composition"], rl_only_percent)]


def rl_rows(data: Path, split: str = "train", rl_only_percent: int = 0) -> list[dict[str, Any]]:
    """Prompt rows for GRPO; `task` (the KernelTask as JSON text) reaches the reward functions as a column.
    With `rl_only_percent`, only the compositions SFT left out (all tasks when 0)."""
    rows = [{"prompt": first_prompt(KernelTask.from_json(r["task"])), "task": json.dumps(r["task"])}
            for r in split_records(data, "rl", split)
            if not rl_only_percent or rl_only(r["composition"], rl_only_percent)]
    if not rows:
        raise DataError(f"no {split} RL task of {data} is in the compositions rl_only_percent={rl_only_percent} "
                        f"leaves to GRPO: raise it in the recipe, or set 0 to train GRPO on every task")
    return rows


def tokenizer_texts(data: Path, teacher: str, split: str = "train") -> Iterator[str]:
    """The text the tokenizer learns from: every train prompt and answer."""
    for row in sft_rows(data, teacher, split):
        yield from (m["content"] for m in row["prompt"] + row["completion"])
    for row in rl_rows(data, split):
        yield from (m["content"] for m in row["prompt"])
