"""Ordinary mistakes and broken states get one clear line (exit 2) and a way out, never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import torch

from autotriton_backend import __version__
from autotriton_backend.report import compile_report, reset_report
from autotriton_backend.task import KernelTask
from cache.environment import environment_key
from cache.store import KernelCache

ROOT = Path(__file__).parent.parent
FACTORY = f"{ROOT / 'examples' / 'quickstart.py'}:build"
TASK = KernelTask.from_file(Path(__file__).parent / "catalogue" / "task_add_relu.py")


def autotriton(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autotriton_backend.cli", *args], capture_output=True, text=True,
                          timeout=600, **kwargs)


def assert_one_line_error(out: subprocess.CompletedProcess, message: str) -> None:
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert message in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_version():
    out = autotriton("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"autotriton {__version__}"


@pytest.fixture
def blocker(tmp_path) -> Path:
    """A regular file where a directory is expected: unwritable even for root."""
    path = tmp_path / "a-file"
    path.write_text("")
    return path


def test_unwritable_tasks_out(blocker):
    assert_one_line_error(autotriton("tasks", FACTORY, "--out", str(blocker / "tasks")), "Not a directory")


def test_unusable_warmup_cache_dir(blocker, tmp_path):
    out = autotriton("warmup", FACTORY, "--engine", f"files:{tmp_path}", "--cache-dir", str(blocker))
    assert_one_line_error(out, str(blocker))


def test_unwritable_export_path(blocker):
    assert_one_line_error(autotriton("cache", "export", str(blocker / "out.json")), "Not a directory")


@pytest.mark.parametrize("script, message", [
    ("import torch\ndef build():\n    return torch.nn.Linear(4, 4)\n", "must return (model, example_inputs)"),
    ("def build(:\n    pass\n", "syntax error"),
])
def test_factory_mistakes(tmp_path, script, message):
    path = tmp_path / "user_model.py"
    path.write_text(script)
    assert_one_line_error(autotriton("tasks", f"{path}:build", "--out", str(tmp_path / "tasks")), message)


def test_closed_pipe_is_quiet():
    KernelCache().put_negative(TASK.key, environment_key("cpu"), {"turns": 1, "samples": 1}, TASK)
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first byte: every write hits a broken pipe
    out = subprocess.run([sys.executable, "-m", "autotriton_backend.cli", "cache", "show", TASK.key[:8]],
                         stdout=write, stderr=subprocess.PIPE, text=True, timeout=300)
    os.close(write)
    assert out.returncode == 0 and out.stderr == ""
    shell = subprocess.run(f"{sys.executable} -m autotriton_backend.cli cache show {TASK.key[:8]} | head -1",
                           shell=True, capture_output=True, text=True, timeout=300)
    assert shell.stdout.startswith("key") and shell.stderr == ""


def test_corrupted_cache_is_reported_with_the_way_out_and_clear_recovers_it():
    cache = KernelCache()
    cache.put_negative(TASK.key, environment_key("cpu"), {"turns": 1, "samples": 1}, TASK)
    cache.close()
    (cache.directory / "cache.db").write_bytes(b"this is not a database " * 200)

    out = autotriton("cache", "ls")
    assert_one_line_error(out, "is corrupted")
    assert "autotriton cache --dir" in out.stderr and "clear --yes" in out.stderr

    torch._dynamo.reset()
    reset_report()
    model, x = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU()), torch.randn(2, 8)
    with warnings.catch_warnings(record=True) as caught, torch.no_grad():
        warnings.simplefilter("always")
        y = torch.compile(model, backend="autotriton", options={"mode": "cache"})(x)
    torch.testing.assert_close(y, model(x))
    assert any("is corrupted" in str(w.message) and "clear --yes" in str(w.message) for w in caught)
    assert "is corrupted" in compile_report().table()

    assert autotriton("cache", "clear").returncode == 2  # no --yes, no terminal: nothing deleted
    cleared = autotriton("cache", "clear", "--yes")
    assert cleared.returncode == 0 and "was corrupted" in cleared.stdout, cleared.stderr
    again = autotriton("cache", "ls")
    assert again.returncode == 0 and "cache is empty" in again.stdout
