"""Dataset records -> trainer rows. Prompts and answers come from the one prompt module, rebuilt from each
record's task, so the model trains on exactly the conversation the agent will serve it."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from autotriton_backend.prompt import assistant_message, first_prompt
from autotriton_backend.task import KernelTask
from training.data.dataset import read_records


class DataError(ValueError):
    """The dataset directory is missing or holds no records of the kind asked for."""


def _records(data: Path, kind: str, split: str) -> Iterator[dict[str, Any]]:
    directory = data / kind
    if not any(directory.glob(f"{kind}-*.jsonl.gz")):
        raise DataError(f"no {kind} shards ({directory}/{kind}-*.jsonl.gz): point --data at a dataset written by "
                        f"`autotriton train data --out DIR` (the committed one is training/dataset)")
    return (r for r in read_records(directory, kind) if r["split"] == split)


def sft_rows(data: Path, split: str = "train") -> list[dict[str, Any]]:
    """Conversational prompt/completion rows: trl masks the loss to the completion."""
    rows = [{"prompt": first_prompt(KernelTask.from_json(r["task"])),
             "completion": [assistant_message(r["target"], "")]} for r in _records(data, "pairs", split)]
    if not rows:
        raise DataError(f"{data}/pairs holds no '{split}' pairs")
    return rows


def rl_rows(data: Path, split: str = "train") -> list[dict[str, Any]]:
    """Prompt rows for GRPO; `task` (the KernelTask as JSON text) reaches the reward functions as a column."""
    rows = [{"prompt": first_prompt(KernelTask.from_json(r["task"])), "task": json.dumps(r["task"])}
            for r in _records(data, "rl", split)]
    if not rows:
        raise DataError(f"{data}/rl holds no '{split}' tasks")
    return rows


def tokenizer_texts(data: Path, split: str = "train") -> Iterator[str]:
    """The text the tokenizer learns from: every train prompt and answer."""
    for row in sft_rows(data, split):
        yield from (m["content"] for m in row["prompt"] + row["completion"])
    for row in rl_rows(data, split):
        yield from (m["content"] for m in row["prompt"])
