"""Issue 9: would the model reach a long region cut into short pieces? No model reaches a held-out task of more than
10 statements (runs 99-130), while it copies 4-6 statement tasks (12 of 13 held out, bundled). Each of the first TASKS
held-out ATen tasks of more than 10 statements is cut into consecutive pieces of at most SIZE statements; a piece
is a task of its own (values from earlier pieces become its inputs, named x0.. in first-use order, with the shapes and
dtypes the reference gives them; values later pieces or the return need become its outputs) and the model's greedy
forward is compared line by line with the direct teacher's. Pieces that take a tuple from an earlier piece are
not asked (a region's getitem stays with its producer). CPU, minutes:

    python training/results/chunk_reach.py MODEL_DIR TASKS SIZE
"""
import gzip, glob, json, re, sys

import torch

from agent.engines import make_engine
from autotriton_backend.prompt import extract_code, first_prompt
from autotriton_backend.region_task import kernelbench_source, region_signature
from autotriton_backend.task import InputSpec, KernelTask, forward_statements, load_reference
from training.data.direct.translate import direct_answer, model_new_view
from training.data.op_swaps import forward_span
from training.results.copy_divergence import forward_lines

_NAME = re.compile(r"\b([xv]\d+)\b")


def values_of(task: KernelTask) -> dict[str, object]:
    """Every named value of the reference's forward on one draw of its inputs."""
    reference = load_reference(task.source)
    torch.manual_seed(0)
    lines = task.source.split("\n")
    start, end = forward_span(lines)
    inputs = reference["get_inputs"]()
    scope = {"torch": torch, **{f"x{i}": value for i, value in enumerate(inputs)}}
    for line in lines[start + 1:end]:
        exec(line.strip(), scope)  # the task's own reference, trusted like load_reference
    return scope


def pieces(task: KernelTask, size: int) -> list[KernelTask | None]:
    lines = task.source.split("\n")
    start, end = forward_span(lines)
    body, returned = [line.strip() for line in lines[start + 1:end]], lines[end].strip()
    scope = values_of(task)
    out = []
    for first in range(0, len(body), size):
        chunk = body[first:first + size]
        defined = [line.split(" = ", 1)[0] for line in chunk]
        used = [n for line in chunk for n in _NAME.findall(line.split(" = ", 1)[1])]
        live_in = list(dict.fromkeys(n for n in used if n not in defined))
        later = " ".join(body[first + size:] + [returned])
        live_out = [n for n in defined if re.search(rf"\b{n}\b", later)] or defined[-1:]
        if any(not isinstance(scope[n], torch.Tensor) for n in live_in + live_out):
            out.append(None)
            continue
        rename = {n: f"x{i}" for i, n in enumerate(live_in)} | {n: f"v{i}" for i, n in enumerate(defined)}
        renamed = [_NAME.sub(lambda m: rename.get(m[1], m[1]), line) for line in chunk]
        ret = "return " + ", ".join(rename[n] for n in live_out)
        specs = tuple(InputSpec(shape=tuple(scope[n].shape), dtype=str(scope[n].dtype).removeprefix("torch."))
                      for n in live_in)
        out.append(KernelTask(name=f"{task.name}~piece{first // size}", inputs=specs,
                              source=kernelbench_source(renamed + [ret], specs, {}),
                              signature=region_signature(renamed + [ret])))
    return out


def main(model: str, count: int, size: int) -> None:
    records = [r for f in sorted(glob.glob("runs/dataset49/rl/*.gz")) for r in map(json.loads, gzip.open(f, "rt"))
               if r["split"] == "test" and forward_statements(r["task"]["source"]) > 10
               and "torch.ops.aten" in r["task"]["source"]][:count]
    engine = make_engine(f"hf:{model}")
    engine.max_statements = None
    whole = asked = skipped = 0
    for record in records:
        task = KernelTask.from_json(record["task"])
        right = []
        for piece in pieces(task, size):
            if piece is None or any(s.dtype not in ("float32", "float16", "bfloat16") for s in piece.inputs):
                skipped += 1
                right.append("skip")
                continue
            want = forward_lines(model_new_view(direct_answer(piece)))
            [[completion]] = engine.generate([first_prompt(piece)], 1, 0.0, 1536)
            got = forward_lines(extract_code(completion.text))
            asked += 1
            right.append("ok" if got == want else f"line {next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))}")
        whole += all(r == "ok" for r in right)
        print(f"{task.name[:36]:36} statements {task.statements:3}: pieces {' '.join(right)}", flush=True)
    print(f"{model}: pieces of at most {size} statements; {whole} of {len(records)} tasks with every piece copied, "
          f"{skipped} pieces not asked")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
