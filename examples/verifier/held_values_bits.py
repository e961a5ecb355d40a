"""Issue 7, session 32: the bits from Python that the direct teacher's answers to the first N chain tasks pass in one
forward, now and under rule (a) of tests/attacks_open/README.md (round attack39): a value the reference itself holds
(a size, stride or element count of a tensor its ops take or give, or a number it passes to an op) costs only the
bits that pick it among those values. Measured, not adopted: the rule cut 6-27%; the rest are values the reference
does not hold and the launches' order, storages and runs. Counts move by a few percent from run to run (storages are
told apart by address, which the allocator varies). CPU, Triton interpreter (~40 s a chain; 28 in 20 minutes):

    timeout 1200 python examples/verifier/held_values_bits.py 40 > examples/verifier/results/session32/held_values_bits.log
"""
import gzip
import json
import os
import sys

os.environ.setdefault("TRITON_INTERPRET", "1")
import torch  # noqa: E402
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402
from torch.utils._pytree import tree_flatten  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from honest_table_bits import direct_answer_module  # noqa: E402

from autotriton_backend.task import KernelTask, load_reference  # noqa: E402
from autotriton_backend.verifier import monitors  # noqa: E402

CHAINS = "training/results/session30/chains121.rl-00728.jsonl.gz"


class Holding(TorchDispatchMode):
    """The values the reference holds: every size, stride and element count of the tensors its ops take and give,
    and every number it passes to them."""

    def __init__(self) -> None:
        super().__init__()
        self.held: set[int | float] = set()

    def note(self, value: object) -> None:
        if isinstance(value, torch.Tensor):
            self.held.update([*value.shape, *value.stride(), value.numel()])
        elif type(value) in (int, float):
            self.held.add(value)

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for value in tree_flatten((args, kwargs, out))[0]:
            self.note(value)
        return out


def forward_bits(model: torch.nn.Module, inputs: list, held: set | None) -> tuple[int, int]:
    """One forward's bits from Python and launches; with `held`, each held value costs at most the bits to pick it."""
    counted = monitors.information
    if held is not None:
        pick = max(1, len(held).bit_length())
        monitors.information = lambda v: min(counted(v), pick) if type(v) in (int, float) and v in held else counted(v)
    try:
        with monitors.monitor_forward("none") as monitor:
            model(*inputs)
    finally:
        monitors.information = counted  # the rule is patched in for this measurement only
    return monitor._bits, monitor.launches


def main(count: int) -> None:
    for record in [json.loads(line) for line in gzip.open(CHAINS, "rt")][:count]:
        task = KernelTask.from_json(record["task"])
        try:
            model = direct_answer_module(task).ModelNew()
            reference = load_reference(task.source)
            torch.manual_seed(0)
            inputs = reference["get_inputs"]()
            with torch.no_grad(), Holding() as holding:
                for value in inputs:
                    holding.note(value)
                reference["Model"]()(*[x.clone() for x in inputs])
            now, launches = forward_bits(model, inputs, None)
            under_rule, _ = forward_bits(model, inputs, holding.held)
        except Exception as exc:  # a task the interpreter cannot run
            print("chains", record["task_name"], "error", type(exc).__name__, str(exc)[:80], flush=True)
            continue
        print("chains", record["task_name"], task.statements, launches, "now", now, "held", under_rule,
              "values", len(holding.held), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
