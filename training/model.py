"""The models the trainers start from: a small Qwen3-style decoder from scratch, or any local checkpoint.

`build_tiny` is the one builder the trainers, the tests and the bundled default share. The default
config is ~14.1M parameters at the vocabulary today's dataset gives (its line-level BPE stops near 3,900 tokens),
28.2 MB in bfloat16: two safetensors shards under the device's 16 MiB-per-file limit, inside the bundled model's
40 MB, and small enough to carry to the device beside the training wheels (64 MiB in all). It was ~5M until run
25, whose SFT memorised the train split (loss 0.03) and solved no held-out task.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import torch
from transformers import AutoModelForCausalLM, PreTrainedModel, PreTrainedTokenizerBase, Qwen3Config, Qwen3ForCausalLM

TINY_CONFIG: dict[str, Any] = {
    "hidden_size": 384,
    "intermediate_size": 1024,
    "num_hidden_layers": 8,
    "num_attention_heads": 6,
    "num_key_value_heads": 2,
    "head_dim": 64,
    "max_position_embeddings": 4096,
    "rope_theta": 10000.0,
    "tie_word_embeddings": True,
}
MAX_SHARD_SIZE = "15MB"  # every saved file stays under the device's 16 MiB per returned file


def build_tiny(tokenizer: PreTrainedTokenizerBase, seed: int = 0, **overrides: Any) -> Qwen3ForCausalLM:
    """A freshly initialised decoder sized for `tokenizer`; `overrides` replace TINY_CONFIG's entries
    (tests pass e.g. hidden_size=32, num_hidden_layers=1 for a model that trains in seconds)."""
    config = Qwen3Config(**{**TINY_CONFIG, **overrides}, vocab_size=len(tokenizer),
                         eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id, bos_token_id=None)
    torch.manual_seed(seed)
    model = Qwen3ForCausalLM(config)
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    return model


def load_model(path: str | Path, dtype: torch.dtype = torch.float32) -> PreTrainedModel:
    """A local checkpoint directory (ours or a hub base such as Qwen3-8B downloaded beforehand)."""
    path = Path(path)
    if not (path / "config.json").exists():
        raise FileNotFoundError(f"{path} is not a model directory (no config.json): give a local checkpoint path")
    return AutoModelForCausalLM.from_pretrained(path, dtype=dtype)


def save_model(model: PreTrainedModel, tokenizer: PreTrainedTokenizerBase, directory: Path,
               dtype: torch.dtype | None = None) -> None:
    """Safetensors shards under MAX_SHARD_SIZE, tokenizer beside them; `dtype` saves a cast copy (the weights
    being trained keep their precision)."""
    directory.mkdir(parents=True, exist_ok=True)
    if dtype is not None and any(p.dtype != dtype for p in model.parameters()):
        model = copy.deepcopy(model).to(dtype)
    training_setting, model.config.use_cache = model.config.use_cache, True  # a Trainer turns the KV cache off
    try:  # while it trains; the saved model is for generation, where that makes each token recompute the prefix
        model.save_pretrained(directory, max_shard_size=MAX_SHARD_SIZE)
    finally:
        model.config.use_cache = training_setting
    tokenizer.save_pretrained(directory)


def parameter_count(model: torch.nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())
