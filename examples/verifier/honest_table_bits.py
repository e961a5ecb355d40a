"""Issue 7: the bits made in Python that honest direct-teacher answers pass to kernels in one forward, against the
verifier's limit for the task (`monitors.forward_table_bits`: 1,024, or 40 for each op, input and output of the
reference), by the task's statements and the launches. CPU, Triton interpreter, the answers run in this process under
the verifier's forward monitor (they are the repo's own teacher's).

    python examples/verifier/honest_table_bits.py LABEL RECORDS.jsonl.gz N     # the first N records' tasks

Session 30: training/results/session30/chains121.rl-00728.jsonl.gz (40 chains) and the held-out tasks of more than
10 statements (runs/dataset49's test split, 30): training/results/README.md, runs 121-124. Session 31 added the
limit column (the limit grew with the reference then).
"""
import gzip
import importlib.util
import json
import os
import sys
import tempfile
import time
import types

os.environ.setdefault("TRITON_INTERPRET", "1")
import torch  # noqa: E402

from autotriton_backend.task import KernelTask, load_reference  # noqa: E402
from autotriton_backend.verifier.monitors import CountingOps, forward_table_bits, monitor_forward  # noqa: E402
from training.data.direct.translate import direct_answer  # noqa: E402


def direct_answer_module(task: KernelTask) -> types.ModuleType:
    """The direct teacher's answer to `task`, imported (it is the repo's own, so it runs in this process)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:  # jit reads a kernel from its file
        file.write(direct_answer(task))
    spec = importlib.util.spec_from_file_location(f"answer_{os.path.basename(file.name)[:-3]}", file.name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bits_launches_limit(task: KernelTask) -> tuple[int, int, int]:
    """One forward of the direct teacher's answer on the task's example inputs, under the forward monitor, and the
    limit the judge would set from one forward of the reference."""
    module = direct_answer_module(task)
    reference = load_reference(task.source)
    torch.manual_seed(0)
    inputs = reference["get_inputs"]()
    with torch.no_grad(), CountingOps() as counted:
        outputs = reference["Model"](*reference["get_init_inputs"]())(*[x.clone() for x in inputs])
    returned = tuple(outputs) if isinstance(outputs, (tuple, list)) else (outputs,)
    model = module.ModelNew(*reference["get_init_inputs"]())
    with monitor_forward("none") as monitor:
        model(*inputs)
    return monitor._bits, monitor.launches, forward_table_bits(counted.ops, inputs, returned)


def main(label: str, records: str, count: int) -> None:
    print("label task dtype statements launches bits limit seconds")
    for record in [json.loads(line) for line in gzip.open(records, "rt")][:count]:
        task, start = KernelTask.from_json(record["task"]), time.time()
        try:
            bits, launches, limit = bits_launches_limit(task)
        except Exception as exc:  # a task the interpreter cannot run (a compile error, an unsupported op)
            print(label, record["task_name"], "error", type(exc).__name__, str(exc)[:100], flush=True)
            continue
        print(label, record["task_name"], task.inputs[0].dtype, task.statements, launches, bits, limit,
              round(time.time() - start), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
