"""The pytest plugin on the example benchmark file: speedup table, pytest-benchmark JSON, compare, and the plot."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).parent.parent
CPU = not torch.cuda.is_available()  # the example runs on the GPU where there is one
EXAMPLE = ROOT / "examples" / "benchmarks" / "test_speedups.py"


def pytest_run(*args: str) -> subprocess.CompletedProcess:
    """The example file as a user runs it: `-p` loads the plugin whether or not its entry point is installed, and
    an xdist worker's environment (the suite's own workers) does not reach it: pytest-benchmark turns itself off
    under xdist."""
    command = [sys.executable, "-m", "pytest", str(EXAMPLE), "-p", "autotriton_pytest", "-k", "mlp",
               "-p", "no:cacheprovider", "--benchmark-max-time=0.05", *args]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    return subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)


def test_example_benchmark_table_json_compare_and_plot(tmp_path):
    results, storage = tmp_path / "results.json", f"file://{tmp_path / 'storage'}"
    first = pytest_run("--benchmark-json", str(results), "--benchmark-autosave", "--benchmark-storage", storage)
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
    assert "autotriton speedups" in first.stdout and ("CPU numbers" in first.stdout) == CPU
    table = first.stdout[first.stdout.index("autotriton speedups"):].splitlines()
    assert table[1].split()[:3] == ["model", "device", "eager"] and table[2].split()[0] == "mlp"

    data = json.loads(results.read_text())
    entries = {b["extra_info"]["backend"]: b for b in data["benchmarks"]}
    assert set(entries) == {"eager", "inductor", "autotriton"}
    assert {b["group"] for b in data["benchmarks"]} == {"mlp"}
    auto = entries["autotriton"]
    expected = entries["inductor"]["stats"]["median"] / auto["stats"]["median"]
    assert abs(auto["extra_info"]["speedup_vs_inductor"] - expected) < 0.05 * expected  # recorded = measured
    assert (auto["extra_info"]["device"] == "cpu") == CPU and auto["extra_info"]["max_abs_error_vs_eager"] < 5e-2

    second = pytest_run("--benchmark-compare", "--benchmark-storage", storage)
    assert second.returncode == 0, second.stdout[-3000:]
    assert "Comparing against benchmarks from" in second.stdout + second.stderr
    assert "test_model[mlp][autotriton]" in second.stdout

    png = tmp_path / "speedups.png"
    report = subprocess.run([sys.executable, "-m", "autotriton_backend.cli", "report", str(results), "--plot", str(png)],
                            capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert report.returncode == 0, report.stderr
    assert "mlp" in report.stdout and ("CPU numbers" in report.stdout) == CPU
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000


def test_report_refuses_a_file_without_autotriton_benchmarks(tmp_path):
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"benchmarks": [{"name": "x", "extra_info": {}, "stats": {"median": 1.0}}]}))
    out = subprocess.run([sys.executable, "-m", "autotriton_backend.cli", "report", str(other)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 2 and "holds no autotriton benchmarks" in out.stderr and "Traceback" not in out.stderr
