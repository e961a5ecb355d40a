"""Issue 9: does a model read the task, or recall an answer? Tasks of STATEMENTS or more statements get one or two
calls swapped for kin (training.data.op_swaps, the draw seeded by the task's key): held-out tasks (runs/dataset49's
test split, as probes only), or with `train` the direct teacher's train pairs (training/dataset), which a model that
recalls answers it learned gets wrong. An answer follows when, against the model's answer to the unswapped task, each
op swapped in is called more often and each op swapped out less. Greedy, on the CPU:

    python training/results/swap_probe.py agent/bundled_model 7 16 [test|train]
"""
import gzip, glob, json, random, re, sys

from agent.engines import make_engine
from autotriton_backend.prompt import extract_code, first_prompt
from autotriton_backend.task import KernelTask, forward_statements
from training.data.op_swaps import swapped_task
from training.results.copy_divergence import forward_lines

_OP = re.compile(r"(?:aten|torch)\.(\w+)")


def follows(before: str, after: str, original: str, swapped: str) -> bool:
    for old, new in ((o, n) for o, n in zip(original.split("\n"), swapped.split("\n")) if o != n):
        old_ops, new_ops = _OP.findall(old), _OP.findall(new)
        if any(after.count(f"op_{op}(") <= before.count(f"op_{op}(") for op in new_ops if op not in old_ops):
            return False
        if any(after.count(f"op_{op}(") >= before.count(f"op_{op}(") for op in old_ops if op not in new_ops):
            return False
    return True


def main(model: str, statements: int, tasks: int, split: str = "test") -> None:
    shards = "runs/dataset49/rl/*.gz" if split == "test" else "training/dataset/pairs/direct-*.gz"
    records = sorted((r for f in sorted(glob.glob(shards)) for r in map(json.loads, gzip.open(f, "rt"))
                      if r["split"] == split and forward_statements(r["task"]["source"]) >= statements),
                     key=lambda r: r["task_key"])
    engine = make_engine(f"hf:{model}")
    engine.max_statements = None  # the probe asks past the model's stated reach
    followed = asked = 0
    for record in records:
        variant = swapped_task(record, random.Random(record["task_key"]), "probe")
        if variant is None:
            continue
        task = KernelTask.from_json(record["task"])
        before, after = ("\n".join(forward_lines(extract_code(c[0].text))) for c in engine.generate(
            [first_prompt(task), first_prompt(variant.task)], 1, 0.0, 1536))
        asked += 1
        followed += (ok := follows(before, after, task.source, variant.task.source))
        print(f"{record['task_name'][:40]:40} {forward_statements(task.source):3} {'follows' if ok else '-'}",
              flush=True)
        if asked == tasks:
            break
    print(f"{model}: {followed}/{asked} answers follow the swap ({split} tasks of {statements}+ statements)")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), *sys.argv[4:5])
