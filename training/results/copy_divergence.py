"""Issue 9: where a model's answer to a long held-out task leaves the answer it should copy. For each held-out task of
more than 10 statements (the first TASKS of runs/dataset49's test split), the model's greedy forward against the direct
teacher's (with `literal_sizes` when the model learned that form, run 128): the first line that differs, and the two
lines. With `first=K` each task is cut to its first K statements (the same inputs, the K-th value returned): the
same opening in a shorter prompt. CPU, seconds to minutes a task:

    python training/results/copy_divergence.py MODEL_DIR TASKS [literal] [first=K]
"""
import gzip, glob, json, sys

from agent.engines import make_engine
from autotriton_backend.prompt import extract_code, first_prompt
from autotriton_backend.task import KernelTask, forward_statements
from training.data.direct.translate import direct_answer, model_new_view
from training.data.op_swaps import forward_span


def first_statements(task: KernelTask, count: int) -> KernelTask:
    """The task with its forward cut after its first `count` assignments, returning the last of them."""
    lines = task.source.split("\n")
    start, end = forward_span(lines)
    kept = [i for i in range(start + 1, end) if " = " in lines[i]][:count]
    value = lines[kept[-1]].split("=")[0].strip()
    return KernelTask.from_source("\n".join(lines[:kept[-1] + 1] + [f"        return {value}"] + lines[end + 1:]),
                                  name=f"{task.name}~first{count}")


def forward_lines(code: str) -> list[str]:
    body = code.split("def forward", 1)[1].split("\n\n\n", 1)[0] if "def forward" in code else ""
    return [line.strip() for line in body.split("\n")[1:] if line.strip()]


def main(model: str, count: int, literal: bool, first: int | None) -> None:
    records = [r for f in sorted(glob.glob("runs/dataset49/rl/*.gz")) for r in map(json.loads, gzip.open(f, "rt"))
               if r["split"] == "test" and forward_statements(r["task"]["source"]) > 10][:count]
    engine = make_engine(f"hf:{model}")
    engine.max_statements = None  # past the model's stated reach, on purpose
    tasks = [KernelTask.from_json(r["task"]) for r in records]
    tasks = [first_statements(t, first) for t in tasks] if first else tasks
    prompts = [len(engine._prompt_ids(first_prompt(t))) for t in tasks]
    for task, prompt_tokens in zip(tasks, prompts):
        want = forward_lines(model_new_view(direct_answer(task, literal_sizes=literal)))
        [[completion]] = engine.generate([first_prompt(task)], 1, 0.0, 3072)
        got = forward_lines(extract_code(completion.text))
        first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
        print(f"{task.name[:36]:36} statements {task.statements:3} prompt {prompt_tokens:5} tokens: "
              f"lines right {first}/{len(want)}, written {len(got)}", flush=True)
        if first < len(want):
            print(f"    want: {want[first][:110]}\n    got:  {got[first][:110] if first < len(got) else '(nothing)'}")


if __name__ == "__main__":
    cut = next((int(a.removeprefix("first=")) for a in sys.argv[3:] if a.startswith("first=")), None)
    main(sys.argv[1], int(sys.argv[2]), "literal" in sys.argv[3:], cut)
