"""Do a slot's spinning processes inflate the baselines the judge times, and does freezing the slots undo it?

    python examples/verifier/baseline_contention_gpu.py --out $OUT/baseline_contention.json   (one GPU, under 3 min)
    python examples/verifier/baseline_contention_gpu.py --device cpu --out /tmp/bc.json       (smoke run, no GPU)

Round attack85. The judge times a task's eager and inductor baselines once (`Judge.baselines_for`), in the thread of
the first candidate of the task to reach timing, while every slot's sandbox lives; the result is cached for every
later candidate (GRPO's speed reward, the backend's choice of a kernel over inductor). A candidate's forks spinning on
the CPU then compete with the timing thread; launch-bound tasks (microseconds of kernel, tens of microseconds of Python
and launch) depend on the CPU that thread gets. For a few small catalogue tasks this times the baselines exactly as
the judge does (`baseline_functions`, `time_baselines`, the judge's own `_timing_setup` inputs), in rounds, each round
three ways side by side: quiet; with SPINNERS processes spinning in a slot cgroup made as the judge makes one
(`Sandbox`'s `SlotCgroup.create`, memory, pids, cpu share, CPU time and freezer, as `contain` joins them); and the
same spinners with the slot frozen by the judge's own `Freezes.every_slot_frozen`. It writes each variant's medians,
their ratios to quiet, and the slot's CPU seconds during each timing (the spinners' share: evidence they ran).
Spinners end by SIGTERM. Needs root for the cgroups; without them the spinners run unconfined and `frozen` is not.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch

from autotriton_backend.task import KernelTask
from autotriton_backend.verifier.judge import _timing_setup
from autotriton_backend.verifier.sandbox import Freezes, Sandbox
from autotriton_backend.verifier.timing import baseline_functions, time_baselines

CATALOGUE = Path(__file__).resolve().parents[2] / "tests" / "catalogue"
TASKS = ("task_add_relu", "task_gelu", "task_scale_rows", "task_softmax")  # small: launch-bound on a GPU
SPIN = "import signal, sys\nsignal.signal(signal.SIGTERM, lambda *_: sys.exit(0))\nwhile True:\n    pass\n"
VARIANTS = ("quiet", "spinning", "spinning_frozen")


def start_spinners(box: Sandbox, count: int) -> list[subprocess.Popen]:
    """`count` busy loops, each moved into every cgroup of the slot (as `contain` moves a sandbox's first process)."""
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(count)]
    for procs in (box.cgroup.layers().values() if box.cgroup is not None else ()):
        for spinner in spinners:
            Path(procs).write_text(str(spinner.pid))
    return spinners


def stop_spinners(spinners: list[subprocess.Popen]) -> None:
    for spinner in spinners:
        spinner.send_signal(signal.SIGTERM)
    for spinner in spinners:
        spinner.wait(timeout=30)


def timed(box: Sandbox, freezes: Freezes, variant: str, spinners: int, functions, input_sets) -> dict:
    """One timing of the task's baselines as the judge does it, under `variant`."""
    running = start_spinners(box, spinners) if variant != "quiet" else []
    try:
        time.sleep(0.3)  # the spinners are spinning before the timing starts, as a candidate's would be
        cpu_before, started = box.cgroup.cpu_seconds() if box.cgroup else None, time.monotonic()
        if variant == "spinning_frozen":
            with freezes.every_slot_frozen([box]) as note:
                baselines = time_baselines(functions, input_sets, [note])
        else:
            baselines = time_baselines(functions, input_sets, [])
        wall = time.monotonic() - started
        cpu = box.cgroup.cpu_seconds() - cpu_before if box.cgroup and cpu_before is not None else None
    finally:
        stop_spinners(running)
    return {"eager_ms": baselines.eager_ms, "inductor_ms": baselines.inductor_ms, "wall_s": round(wall, 3),
            "slot_cpu_s": None if cpu is None else round(cpu, 3), "note": baselines.note}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--device", default="cuda:0")
    parser.add_argument("--tasks", nargs="*", default=list(TASKS))
    parser.add_argument("--spinners", type=int, default=os.cpu_count() or 1, help="a slot's worth: the host's CPUs")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="baseline-contention-"))
    box = Sandbox(base, 900, "cpu")  # never started: only its slot cgroups (memory, pids, cpu, CPU time, freezer)
    freezes = Freezes()
    results: dict = {"device": torch.cuda.get_device_name(args.device) if args.device.startswith("cuda") else "cpu",
                     "cpus": os.cpu_count(), "spinners": args.spinners,
                     "slot_cgroup": sorted(box.cgroup.layers()) if box.cgroup else None, "tasks": {}}
    started = time.monotonic()
    try:
        for name in args.tasks:
            task = KernelTask.from_file(CATALOGUE / f"{name}.py")
            reference, input_sets = _timing_setup(task, args.device)
            functions, notes = baseline_functions(reference, input_sets)
            rounds = {variant: [] for variant in VARIANTS}
            for _ in range(args.rounds):  # the variants side by side in each round: drift hits all alike
                for variant in VARIANTS:
                    rounds[variant].append(timed(box, freezes, variant, args.spinners, functions, input_sets))
            summary = {}
            for variant, runs in rounds.items():
                summary[variant] = {key: statistics.median(r[key] for r in runs if r[key] is not None)
                                    if any(r[key] is not None for r in runs) else None
                                    for key in ("eager_ms", "inductor_ms", "wall_s", "slot_cpu_s")}
            for variant in VARIANTS[1:]:
                for key in ("eager_ms", "inductor_ms"):
                    quiet, other = summary["quiet"][key], summary[variant][key]
                    summary[variant][f"{key}_vs_quiet"] = round(other / quiet, 3) if quiet and other else None
            results["tasks"][name] = {"summary": summary, "rounds": rounds, "notes": notes}
            print(name, json.dumps(summary), flush=True)
            if args.device.startswith("cuda"):
                torch.cuda.empty_cache()
    finally:
        box.close()
        shutil.rmtree(base, ignore_errors=True)
        results["seconds"] = round(time.monotonic() - started, 1)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
