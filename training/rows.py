"""Dataset records -> trainer rows. Prompts and answers come from the one prompt module, rebuilt from each
record's task, so the model trains on exactly the conversation the agent will serve it."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from autotriton_backend.prompt import assistant_message, first_prompt
from autotriton_backend.task import KernelTask
from training.data.dataset import split_records


def sft_rows(data: Path, split: str = "train") -> list[dict[str, Any]]:
    """Conversational prompt/completion rows: trl masks the loss to the completion."""
    return [{"prompt": first_prompt(KernelTask.from_json(r["task"])),
             "completion": [assistant_message(r["target"], "")]} for r in split_records(data, "pairs", split)]


def rl_rows(data: Path, split: str = "train") -> list[dict[str, Any]]:
    """Prompt rows for GRPO; `task` (the KernelTask as JSON text) reaches the reward functions as a column."""
    return [{"prompt": first_prompt(KernelTask.from_json(r["task"])), "task": json.dumps(r["task"])}
            for r in split_records(data, "rl", split)]


def tokenizer_texts(data: Path, split: str = "train") -> Iterator[str]:
    """The text the tokenizer learns from: every train prompt and answer."""
    for row in sft_rows(data, split):
        yield from (m["content"] for m in row["prompt"] + row["completion"])
    for row in rl_rows(data, split):
        yield from (m["content"] for m in row["prompt"])
