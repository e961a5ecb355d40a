"""Issue 7, session 32: the bits from Python that the direct teacher's answers to the first N chain tasks pass in one
forward, now and under rule (a) of tests/attacks_open/README.md (round attack39): a value the reference itself holds
(a size, stride or element count of a tensor its ops take or give, or a number it passes to an op) costs only the
bits that pick it among those values. Measured, not adopted: the rule cut 6-27%; the rest are values the reference
does not hold and the launches' order, storages and runs. CPU, Triton interpreter (~40 s a chain; 28 in 20 minutes):

    timeout 1200 python examples/verifier/held_values_bits.py 40 > examples/verifier/results/session32/held_values_bits.log
"""
import gzip, importlib.util, json, os, sys, tempfile, time
os.environ.setdefault("TRITON_INTERPRET", "1")
import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten
from autotriton_backend.task import KernelTask, load_reference
from autotriton_backend.verifier import monitors
from autotriton_backend.verifier.monitors import monitor_forward
from training.data.direct.translate import direct_answer

class Holding(TorchDispatchMode):
    def __init__(self):
        super().__init__(); self.held = set()
    def note(self, x):
        if isinstance(x, torch.Tensor):
            self.held.update(int(s) for s in x.shape); self.held.update(int(s) for s in x.stride()); self.held.add(int(x.numel()))
        elif type(x) in (int, float):
            self.held.add(x)
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        for x in tree_flatten((args, kwargs, out))[0]:
            self.note(x)
        return out

original = monitors.information  # the rule, patched in for this measurement only
def run(task):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(direct_answer(task))
    spec = importlib.util.spec_from_file_location(f"answer_{os.path.basename(file.name)[:-3]}", file.name)
    module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
    reference = load_reference(task.source); torch.manual_seed(0)
    inputs = reference["get_inputs"]()
    with torch.no_grad(), Holding() as h:
        for x in inputs: h.note(x)
        reference["Model"]()(*[x.clone() for x in inputs])
    held = h.held; pick = max(1, len(held).bit_length())
    results = []
    for rule in ("now", "held"):
        monitors.information = original if rule == "now" else (lambda v: min(original(v), pick) if type(v) in (int, float) and v in held else original(v))
        model = module.ModelNew()
        with monitor_forward("none") as monitor:
            model(*inputs)
        results.append(monitor._bits)
    monitors.information = original
    return results, len(held), monitor.launches

for label, path, n in (("chains", "training/results/session30/chains121.rl-00728.jsonl.gz", int(sys.argv[1])),):
    for record in [json.loads(l) for l in gzip.open(path, "rt")][:n]:
        task = KernelTask.from_json(record["task"])
        try:
            (now, held_rule), nheld, launches = run(task)
        except Exception as exc:
            print(label, record["task_name"], "error", type(exc).__name__, str(exc)[:80], flush=True); continue
        print(label, record["task_name"], task.statements, launches, "now", now, "held", held_rule, "values", nheld, flush=True)
