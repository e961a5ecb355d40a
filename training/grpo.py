"""`autotriton train grpo`: GRPO on the dataset's RL tasks with trl's GRPOTrainer and the verifier's rewards
(training.rewards: one trl reward function per component, weighted by the recipe)."""
from __future__ import annotations

from typing import Any

from datasets import Dataset
from trl import GRPOConfig, GRPOTrainer

from .rewards import reward_functions, reward_weights
from .rows import rl_rows
from .run import Job, SetupError, train, trl_config


def grpo_config(job: Job) -> GRPOConfig:
    return trl_config(GRPOConfig, job, "grpo", reward_weights=reward_weights(job.recipe.rewards))


def run_grpo(job: Job) -> dict[str, Any]:
    if job.recipe.from_scratch and job.start is None and not job.resume:
        raise SetupError("GRPO on the tiny recipe starts from the SFT model: pass --model SFT_OUT/model")
    dataset = Dataset.from_list(rl_rows(job.data))
    print(f"grpo: {len(dataset)} RL tasks from {job.data}")
    rewards = reward_functions(job.recipe.rewards)
    config = grpo_config(job)  # before any weights load: under ZeRO-3 the config sets up their partitioning

    def make(model, tokenizer, callbacks):
        return GRPOTrainer(model=model, args=config, train_dataset=dataset, processing_class=tokenizer,
                           reward_funcs=rewards, callbacks=callbacks)

    return train(job, make)
