"""Every example runs as a user runs it, at CPU sizes; the GPU-only ones skip cleanly here."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"
KERNELBENCH = EXAMPLES / "kernelbench"


def run(command: list[str], tmp_path: Path, **environ: str) -> subprocess.CompletedProcess:
    """In a private TMPDIR, so anything left behind there is seen."""
    scratch = tmp_path / "tmpdir"
    scratch.mkdir(exist_ok=True)
    env = dict(os.environ, TMPDIR=str(scratch), PYTHONPATH=str(ROOT), **environ)
    return subprocess.run(command, capture_output=True, text=True, timeout=900, env=env, cwd=ROOT)


def leftovers(tmp_path: Path) -> list[str]:
    return [p.name for p in (tmp_path / "tmpdir").iterdir() if "autotriton" in p.name]


def test_quickstart_splices_the_bundled_models_kernel_and_leaves_no_temporary_directory(tmp_path):
    """The README's main job: the bundled model (agent/bundled_model) writes the MLP's kernel, offline. One answer
    per region (CI runs the quickstart itself on the defaults, two turns of two, ~8 minutes here): the bundled model's
    first sample wins both fine regions on this CPU, the coarse one is lost either way."""
    out = run([sys.executable, str(EXAMPLES / "quickstart.py")], tmp_path, AUTOTRITON_SEARCH_TURNS="1",
              AUTOTRITON_SEARCH_SAMPLES="1")
    assert out.returncode == 0, out.stderr[-3000:]
    assert "autotriton: searching a kernel for region 1/1 of graph 1" in out.stderr  # the progress line
    assert "agent/bundled_model (up to" in out.stderr  # no engine configured: the bundled model searched
    if not torch.cuda.is_available():  # on a GPU its kernel may lose to inductor
        assert "spliced: addmm+mul+erf+add (kernel" in out.stdout
    assert leftovers(tmp_path) == []


def test_warmup_then_cache_only_deployment(tmp_path):
    out = run([sys.executable, str(EXAMPLES / "deploy_from_cache.py")], tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    if not torch.cuda.is_available():  # on a GPU the bundled kernels may lose to inductor
        assert "warmup: 3 task(s): 2 new-kernel, 1 no-kernel" in out.stdout  # coarse lost, both fine parts won
        assert "imported 3 entries, skipped 0" in out.stdout and "3 region(s): 2 cache-hit" in out.stdout
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("task", ["elementwise_gelu", "softmax", "rmsnorm", "row_sum", "matmul_bias_relu"])
def test_kernelbench_candidate_is_correct_at_cpu_size(task, tmp_path):
    out = run([sys.executable, "-m", "autotriton_backend.cli", "verify", str(KERNELBENCH / "cpu" / f"{task}.py"),
               str(KERNELBENCH / f"{task}_triton.py"), "--device", "cpu", "--json"], tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    verdict = json.loads(out.stdout)
    assert verdict["correct"], verdict["feedback"]


def test_bring_your_own_server_explains_itself(tmp_path):
    out = run([sys.executable, str(EXAMPLES / "serve_your_model.py"), "--help"], tmp_path)
    assert out.returncode == 0 and "transformers serve" in out.stdout and "--engine openai:" in out.stdout


@pytest.mark.skipif(torch.cuda.is_available(), reason="checks the no-GPU path")
@pytest.mark.parametrize("command", [
    ["bash", str(EXAMPLES / "benchmarks" / "run_gpu.sh")],
    [sys.executable, str(EXAMPLES / "bench_models.py"), "--out", "unused.json"],
])
def test_gpu_examples_skip_cleanly_without_a_gpu(command, tmp_path):
    out = run(command, tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.startswith("skipped:")
