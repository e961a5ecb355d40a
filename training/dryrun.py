"""`--dry-run`: validate a recipe's whole configuration without loading weights or data.

trl builds both configs (its own checks: batch sizes against num_generations, loss types, vLLM modes),
accelerate parses the launcher config, the model's architecture is instantiated on the meta device
(parameter count, no memory). What cannot be checked on this machine (a base checkpoint not downloaded,
deepspeed or vllm not installed, bf16 on a machine without a GPU) is reported, not hidden.
"""
from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path
from typing import Any

import torch
from transformers import AutoConfig, AutoModelForCausalLM, Qwen3Config

from .model import TINY_CONFIG
from .recipe import Recipe
from .rewards import COMPONENTS
from .run import Job


def dry_run(job: Job) -> dict[str, Any]:
    from .grpo import grpo_config
    from .sft import sft_config

    recipe = job.recipe
    notes: list[str] = []
    if recipe.needs_gpu and not torch.cuda.is_available():
        notes.append("no GPU here: the trl configs were built with use_cpu=True so their bf16 checks pass")
        job = replace(job, recipe=replace(recipe, needs_gpu=False))
    missing = set(COMPONENTS) ^ set(recipe.rewards.weights)
    if missing:
        raise ValueError(f"rewards.weights must name exactly {', '.join(COMPONENTS)} (differs in {sorted(missing)})")
    sft, grpo = sft_config(job), grpo_config(job)
    report: dict[str, Any] = {
        "recipe": recipe.name, "model": recipe.model, "parameters": _parameters(recipe, notes),
        "sft": {"max_length": sft.max_length, "batch": sft.per_device_train_batch_size * sft.gradient_accumulation_steps,
                "completion_only_loss": sft.completion_only_loss},
        "grpo": {"num_generations": grpo.num_generations, "generation_batch_size": grpo.generation_batch_size,
                 "max_completion_length": grpo.max_completion_length, "use_vllm": grpo.use_vllm,
                 "vllm_mode": grpo.vllm_mode if grpo.use_vllm else None, "reward_weights": grpo.reward_weights},
        "accelerate": _accelerate(recipe, notes),
    }
    fixed = (report["accelerate"] or {}).get("gradient_accumulation_steps")
    if fixed is not None and fixed not in ("auto", sft.gradient_accumulation_steps, grpo.gradient_accumulation_steps):
        raise ValueError(f"the accelerate config fixes gradient_accumulation_steps={fixed}, the trl configs differ: "
                         f"leave it out of the accelerate config (the trainers set it)")
    if grpo.use_vllm and importlib.util.find_spec("vllm") is None:
        notes.append("vllm is not installed here: GRPO generation needs it on the training machine")
    report["notes"] = notes
    return report


def _parameters(recipe: Recipe, notes: list[str]) -> int | None:
    if recipe.from_scratch:
        config = Qwen3Config(**{**TINY_CONFIG, **recipe.model_config}, vocab_size=recipe.vocab_size)
    elif (Path(recipe.model) / "config.json").exists():
        config = AutoConfig.from_pretrained(recipe.model)
    else:
        notes.append(f"{recipe.model} is not here (no config.json): download the base model to that path, "
                     f"or --set model=PATH")
        return None
    with torch.device("meta"):
        model = AutoModelForCausalLM.from_config(config)
    return sum(p.numel() for p in model.parameters())


def _accelerate(recipe: Recipe, notes: list[str]) -> dict[str, Any] | None:
    if recipe.accelerate_config is None:
        return None
    from accelerate.commands.config.config_args import load_config_from_file

    if not recipe.accelerate_config.exists():
        raise FileNotFoundError(f"the recipe's accelerate_config {recipe.accelerate_config} does not exist")
    config = load_config_from_file(str(recipe.accelerate_config))
    result = {"distributed_type": str(config.distributed_type), "num_processes": config.num_processes,
              "mixed_precision": str(config.mixed_precision)}
    if config.deepspeed_config:
        result["zero_stage"] = config.deepspeed_config.get("zero_stage")
        result["gradient_accumulation_steps"] = config.deepspeed_config.get("gradient_accumulation_steps")
        if importlib.util.find_spec("deepspeed") is None:
            notes.append("deepspeed is not installed here: its section was parsed by accelerate, not by deepspeed")
        else:
            from accelerate.utils import DeepSpeedPlugin

            DeepSpeedPlugin(**{k: v for k, v in config.deepspeed_config.items() if k != "deepspeed_multinode_launcher"})
    return result
