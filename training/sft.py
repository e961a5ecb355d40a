"""`autotriton train sft`: supervised fine-tuning on the verified pairs with trl's SFTTrainer.

Rows are conversational prompt/completion pairs (training.rows), so trl applies the chat template and
masks the loss to the completion (`completion_only_loss`). Pairs longer than `max_length` are dropped,
not truncated: a cut-off answer would teach the model to stop mid-kernel without eos."""
from __future__ import annotations

from typing import Any

from datasets import Dataset
from transformers import PreTrainedTokenizerBase
from trl import SFTConfig, SFTTrainer

from training.data.dataset import DataError

from .rows import sft_rows
from .run import Job, train, trl_config


def sft_config(job: Job) -> SFTConfig:
    return trl_config(SFTConfig, job, "sft")


def conversation_lengths(conversations: list[list[dict[str, str]]], tokenizer: PreTrainedTokenizerBase,
                         generation_prompt: bool = False) -> list[int]:
    """Tokens of each templated conversation, encoded in one batch (the tokenizer's own threads)."""
    texts = [tokenizer.apply_chat_template(c, tokenize=False, add_generation_prompt=generation_prompt)
             for c in conversations]
    return [len(ids) for ids in tokenizer(texts, add_special_tokens=False)["input_ids"]]


def fitting(rows: list[dict[str, Any]], tokenizer: PreTrainedTokenizerBase, max_length: int | None) -> list[dict]:
    """The rows whose whole templated conversation fits in `max_length` tokens."""
    if max_length is None:
        return rows
    lengths = conversation_lengths([r["prompt"] + r["completion"] for r in rows], tokenizer)
    kept = [r for r, n in zip(rows, lengths, strict=True) if n <= max_length]
    print(f"sft: {len(kept)} of {len(rows)} pairs fit in {max_length} tokens (longest {max(lengths)})")
    if not kept:
        raise DataError(f"no pair fits in sft.max_length={max_length} tokens: raise it in the recipe")
    return kept


def run_sft(job: Job) -> dict[str, Any]:
    rows = sft_rows(job.data, job.recipe.teacher, rl_only_percent=job.recipe.rl_only_percent,
                    library_tail=job.recipe.library_tail)
    config = sft_config(job)  # before any weights load: under ZeRO-3 the config sets up their partitioning

    def make(model, tokenizer, callbacks):
        dataset = Dataset.from_list(fitting(rows, tokenizer, config.max_length))
        return SFTTrainer(model=model, args=config, train_dataset=dataset, processing_class=tokenizer,
                          callbacks=callbacks)

    return train(job, make, tokenizer_dir=job.out / "tokenizer")
