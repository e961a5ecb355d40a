"""Count the direct teacher's answers that hard-code a size some tensor holds (session 14, branch sizes14).

`PYTHONPATH=. python examples/results/count_size_literals.py [--split train] [--retranslate] [--limit N]`

For each committed direct pair (training/dataset/pairs/direct-*.jsonl.gz) of the split: the answer's forward is
parsed, and every call of an op with a size argument (`translate.SIZE_ARGUMENTS`: reshape, view, expand, full, iota,
as_strided's size, layer_norm's normalized_shape) is read; each int literal of 2 or more in that argument is a
hard-coded size. It is *readable* where a tensor in scope at that statement (the forward's arguments or a tensor it
named before) has it as a dim, or as a product of adjacent dims, in every trace of the task's forward on the meta
device (`shapes.statement_scopes`: the example sizes; for a task with symbolic sizes two more draws too). 1, 0 and
-1 are not counted (structure, not sizes). With --retranslate the answers counted are today's `direct_answer` of each
task, not the committed ones (not judged: that needs the verifier).
"""
from __future__ import annotations

import argparse
import ast
import json
from collections import Counter
from pathlib import Path

from autotriton_backend.prompt import LIBRARY_BREAK
from autotriton_backend.task import KernelTask
from training.data.dataset import read_records
from training.data.direct.generate import PREFIX
from training.data.direct.shapes import statement_scopes
from training.data.direct.translate import SIZE_ARGUMENTS, Unsupported, _forward, _Forward, direct_answer


def answer_forward(answer: str) -> ast.FunctionDef:
    tree = ast.parse(answer.split(LIBRARY_BREAK, 1)[0])
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ModelNew")
    return next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "forward")


def size_literals(answer: str, task: KernelTask) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(every hard-coded size, the readable ones) as (op, value)."""
    traces = statement_scopes(task, _forward(ast.parse(task.source)))
    reader = _Forward()
    every, readable = [], []
    for index, statement in enumerate(answer_forward(answer).body):
        reader.scopes = [trace[index] for trace in traces if index < len(trace)]
        for node in ast.walk(statement):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id.removeprefix("op_") in SIZE_ARGUMENTS):
                continue
            op = node.func.id.removeprefix("op_")
            position, keyword = SIZE_ARGUMENTS[op][:2]
            value = node.args[position] if len(node.args) > position else next(
                (k.value for k in node.keywords if k.arg == keyword), None)
            items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value] if value is not None else []
            for item in items:
                if isinstance(item, ast.Constant) and type(item.value) is int and item.value >= 2:
                    every.append((op, item.value))
                    if reader.scopes and reader.other(item.value) is not None:
                        readable.append((op, item.value))
    return every, readable


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=Path("training/dataset"))
    parser.add_argument("--split", default="train")
    parser.add_argument("--retranslate", action="store_true")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--examples", type=int, default=0, help="print this many answers with readable literals")
    args = parser.parse_args()
    records = [r for r in read_records(args.data / "pairs", PREFIX) if r["split"] == args.split][:args.limit]
    counts: Counter[str] = Counter()
    ops_every: Counter[str] = Counter()
    ops_readable: Counter[str] = Counter()
    untraced = 0
    for record in records:
        task = KernelTask.from_json(record["task"])
        answer = record["target"]
        if args.retranslate:
            try:
                answer = direct_answer(task)
            except Unsupported:
                counts["unsupported now"] += 1
                continue
        if not statement_scopes(task, _forward(ast.parse(task.source))):
            untraced += 1
        every, readable = size_literals(answer, task)
        counts["answers"] += 1
        counts["answers with a hard-coded size"] += bool(every)
        counts["answers with a readable hard-coded size"] += bool(readable)
        counts["hard-coded sizes"] += len(every)
        counts["readable hard-coded sizes"] += len(readable)
        counts[f"answers by origin: {record['origin']}"] += 1
        counts[f"answers with a readable hard-coded size: {record['origin']}"] += bool(readable)
        ops_every.update(op for op, _ in every)
        ops_readable.update(op for op, _ in readable)
        if readable and args.examples > 0:
            args.examples -= 1
            print(f"== {record['task_name']} ({record['task_key'][:12]}), inputs",
                  [list(s["shape"]) for s in record["task"]["inputs"]], "readable:", readable)
            print(ast.unparse(answer_forward(answer)))
    print(json.dumps({"split": args.split, "retranslated": args.retranslate, "counts": dict(counts),
                      "tasks the meta trace could not run": untraced, "hard-coded sizes by op": dict(ops_every),
                      "readable by op": dict(ops_readable)}, indent=1))


if __name__ == "__main__":
    main()
