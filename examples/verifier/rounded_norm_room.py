# Round attack82. PYTHONPATH=. python examples/verifier/rounded_norm_room.py   (about 10 s on one core)
"""Round honest79's room, probed: each task's reference set built as the judge builds it (`build_reference_set`, CPU,
secret seeds fixed per run), and torch-emulated kernels (Triton's CPU interpreter computes bfloat16 wrongly) judged on
every judged output of sets A, B and A2, counting the sets that refuse them. Runs against whichever checkout is on
PYTHONPATH (a6c7070 for before).

- CANCEL: (64x + y) - 64x + z/4 in bfloat16; eager rounds 64x + y and is 10% off in norm on every draw, and rounding
  alone moves the float64 reference by more, so the norm cap is ROUNDED_NORM: a kernel returning 0.8 times the
  output passes (2 x eager's 0.10 is 0.21), where WIDEST_NORM refused it (and eager itself).
- TIE: threshold(x, 1.0, 0.9) in bfloat16 and a kernel taking x >= 1: x == 1.0 exactly at ~30 elements of 16,384;
  `Rounding` moves the task's own exact inputs, so each such element gets room where one of four draws flipped it
  (15/16), and a set passes only where all did."""
import secrets, tempfile
from pathlib import Path
import numpy
import torch
from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import judge as J
from autotriton_backend.verifier.comparison import compared

CANCEL = """import torch
class Model(torch.nn.Module):
    def forward(self, x, y, z):
        big = x * 64
        return (big + y) - big + 0.25 * z
def get_inputs():
    return [torch.randn(64, 256).bfloat16(), torch.randn(64, 256).bfloat16(), torch.randn(64, 256).bfloat16()]
def get_init_inputs():
    return []
"""
TIE = """import torch
class Model(torch.nn.Module):
    def forward(self, x):
        return torch.nn.functional.threshold(x, 1.0, 0.9)
def get_inputs():
    return [torch.randn(64, 256).bfloat16()]
def get_init_inputs():
    return []
"""


def floats(*tensors):
    return [t.float() for t in tensors]


def eager_like(x, y, z):
    x, y, z = floats(x, y, z)
    return ((64 * x + y).bfloat16().float() - 64 * x + 0.25 * z).bfloat16()


KERNELS = {
    CANCEL: {"exact (float32)": lambda x, y, z: (y.float() + 0.25 * z.float()).bfloat16(),
             "rounds as eager": eager_like,
             "0.8 x the output": lambda x, y, z: (0.8 * (y.float() + 0.25 * z.float())).bfloat16(),
             "drops z / 4": lambda x, y, z: y.clone()},
    TIE: {"x > 1": lambda x: torch.where(x > 1.0, x, 0.9), "x >= 1": lambda x: torch.where(x >= 1.0, x, 0.9)},
}


def main(runs: int = 4) -> None:
    for source, kernels in KERNELS.items():
        task = KernelTask.from_source(source)
        refused = {name: 0 for name in kernels}
        sets = 0
        for run in range(runs):
            drawn = numpy.random.default_rng(run)
            secrets.randbits = lambda n: int(drawn.integers(0, 2 ** min(n, 62)))
            with tempfile.TemporaryDirectory() as directory:
                built = J.build_reference_set(J.JudgeJob(task, None, "probe", trials=3), "cpu", Path(directory))
                for trial in built.trials:
                    sets += 1
                    for name, kernel in kernels.items():
                        out = kernel(*trial.inputs)
                        found = compared(out, trial.expected[0], trial.tolerances[0])
                        refused[name] += not found.passed
                        print(f"{task.key[:8]} run {run} set {trial.name} {name}: elementwise {found.elementwise:.3g}"
                              f" norm {found.norm:.3g} (error norm {found.norm_err:.3g})")
        print(f"{task.key[:8]}: sets refused of {sets}: {refused}")


main()
