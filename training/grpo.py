"""`autotriton train grpo`: GRPO on the dataset's RL tasks with trl's GRPOTrainer and the verifier's rewards
(training.rewards: one trl reward function per component, weighted by the recipe)."""
from __future__ import annotations

import copy
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import torch
from datasets import Dataset
from transformers import PreTrainedModel
from trl import GRPOConfig, GRPOTrainer

from autotriton_backend.prompt import LIBRARY_BREAK

from .data.direct.translate import whole_library_view
from .rewards import VerdictMemo, reward_functions, reward_weights
from .rows import grpo_rows
from .run import Job, SetupError, train, trl_config


class SyncedCopy:
    """A copy of the policy in the dtype it samples in, given the policy's current weights before each generate.

    trl samples from the policy itself: fp32 weights under the accelerator's bf16 autocast, token by token with a
    dynamic KV cache, which was most of run 51's ~52 s steps. A static cache, which lets `generate` compile its
    decoding step, made the same generation 5.7x faster in the hf engine (run 63), but it cannot hold the autocast
    policy's keys and values: Qwen3's q/k RMSNorm upcasts keys to fp32 while values stay bf16 (run 64). The copy
    has one dtype and no autocast, as vLLM generation would; the loss still scores the fp32 policy."""

    def __init__(self, policy: PreTrainedModel, dtype: torch.dtype, stops: dict[str, Any] | None = None) -> None:
        self.policy = policy
        self.model = copy.deepcopy(policy).to(dtype).eval().requires_grad_(False)
        self.stops = stops or {}  # `stop_strings` and the tokenizer `generate` reads them with

    def generate(self, *args: Any, **kwargs: Any) -> Any:
        with torch.no_grad():
            for mine, theirs in zip(self.model.parameters(), self.policy.parameters(), strict=True):
                mine.copy_(theirs)  # in place: a compiled, CUDA-graphed decoding step keeps reading these tensors
        return self.model.generate(*args, **kwargs, **self.stops)


class CopySamplingGRPOTrainer(GRPOTrainer):
    """GRPOTrainer that samples from a SyncedCopy, with a compiled static KV cache on a GPU (trl turns compiling
    off). Only where trl generates with transformers from whole weights: vLLM generation (the 8b recipe) and
    ZeRO-3's partitioned weights stay trl's own path. Logs the seconds a step spends generating and judging
    (`timing/generate_s`, `timing/rewards_s`) beside trl's `step_time`.

    `stop_at` ends each sample at the first occurrence of that text (the library tail: `run_grpo`). The sample
    keeps no end-of-text token, so the loss covers what the model wrote up to the stop and nothing after it."""

    def __init__(self, *args: Any, stop_at: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sampler = None
        if stop_at and self.args.mask_truncated_completions:
            raise SetupError("mask_truncated_completions would drop every stopped sample (none ends in end-of-text): "
                             "turn it off with the library tail")
        if self.use_vllm or self.is_deepspeed_enabled:
            if stop_at:
                raise SetupError("the library tail samples from transformers' generate: turn off vLLM and ZeRO-3")
            return
        dtype = torch.bfloat16 if self.args.bf16 else torch.float16 if self.args.fp16 else self.model.dtype
        stops = {"stop_strings": [stop_at], "tokenizer": self.processing_class} if stop_at else None
        self.sampler = SyncedCopy(self.accelerator.unwrap_model(self.model), dtype, stops)
        if self.accelerator.device.type == "cuda":
            self.generation_config.cache_implementation = "static"
            self.generation_config.disable_compile = False

    def _generate_single_turn(self, *args: Any, **kwargs: Any) -> Any:
        with self._timed("generate_s"):
            if self.sampler is None:
                return super()._generate_single_turn(*args, **kwargs)
            policy = self.accelerator.unwrap_model(self.model)
            policy.generate = self.sampler.generate  # trl calls the unwrapped policy's generate
            try:
                completion_ids, logprobs = super()._generate_single_turn(*args, **kwargs)
            finally:
                del policy.generate
            if self.sampler.stops:  # a sample that stopped early is padded to the batch's longest: not its tokens
                pad = self.processing_class.pad_token_id
                completion_ids = [_unpadded(ids, pad) for ids in completion_ids]
            return completion_ids, logprobs

    def _calculate_rewards(self, *args: Any, **kwargs: Any) -> Any:
        with self._timed("rewards_s"):
            return super()._calculate_rewards(*args, **kwargs)

    @contextmanager
    def _timed(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            mode = "train" if self.model.training else "eval"
            self._metrics[mode][f"timing/{name}"].append(time.perf_counter() - start)


def _unpadded(ids: list[int], pad: int) -> list[int]:
    while ids and ids[-1] == pad:
        ids = ids[:-1]
    return ids


def grpo_config(job: Job) -> GRPOConfig:
    return trl_config(GRPOConfig, job, "grpo", reward_weights=reward_weights(job.recipe.rewards))


def run_grpo(job: Job) -> dict[str, Any]:
    if job.recipe.from_scratch and job.start is None and not job.resume:
        raise SetupError("GRPO on the tiny recipe starts from the SFT model: pass --model SFT_OUT/model")
    dataset = Dataset.from_list(grpo_rows(job.data, job.recipe.teacher, job.recipe.rl_only_percent, job.probe))
    chosen = f"the probe {job.probe} partly solved" if job.probe else "SFT saw no answer to"
    print(f"grpo: {len(dataset)} RL tasks of {job.data} that {chosen}")
    view = whole_library_view if job.recipe.library_tail else None
    rewards = reward_functions(job.recipe.rewards, VerdictMemo(job.recipe.rewards, view))
    config = grpo_config(job)  # before any weights load: under ZeRO-3 the config sets up their partitioning
    prompts = config.generation_batch_size // config.num_generations
    if len(dataset) < prompts:  # trl drops the incomplete batch and would train no step at all
        raise SetupError(f"GRPO samples {prompts} tasks at once and {job.data} leaves it {len(dataset)}: lower "
                         f"grpo.steps_per_generation or grpo.per_device_train_batch_size, or give it more tasks")

    def make(model, tokenizer, callbacks):
        return CopySamplingGRPOTrainer(model=model, args=config, train_dataset=dataset, processing_class=tokenizer,
                                       reward_funcs=rewards, callbacks=callbacks,
                                       stop_at=LIBRARY_BREAK if job.recipe.library_tail else None)

    return train(job, make)
