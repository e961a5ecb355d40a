"""TORCH_LOGS="+autotriton" shows regions, cache decisions, searches and verdict reasons through torch's logging."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent

SCRIPT = textwrap.dedent("""
    import sys, torch
    from autotriton_backend.collect import collect_tasks
    torch.manual_seed(0)
    model, x = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU()), torch.randn(2, 8)
    answers = sys.argv[1]
    import os
    for item in collect_tasks(model, [x]).tasks:
        os.makedirs(os.path.join(answers, item.task.key))  # a directory without turn files: the "model" answers nothing
    torch._dynamo.reset()
    options = {"engine": "files:" + answers, "search_turns": 1, "search_samples": 1}
    with torch.no_grad():
        torch.compile(model, backend="autotriton", options=options)(x)
""")


def run(tmp_path: Path, torch_logs: str | None) -> subprocess.CompletedProcess:
    """Run SCRIPT with the `torch.backends` entry point the package declares visible on the path."""
    entry_point = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["torch.backends"]
    dist = tmp_path / "site" / "autotriton_logs_probe-0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: autotriton-logs-probe\nVersion: 0\n")
    (dist / "entry_points.txt").write_text("[torch.backends]\n" + "".join(f"{k} = {v}\n" for k, v in entry_point.items()))
    env = {k: v for k, v in os.environ.items() if k != "TORCH_LOGS"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(tmp_path / "site")])
    env["TRITON_INTERPRET"] = "1"  # the model runs on CPU tensors, GPU or not
    if torch_logs is not None:
        env["TORCH_LOGS"] = torch_logs
    answers = tmp_path / f"answers-{torch_logs}"
    return subprocess.run([sys.executable, "-c", SCRIPT, str(answers)], capture_output=True, text=True,
                          timeout=600, env=env, cwd=ROOT)


def test_torch_logs_autotriton_shows_what_the_backend_decided(tmp_path):
    out = run(tmp_path, "+autotriton")
    assert out.returncode == 0, out.stderr[-3000:]
    log = out.stderr
    assert "graph 1: 1 region(s): addmm+relu" in log
    assert "cache lookup for task" in log and ": miss" in log
    assert "searching task" in log and "with files" in log
    assert "failed syntax" in log or "failed structure" in log  # the verdict's reason for the empty answer
    assert "region addmm+relu (task" in log and "no-kernel" in log


def test_without_torch_logs_only_the_progress_line_shows(tmp_path):
    out = run(tmp_path, None)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "searching a kernel for region 1/1 of graph 1 (addmm+relu, fine)" in out.stderr
    assert "cache lookup" not in out.stderr and "searching task" not in out.stderr
