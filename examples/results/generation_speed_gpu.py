"""How fast the hf engine generates the eval's answers, with transformers' default (dynamic) KV cache and with a
static cache, which lets `generate` compile the decoding step (issue 9: generation bounds GRPO's step, about 52 s,
and the eval: 208 s for 64 answers of up to 3,072 tokens from a 14M model on an H100, run 62e).

Greedy decoding must give the same tokens either way; this counts the answers that differ.
Usage (GPU): python examples/results/generation_speed_gpu.py --dataset runs/dataset49 --out speed.json
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import torch

from agent.engines import HFEngine
from autotriton_backend.prompt import first_prompt
from training.eval import load_suite, spread


def timed_generate(engine: HFEngine, conversations: list, max_tokens: int) -> tuple[float, list[str]]:
    torch.cuda.synchronize()
    started = time.perf_counter()
    replies = engine.generate(conversations, 1, 0.0, max_tokens)
    torch.cuda.synchronize()
    return time.perf_counter() - started, [r[0].text for r in replies]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", type=Path, required=True)
    parser.add_argument("--model", default="agent/bundled_model")
    parser.add_argument("--tasks", type=int, default=64)
    parser.add_argument("--max-tokens", type=int, default=3072)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    tasks = [item.task for item in spread(load_suite("test", args.dataset), args.tasks) if item.task is not None]
    conversations = [first_prompt(t) for t in tasks]
    engine = HFEngine(args.model, batch=len(conversations))
    results: dict = {"device": torch.cuda.get_device_name(), "tasks": len(tasks), "max_tokens": args.max_tokens,
                     "dtype": str(engine.lm.dtype)}
    seconds, dynamic = timed_generate(engine, conversations, args.max_tokens)
    results["dynamic_s"] = round(seconds, 1)
    print(results, flush=True)
    engine.lm.generation_config.cache_implementation = "static"
    for attempt in ("static_first_s", "static_second_s"):  # the first pays for the compile
        seconds, static = timed_generate(engine, conversations, args.max_tokens)
        results[attempt] = round(seconds, 1)
        print(results, flush=True)
    results["answers_differing"] = sum(a != b for a, b in zip(dynamic, static))
    results["tokens_dynamic"] = sum(len(engine.tokenizer(a)["input_ids"]) for a in dynamic)
    Path(args.out).write_text(json.dumps(results, indent=1))
    print(json.dumps(results))


if __name__ == "__main__":
    main()
