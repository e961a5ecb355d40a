"""Session 40 (measure77): which rung of the spread `ladder` each output is judged on, with `magnitude._tied` as it
is and with it disabled, for the catalogue's tasks and a sample of training tasks.

Ties make TIE_SHARE of each float input its largest value and as many its smallest (round attack73; since round
attack78 its slices' extremes along each dimension): an exp of the
max may overflow in half precision, sums of extremes may cancel, a softmax may saturate, and the output then comes
down the ladder. Both variants run on the same reference (same weights), the same seeds and sizes; "off" still draws
`_tied`'s random numbers, so every other value of the set is bit for bit the same and only the ties differ.

    PYTHONPATH=. python examples/verifier/tie_rungs.py [TRAINING_TASKS=40] [SEEDS=2] [TIE_SHARE...]

With TIE_SHARE values after the first two arguments, the "on" variant is run at each of them (default: today's).
`tie_rungs.py 40 8 0.0625 0.03125 0.015625` took 4 minutes on 1 core (log: results/session40/tie_rungs.log).
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

import torch

from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import judge, magnitude
from autotriton_backend.verifier.inputs import example_sizes, random_sizes
from training.data.dataset import read_records

RUNGS = list(magnitude.ladder())
TIED = magnitude._tied


def untied(values: torch.Tensor, generator: torch.Generator | None) -> torch.Tensor:
    """`_tied`'s random draw, thrown away: the rest of the set as with ties, no ties."""
    if values.numel():
        for _ in [d for d, n in enumerate(values.shape) if n > 1] or [None]:  # one draw per dimension, as `_tied`
            torch.rand(values.shape, generator=generator, device=values.device)
    return values


def rungs(task: KernelTask, seeds: list[int]) -> dict[str, list[list[int]]]:
    """Per variant, per seed, the ladder index each output is judged on (set B's draw)."""
    torch.manual_seed(0)
    reference, _ = judge._reference_model(task, "cpu")
    judge._perturb_weights(reference)
    wide = judge._wide_copy(reference, task, "cpu")
    a = example_sizes(task)
    out: dict[str, list[list[int]]] = {}
    for label, tied in VARIANTS:
        magnitude._tied = tied
        out[label] = []
        for seed in seeds:
            sizes = random_sizes(task, seed, avoid=a) if task.symbols else a
            with tempfile.TemporaryDirectory() as d:
                trials = judge._trials("B", sizes, seed, task, reference, wide, "cpu", Path(d), spread=True)
            index = {i: RUNGS.index(t.draw) for t in trials for i in t.judged}
            out[label].append([index[i] for i in sorted(index)])
    magnitude._tied = TIED
    return out


def at_share(share: float):
    def tied(values, generator):
        old = magnitude.TIE_SHARE
        magnitude.TIE_SHARE = share
        try:
            return TIED(values, generator)
        finally:
            magnitude.TIE_SHARE = old
    return tied


count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
seeds = list(range(1, 1 + (int(sys.argv[2]) if len(sys.argv) > 2 else 2)))
shares = [float(s) for s in sys.argv[3:]] or [magnitude.TIE_SHARE]
VARIANTS = [("off", untied), *((f"on@{s:g}", at_share(s)) for s in shares)]
torch.set_num_threads(1)

catalogue = Path("tests/catalogue")
tasks = [(p.stem, KernelTask.from_file(p)) for p in sorted(catalogue.glob("task_*.py"))]
records = {r["task_key"]: r for r in read_records(Path("training/dataset/pairs"), "pairs")}
for key in random.Random(40).sample(sorted(records), count):
    r = records[key]
    tasks.append((f"{r['task_name']}[{r['dtype']}:{r['composition']}]", KernelTask.from_json(r["task"])))

lost = {label: [0, 0, 0, 0, 0, 0, 0] for label, _ in VARIANTS}  # lowered, rungs lost, raised, all, rung sum, top lost, top at
for name, task in tasks:
    start = time.time()
    try:
        result = rungs(task, seeds)
    except Exception as exc:  # a reference the CPU cannot build or run: not counted
        print(f"{name}: skipped ({type(exc).__name__}: {str(exc)[:80]})", flush=True)
        continue
    off = result["off"]
    line = [f"{name}: off {off}"]
    for label, _ in VARIANTS:
        on = result[label]
        for a_, b_ in zip(off, on):
            for x, y in zip(a_, b_):
                lost[label][0] += y > x
                lost[label][1] += max(0, y - x)
                lost[label][2] += y < x
                lost[label][3] += 1
                lost[label][4] += y
                lost[label][5] += x == 0 < y
                lost[label][6] += y == 0
        if on != off and label != "off":
            line.append(f"{label} {on}")
    print(" | ".join(line) + f" ({time.time() - start:.0f} s)", flush=True)
print("rungs:", ", ".join(f"{i}={d}" for i, d in enumerate(RUNGS)))
for label, (lowered, steps, raised, total, rung_sum, top_lost, top) in lost.items():
    print(f"{label}: of {total} output draws, {lowered} judged lower than without ties ({steps} rungs in all), "
          f"{raised} higher; {top_lost} lost the top rung; {top} on the top rung; mean rung {rung_sum / total:.2f}")
