"""Train tasks with an op swapped for its kin: prompts where recalling a learned answer is wrong.

    python -m training.data.op_swaps --out training/dataset --variants 2 [--seed 0] [--min-statements 4]

The bundled model recalls long answers more than it translates them (session 32, CPU, training/results/swap_probe.py):
with one or two calls of a task of 7+ statements swapped, its answer followed the swap in 7 of 16 train tasks and 2 of
16 held-out ones; on held-out tasks of more than 10 statements it wrote a train answer's forward from the first line.
A swapped task has the same shape, families and composition as its train task, but a different answer, so a model can
only get it right by reading the prompt. Each call swapped is replaced by another of its group below: same family (the
composition, hence the split, stays), and the same sign of output (a value that feeds a sqrt or a log stays in its
domain); ops whose swap could empty a softmax (exp) are never swapped. A variant keeps its train task's input specs
and is kept only when the direct teacher translates it; its reference is checked where it is judged (the direct
teacher counts a broken one as `task_broken`). Variants become RL records (origin `swaps`), written longest first,
which the direct teacher answers on a GPU (`python -m training.data.direct.generate --origin swaps`). Re-running with
the same seed writes nothing twice.

Measured (run 127, training/results/README.md): SFT with 2,212 judged swap pairs read the held-out tasks more (the
answers followed a swap in 10 of 16 tasks of 7+ statements, the bundled model's in 2) but held out 59.4% against
64.1% without them, and none of the 10 tasks of more than 10 statements. The pairs are not in the committed dataset.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

from tqdm import tqdm

from autotriton_backend.region_task import is_region_signature, region_signature
from autotriton_backend.task import KernelTask, canonical_source, forward_statements

from .dataset import TEACHER_SHARDS, ShardWriter, read_records, record_keys
from .direct.translate import direct_answer
from .generate import GenerateError, added_report, rl_record, writable_out
from .sources import SourcedTask

ORIGIN = "swaps"
MAX_SWAPS = 2  # calls swapped in one variant (at least one)
_GROUPS = (("abs", "sigmoid", "relu"), ("tanh", "sin"), ("add", "sub", "mul"), ("maximum", "minimum"))
_KIN = {op: group for group in _GROUPS for op in group}
_OPS = "|".join(_KIN)
# `torch.ops.aten.tanh.default(` and `torch.tanh(`; add/sub/mul only in ATen form (torch-level code writes operators)
_CALL = re.compile(rf"torch\.ops\.aten\.(?P<aten>{_OPS})\.(?:default|Tensor)\(|(?<![\w.])torch\.(?P<torch>{_OPS})\(")


def _calls(line: str) -> list[re.Match]:
    return [m for m in _CALL.finditer(line) if (m["aten"] or m["torch"] not in ("add", "sub", "mul"))]


def forward_span(lines: list[str]) -> tuple[int, int]:
    """The indices of a task source's `def forward` line and of its `return` line."""
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("def forward"))
    return start, next(i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("return "))


def swapped_task(record: dict[str, Any], rng: random.Random, name: str) -> SourcedTask | None:
    """The record's task with one or two of its forward's calls swapped for kin; None when it has none to swap."""
    task = KernelTask.from_json(record["task"])
    lines = task.source.split("\n")
    start, end = forward_span(lines)
    sites = [(i, m) for i in range(start + 1, end) for m in _calls(lines[i])]
    if not sites:
        return None
    for i, match in sorted(rng.sample(sites, min(len(sites), rng.randint(1, MAX_SWAPS))),
                           key=lambda site: (site[0], -site[1].start())):  # right to left: spans stay valid
        op = match["aten"] or match["torch"]
        kin = rng.choice([o for o in _KIN[op] if o != op])
        group = "aten" if match["aten"] else "torch"
        lines[i] = lines[i][:match.start(group)] + kin + lines[i][match.end(group):]
    variant = rewritten(task, "\n".join(lines), name)
    return SourcedTask(variant, ORIGIN, f"{ORIGIN}:{record['task_name']}", tuple(record["families"]), record["dtype"])


def rewritten(task: KernelTask, source: str, name: str) -> KernelTask:
    """`task` with its forward rewritten as `source` (the same inputs): the signature, hence the key, follows it."""
    if is_region_signature(task.signature):
        lines = source.split("\n")
        start, end = forward_span(lines)
        signature = region_signature([line.strip() for line in lines[start + 1:end + 1]])
    else:
        signature = canonical_source(source)
    return KernelTask(name=name, source=source, inputs=task.inputs, signature=signature, symbols=task.symbols,
                      tolerance=task.tolerance)


def add_swaps(out: Path, variants: int, seed: int = 0, min_statements: int = 4, progress: bool = True) -> Counter:
    """Record up to `variants` swapped tasks of each direct train pair of at least `min_statements` statements
    under `out/rl`, longest first; counts of what was added and why others were not."""
    writable_out(out)
    if variants < 1:
        raise GenerateError("--variants must be at least 1")
    pairs = sorted((r for r in read_records(out / "pairs", TEACHER_SHARDS["direct"])
                    if r["split"] == "train" and forward_statements(r["task"]["source"]) >= min_statements),
                   key=lambda r: (-forward_statements(r["task"]["source"]), r["task_key"]))
    if not pairs:
        raise GenerateError(f"{out} holds no direct train pairs of {min_statements} statements or more to swap: "
                            "run `python -m training.data.direct.generate --data DIR` first")
    with open(out / "commands.txt", "a") as handle:
        handle.write(f"python -m training.data.op_swaps --out {out} --variants {variants} --seed {seed} "
                     f"--min-statements {min_statements}\n")
    known = record_keys(out / "rl", "rl") | record_keys(out / "pairs", TEACHER_SHARDS["direct"])
    rng, counts, writer = random.Random(seed), Counter(), ShardWriter(out / "rl", "rl")
    try:
        for record in tqdm(pairs, desc="op swaps", unit="task", disable=not progress):
            for index in range(variants):
                sourced = swapped_task(record, rng, f"{record['task_name']}~swap{seed}.{index}")
                if sourced is None:
                    counts["no call to swap"] += 1
                    break
                if sourced.task.key in known:
                    counts["already in the dataset"] += 1
                    continue
                try:
                    direct_answer(sourced.task)
                except Exception as exc:  # a swap the library or the shape trace cannot take (e.g. a bool input)
                    counts[f"not translated: {type(exc).__name__}"] += 1
                    continue
                known.add(sourced.task.key)
                writer.write(asdict(rl_record(sourced, None)))
                counts["added"] += 1
    finally:
        writer.close()  # whole records only: what is written is kept, even on Ctrl-C
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.data.op_swaps", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="dataset directory (its direct train pairs)")
    parser.add_argument("--variants", type=int, default=2, help="swapped tasks per train pair (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the draw's seed (default 0)")
    parser.add_argument("--min-statements", type=int, default=4,
                        help="swap only train tasks of at least this many statements (default 4)")
    args = parser.parse_args(argv)
    try:
        counts = add_swaps(args.out, args.variants, args.seed, args.min_statements)
    except GenerateError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(added_report("op swaps", counts, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
