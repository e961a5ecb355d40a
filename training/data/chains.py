"""Long tasks made by running verified train tasks side by side: SFT answers as long as the held-out split's.

    python -m training.data.chains --out training/dataset --tasks 1000 [--seed 0]

The bundled model's held-out failures are long chains: 16 of 18 have 7 or more statements, and its answers to those
of more than 10 run to 814 tokens, where 1.7% of the SFT answers pass 200 (training/results/chain_length.py). Its
errors there are a copier's (a name used before it is defined, `x7` of a task with inputs x0..x6, unbalanced
brackets): the hypothesis here was that it needs longer examples of the same work. A chain task runs 2 to MAX_PARTS
train tasks that hold a direct pair, all of one form (ATen regions or torch-level programs) and one dtype, in one
`forward`: inputs and values renumbered, every output returned. It is kept only when the union of its parts'
families is a train composition (no held-out composition reaches training). Each part's reference passed the
verifier's reference check when its task was recorded, and the parts share nothing, so a chain is not checked again
on the CPU (~1-4 s a chain at GPU sizes); the direct teacher counts any it cannot judge as `task_broken`. Chains
become RL records (origin `chains`) that the direct teacher answers on a GPU
(`python -m training.data.direct.generate --origin chains`). Re-running with the same seed writes nothing twice.

Measured (runs 121-124, training/results/README.md): SFT with 299 judged chain pairs held out 56.3% against 64.1%
without them; the >10-statement tasks stayed at 0 of 10, and the model wrote on to the token limit on them. Side by
side is length without connection; connected chains are untried.
"""
from __future__ import annotations

import argparse
import ast
import copy
import json
import random
import re
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from autotriton_backend.region_task import SIGNATURE_FORMAT, is_region_signature, kernelbench_source
from autotriton_backend.task import InputSpec, KernelTask, model_forward

from .dataset import TEACHER_SHARDS, ShardWriter, read_records, record_keys
from .families import composition_of, split_of
from .generate import GenerateError, added_report, rl_record, writable_out
from .sources import SourcedTask

ORIGIN = "chains"
MAX_PARTS = 6
STATEMENTS = (8, 40)  # a chain's statements are drawn uniformly from this range (held-out chains run to ~30)
CHAIN_FORMAT = "chain/1"
_LOCAL = re.compile(r"[xv]\d+")


@dataclass(frozen=True)
class Part:
    """One verified train task's forward, ready to be renumbered into a chain."""

    record: dict[str, Any]
    params: tuple[str, ...]
    statements: tuple[ast.stmt, ...]
    returns: tuple[ast.expr, ...]

    @property
    def form(self) -> str:
        signature = self.record["task"]["signature"]
        return SIGNATURE_FORMAT if is_region_signature(signature) else "torch"


def part_of(record: dict[str, Any]) -> Part | None:
    """The record's task as a Part, or None when it cannot be chained: symbolic sizes, a task tolerance, or a
    forward that is not `x0, x1, ...` in, `v0 = ...` statements that each name a new value, one return."""
    task = record["task"]
    if task["symbols"] or task["tolerance"] is not None:
        return None
    forward = model_forward(ast.parse(task["source"]))
    if forward is None or not forward.body or not isinstance(forward.body[-1], ast.Return):
        return None
    params = tuple(a.arg for a in forward.args.args[1:])
    *statements, returned = forward.body
    if not all(isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
               for s in statements):
        return None
    names = params + tuple(s.targets[0].id for s in statements)
    if (len(params) != len(task["inputs"]) or len(set(names)) != len(names)
            or not all(_LOCAL.fullmatch(n) for n in names)):
        return None
    value = returned.value
    returns = tuple(value.elts) if isinstance(value, ast.Tuple) else (value,)
    return Part(record, params, tuple(statements), returns)


class _Renumber(ast.NodeTransformer):
    """Each part's x/v names moved past the parts before it, so the chain's names stay canonical (x0.., v0..)."""

    def __init__(self, mapping: dict[str, str]):
        self.mapping = mapping

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.copy_location(ast.Name(self.mapping.get(node.id, node.id), node.ctx), node)


def chain_task(parts: list[Part], name: str) -> SourcedTask:
    """The parts side by side in one forward, returning every part's outputs in order."""
    lines: list[str] = []
    specs: list[InputSpec] = []
    results: list[str] = []
    for part in parts:
        mapping = {p: f"x{len(specs) + i}" for i, p in enumerate(part.params)}
        mapping |= {s.targets[0].id: f"v{len(lines) + j}" for j, s in enumerate(part.statements)}
        renumber = _Renumber(mapping)
        lines += [ast.unparse(renumber.visit(copy.deepcopy(s))) for s in part.statements]
        results += [ast.unparse(renumber.visit(copy.deepcopy(r))) for r in part.returns]
        specs += [InputSpec.from_json(spec) for spec in part.record["task"]["inputs"]]
    lines.append(f"return {', '.join(results)}")
    signature = json.dumps({"format": CHAIN_FORMAT, "forward": lines}, separators=(",", ":"))
    task = KernelTask(name=name, source=kernelbench_source(lines, tuple(specs), {}), inputs=tuple(specs),
                      signature=signature)
    families = tuple(sorted({f for part in parts for f in part.record["families"]}))
    source = f"{ORIGIN}:" + ",".join(part.record["task_name"] for part in parts)
    return SourcedTask(task, ORIGIN, source, families, parts[0].record["dtype"])


def draw_parts(rng: random.Random, parts: list[Part]) -> list[Part]:
    """A form drawn evenly (ATen regions are 15% of the parts but most of the held-out long chains), a first part of
    it, then distinct parts of its form and dtype until the drawn number of statements is reached (at most
    MAX_PARTS)."""
    form = rng.choice(sorted({p.form for p in parts}))
    first = rng.choice([p for p in parts if p.form == form])
    kin = [p for p in parts if (p.form, p.record["dtype"]) == (form, first.record["dtype"]) and p is not first]
    want, chosen = rng.randint(*STATEMENTS), [first]
    for part in rng.sample(kin, min(len(kin), MAX_PARTS - 1)):
        if len(chosen) > 1 and sum(len(p.statements) for p in chosen) >= want:
            break
        chosen.append(part)
    return chosen


def add_chains(out: Path, tasks: int, seed: int = 0, progress: bool = True) -> Counter:
    """Record up to `tasks` new chain tasks under `out/rl`; counts of what was added and why others were not."""
    writable_out(out)
    if tasks < 1:
        raise GenerateError("--tasks must be at least 1")
    parts = [part for record in read_records(out / "pairs", TEACHER_SHARDS["direct"])
             if record["split"] == "train" and (part := part_of(record))]
    if len(parts) < 2:
        raise GenerateError(f"{out} holds no train pairs of the direct teacher to chain: "
                            "run `python -m training.data.direct.generate --data DIR` first")
    with open(out / "commands.txt", "a") as handle:
        handle.write(f"python -m training.data.chains --out {out} --tasks {tasks} --seed {seed}\n")
    known = record_keys(out / "rl", "rl") | record_keys(out / "pairs", TEACHER_SHARDS["direct"])
    rng, counts, writer = random.Random(seed), Counter(), ShardWriter(out / "rl", "rl")
    bar = tqdm(total=tasks, desc="chains", unit="task", disable=not progress)
    try:
        for index in range(100 * tasks):
            if counts["added"] == tasks:
                break
            drawn = draw_parts(rng, parts)
            sourced = chain_task(drawn, f"chain_{seed}_{index}")
            if len(drawn) < 2:
                counts["no second part of its form and dtype"] += 1
            elif split_of(sourced.composition) != "train":
                counts["composition in the test split"] += 1
            elif sourced.task.key in known:
                counts["already in the dataset"] += 1
            else:
                known.add(sourced.task.key)
                writer.write(asdict(rl_record(sourced, None)))
                counts["added"] += 1
                bar.update()
    finally:
        writer.close()  # whole records only: what is written is kept, even on Ctrl-C
        bar.close()
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.data.chains", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="dataset directory (its direct pairs are the parts)")
    parser.add_argument("--tasks", type=int, required=True, help="how many chain tasks to add")
    parser.add_argument("--seed", type=int, default=0, help="the draw's seed (default 0)")
    args = parser.parse_args(argv)
    try:
        counts = add_chains(args.out, args.tasks, args.seed)
    except GenerateError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(added_report("chains", counts, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
