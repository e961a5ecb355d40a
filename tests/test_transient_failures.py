"""Engine failures are no verdict on a region: reported as what they were, never cached, raised under strict."""
from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from agent.engines import OpenAIEngine
from agent.loop import Budget
from agent.searcher import AgentSearcher
from autotriton_backend.options import BackendOptions
from autotriton_backend.resolve import resolve
from autotriton_backend.searching import EngineUnavailable
from autotriton_backend.task import KernelTask
from cache.store import KernelCache

ROOT = Path(__file__).parent.parent
FACTORY = f"{ROOT / 'examples' / 'quickstart.py'}:build"
LINEAR_KERNEL = (ROOT / "examples" / "kernels" / "linear.py").read_text()
TASK = KernelTask.from_file(Path(__file__).parent / "catalogue" / "task_add_relu.py")


def warmup(engine: str) -> subprocess.CompletedProcess:
    command = ["warmup", FACTORY, "--engine", engine, "--turns", "1", "--samples", "1"]
    return subprocess.run([sys.executable, "-m", "autotriton_backend.cli", *command],
                          capture_output=True, text=True, timeout=600)


def test_missing_file_is_an_engine_error_and_a_later_warmup_still_searches(tmp_path):
    kernels = tmp_path / "kernels"
    kernels.mkdir()
    out = warmup(f"files:{kernels}")
    assert out.returncode == 1, out.stderr
    assert "warmup: 3 task(s): 3 engine-error" in out.stdout  # the coarse task and its two fine parts
    assert "files engine: no " in out.stdout and "could not be searched" in out.stderr
    assert KernelCache().entries() == []  # nothing poisoned

    for line in out.stdout.splitlines():  # the keys the failed warmup reported; give each region the kernel
        if line.startswith("  why "):
            key = line.split("files engine: no ")[1].split(".py")[0]
            (kernels / f"{key}.py").write_text(LINEAR_KERNEL)
    again = warmup(f"files:{kernels}")
    assert again.returncode == 0, again.stderr
    assert "warmup: 3 task(s): 1 new-kernel, 2 no-kernel" in again.stdout


@pytest.fixture
def silent_server():
    """A local server that accepts connections and never answers: every request times out."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}/v1"
    stop.set()
    thread.join(timeout=5)
    for connection in held:
        connection.close()
    server.close()


def test_engine_timeout_is_reported_as_such_never_cached_and_strict_raises(silent_server, tmp_path):
    engine = OpenAIEngine(silent_server, "nobody", timeout_s=1.0, max_retries=0)
    searcher = AgentSearcher(engine, Budget(samples=1, turns=1), 60.0, tmp_path / "conversations")
    options = BackendOptions.resolve({"engine": f"openai:{silent_server}#nobody"}, {})
    cache = KernelCache()
    resolution = resolve(TASK, "cpu", cache, options, lambda: searcher)
    assert resolution.status == "engine-error"
    assert "engine openai" in resolution.detail and "APITimeoutError" in resolution.detail
    assert cache.entries() == []
    strict = BackendOptions.resolve({"engine": f"openai:{silent_server}#nobody", "strict": True}, {})
    with pytest.raises(EngineUnavailable, match="timed out"):
        resolve(TASK, "cpu", cache, strict, lambda: searcher)
    assert cache.entries() == []
