"""How different a GRPO group's samples are: for a few of the tasks the tiny recipe reserves for GRPO, sample a
group at each temperature from an SFT model and count distinct answers and answers that parse. A group whose
samples are all alike gets one reward, so no gradient (runs 66 and 68: `frac_reward_zero_std` 0.25-1 at 0.6).

    python examples/results/group_diversity.py --model runs/tiny/sft66/model --tasks 4 --group 8 --out F.json

Runs anywhere (CPU: about a minute a group of 3,072-token answers); judges nothing, so it says only whether the
samples differ, not whether they are right."""
from __future__ import annotations

import argparse
import ast
import json
import random
from pathlib import Path

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from autotriton_backend.prompt import extract_code
from training.recipe import load_recipe
from training.rows import rl_rows


def parses(code: str) -> bool:
    try:
        ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    return "class ModelNew" in code


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True)
    parser.add_argument("--data", type=Path, default=Path("training/dataset"))
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--group", type=int, default=8)
    parser.add_argument("--temperatures", type=float, nargs="+", default=[0.6, 1.0])
    parser.add_argument("--max-tokens", type=int, default=3072)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    model = AutoModelForCausalLM.from_pretrained(args.model, dtype=torch.float32).to(device).eval()
    rows = rl_rows(args.data, rl_only_percent=load_recipe("tiny").rl_only_percent)
    results = []
    for row in random.Random(0).sample(rows, args.tasks):
        text = tokenizer.apply_chat_template(row["prompt"], add_generation_prompt=True, tokenize=False)
        ids = tokenizer(text, add_special_tokens=False, return_tensors="pt")["input_ids"].to(device)
        for temperature in args.temperatures:
            torch.manual_seed(0)
            with torch.no_grad():
                out = model.generate(ids, do_sample=True, temperature=temperature, top_p=1.0, top_k=0,
                                     max_new_tokens=args.max_tokens, num_return_sequences=args.group, use_cache=True,
                                     pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id)
            answers = tokenizer.batch_decode(out[:, ids.shape[1]:], skip_special_tokens=True)
            codes = [extract_code(a) for a in answers]
            results.append({"task": json.loads(row["task"])["name"], "temperature": temperature,
                            "distinct": len(set(codes)), "parse": sum(map(parses, codes)), "group": args.group})
            print(results[-1], flush=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
