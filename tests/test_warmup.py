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
from cache.store import KernelCache

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
    assert "graph 1: 7/7 compute ops in coarse regions, 7/7 in fine ones (one region: the whole graph)" in out.stdout
    written = json.loads((tmp_path / "tasks" / "index.json").read_text())
    index = written["tasks"]
    assert [item["level"] for item in index] == ["coarse", "fine", "fine"]  # the MLP, then its two linear layers
    assert index[1]["parents"] == index[2]["parents"] == [index[0]["key"]]
    assert written["coverage"] == [{"compute_ops": 7, "coarse_ops": 7, "fine_ops": 7, "whole": True}]
    for item in index:
        task = KernelTask.from_json(json.loads((tmp_path / "tasks" / f"{item['key']}.json").read_text()))
        assert task.key == item["key"] and "class Model" in (tmp_path / "tasks" / f"{item['key']}.py").read_text()

    kernels = tmp_path / "kernels"
    kernels.mkdir()
    for item in index:  # offer the bundled linear kernel everywhere; only the plain addmm region accepts it
        (kernels / f"{item['key']}.py").write_text(LINEAR_KERNEL)
    out = autotriton("warmup", FACTORY, "--engine", f"files:{kernels}", "--turns", "1", "--samples", "1")
    assert out.returncode == 0, out.stderr
    assert "warmup: 3 task(s): 1 new-kernel, 2 no-kernel" in out.stdout  # coarse lost, then one fine won
    assert "autotriton warmup" in out.stderr  # the progress bar

    again = autotriton("warmup", FACTORY, "--engine", f"files:{kernels}", "--turns", "1", "--samples", "1")
    assert "1 cache-hit, 2 tried-before" in again.stdout  # resumable: the cache is the checkpoint

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
    assert records and {r.status for r in records} == {"engine-error"}
    assert all("Connection" in r.detail for r in records), [r.detail for r in records]
    assert KernelCache().entries() == []  # an unreachable server is no verdict on the regions


@pytest.mark.parametrize("args, message", [
    (["warmup", FACTORY, "--engine", "hf:/nonexistent/model"], "no model directory at /nonexistent/model"),
    (["warmup", FACTORY, "--engine", "bogus"], "valid forms"),
    (["warmup", FACTORY, "--engine", "none"], "warmup needs an engine: engine='none' turns search off"),
    (["warmup", "/nonexistent.py:build", "--engine", "files:/tmp"], "script not found"),
    (["tasks", f"{FACTORY[:-len(':build')]}:nope", "--out", "/tmp/unused"], "defines no function 'nope'"),
    (["tasks", FACTORY[:-len(":build")], "--out", "/tmp/unused"], "expected SCRIPT.py:FACTORY"),
])
def test_bad_warmup_input_gets_one_clear_line(args, message):
    out = autotriton(*args)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
