"""`autotriton train sft`: supervised fine-tuning on the verified pairs with trl's SFTTrainer.

Rows are conversational prompt/completion pairs (training.rows), so trl applies the chat template and
masks the loss to the completion (`completion_only_loss`)."""
from __future__ import annotations

from typing import Any

from datasets import Dataset
from trl import SFTConfig, SFTTrainer

from .rows import sft_rows
from .run import Job, train, trl_config


def sft_config(job: Job) -> SFTConfig:
    return trl_config(SFTConfig, job, "sft")


def run_sft(job: Job) -> dict[str, Any]:
    dataset = Dataset.from_list(sft_rows(job.data))
    print(f"sft: {len(dataset)} pairs from {job.data}")

    def make(model, tokenizer, callbacks):
        return SFTTrainer(model=model, args=sft_config(job), train_dataset=dataset, processing_class=tokenizer,
                          callbacks=callbacks)

    return train(job, make, tokenizer_dir=job.out / "tokenizer")
