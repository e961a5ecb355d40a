"""Offline warmup as a user runs it: dump tasks, warm the cache, deploy in cache mode; a dead server falls back."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from autotriton_backend.verifier.monitors import counting_launches
from autotriton_backend.report import compile_report, reset_report
from autotriton_backend.task import KernelTask

ROOT = Path(__file__).parent.parent
FACTORY = f"{ROOT / 'examples' / 'quickstart.py'}:build"
LINEAR_KERNEL = (ROOT / "examples" / "kernels" / "linear.py").read_text()


def autotriton(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autotriton_backend.cli", *args], capture_output=True, text=True, timeout=600)


def build():
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import quickstart
    finally:
        sys.path.pop(0)
    return quickstart.build()


def compile_and_run(**options) -> tuple[torch.Tensor, torch.Tensor, int]:
    torch._dynamo.reset()
    reset_report()
    model, inputs = build()
    with torch.no_grad(), counting_launches() as counter:
        ours = torch.compile(model, backend="autotriton", options=options)(*inputs)
    return ours, model(*inputs), counter.launches


def test_tasks_then_warmup_then_cache_mode(tmp_path):
    out = autotriton("tasks", FACTORY, "--out", str(tmp_path / "tasks"))
    assert out.returncode == 0, out.stderr
    index = json.loads((tmp_path / "tasks" / "index.json").read_text())
    assert len(index) == 2
    for item in index:
        task = KernelTask.from_json(json.loads((tmp_path / "tasks" / f"{item['key']}.json").read_text()))
        assert task.key == item["key"] and "class Model" in (tmp_path / "tasks" / f"{item['key']}.py").read_text()

    kernels = tmp_path / "kernels"
    kernels.mkdir()
    for item in index:  # offer the bundled linear kernel everywhere; only the plain addmm region accepts it
        (kernels / f"{item['key']}.py").write_text(LINEAR_KERNEL)
    out = autotriton("warmup", FACTORY, "--engine", f"files:{kernels}", "--turns", "1", "--samples", "1")
    assert out.returncode == 0, out.stderr
    assert "warmup: 2 task(s): 1 searched-lost, 1 searched-won" in out.stdout
    assert "autotriton warmup" in out.stderr  # the progress bar

    again = autotriton("warmup", FACTORY, "--engine", f"files:{kernels}", "--turns", "1", "--samples", "1")
    assert "1 cache-hit, 1 negative-cached" in again.stdout  # resumable: the cache is the checkpoint

    ours, eager, launches = compile_and_run(mode="cache")
    assert launches >= 1 and "cache-hit" in [r.status for r in compile_report().records]
    torch.testing.assert_close(ours, eager, atol=1e-5, rtol=1e-5)


def test_unreachable_server_falls_back_and_the_compile_succeeds():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed once the block ends: nothing listens there
    ours, eager, launches = compile_and_run(engine=f"openai:http://127.0.0.1:{port}/v1#nobody", search_turns=1)
    torch.testing.assert_close(ours, eager)
    assert launches == 0
    records = compile_report().records
    assert records and {r.status for r in records} == {"searched-lost"}
    assert all("Connection" in r.detail for r in records), [r.detail for r in records]


@pytest.mark.parametrize("args, message", [
    (["warmup", FACTORY, "--engine", "hf:/nonexistent/model"], "no model directory at /nonexistent/model"),
    (["warmup", FACTORY, "--engine", "bogus"], "valid forms"),
    (["warmup", FACTORY], "warmup needs an engine"),
    (["warmup", "/nonexistent.py:build", "--engine", "files:/tmp"], "script not found"),
    (["tasks", f"{FACTORY[:-len(':build')]}:nope", "--out", "/tmp/unused"], "defines no function 'nope'"),
    (["tasks", FACTORY[:-len(":build")], "--out", "/tmp/unused"], "expected SCRIPT.py:FACTORY"),
])
def test_bad_warmup_input_gets_one_clear_line(args, message):
    out = autotriton(*args)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
