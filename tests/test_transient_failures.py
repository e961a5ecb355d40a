"""Engine failures are no verdict on a region: reported as what they were, never cached, raised under strict."""
from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
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


CATALOGUE = Path(__file__).parent / "catalogue"
SPIN = "while True:\n    pass\n"  # a module that never finishes loading
# about 0.3 s of CPU, then a load failure (no ModelNew)
WORK = "total = 0\nfor i in range(4_000_000):\n    total += i\n"


def _load(source: str) -> dict:
    """A sandbox's `load` request for `source` (no weights, one output)."""
    return {"op": "load", "dir": "none", "source": source, "init_inputs": [], "parameters": [], "buffers": [],
            "outputs": 1, "max_elements": 64, "table_bits": 0}


def _throttle(box, quota_us: int) -> None:
    """Give the slot's processes `quota_us` of CPU per second (-1: no quota), as a loaded machine or a container's
    CPU limit would."""
    (box.cgroup.cpu / "cpu.cfs_period_us").write_text("1000000")
    (box.cgroup.cpu / "cpu.cfs_quota_us").write_text(str(quota_us))


def test_a_sandbox_starved_of_cpu_is_given_more_time_and_then_never_blamed(tmp_path):
    """Round attack67: a request's deadline was wall-clock time, so a sandbox the machine starved (here a CPU quota of
    1 ms a second on its slot, for 5 s) was judged `timeout` at 2 s whatever it ran. It now runs until it has had its
    deadline of CPU: honest work finishes once the load passes, a sandbox starved throughout is the verifier's failure
    (`internal`), and a loop that spins on a free CPU is still a `timeout` after its deadline."""
    from autotriton_backend.verifier.sandbox import STRETCH, Sandbox, SandboxFailure

    box = Sandbox(tmp_path, 0, "cpu")
    if box.cgroup is None or box.cgroup.cpu is None:
        box.close()
        pytest.skip("no cpu cgroup for the slot on this host")
    try:
        box.start()
        _throttle(box, 1000)
        release = threading.Timer(5.0, _throttle, (box, -1))
        release.start()
        reply = box.request(_load(WORK), 2.0)  # before: SandboxFailure("timeout") at 2 s
        release.join()
        assert reply.get("check") == "load", reply  # it ran to its end: ModelNew is missing, nothing timed out

        box.start()
        _throttle(box, 50_000)  # 5% of a CPU: starved (under HAD_SHARE over every deadline), and killed in moments
        # (at 0.1% the kill's own exit work waited on the quota for up to 20 s)
        started = time.monotonic()
        with pytest.raises(SandboxFailure) as starved:
            box.request(_load(SPIN), 1.0)
        assert starved.value.kind == "internal" and "overloaded" in starved.value.reason  # before: "timeout"
        assert time.monotonic() - started < STRETCH * 1.0 + 15  # the stretch is bounded
        _throttle(box, -1)

        box.start()
        started = time.monotonic()
        with pytest.raises(SandboxFailure) as spun:
            box.request(_load(SPIN), 2.0)
        assert spun.value.kind == "timeout"
        assert time.monotonic() - started < STRETCH * 2.0 + 5  # one deadline on a free CPU, fewer than STRETCH busy
    finally:
        box.close()


def test_a_broken_task_s_long_error_reaches_the_caller_and_the_pool_still_answers():
    """Round attack67: a task whose reference raised with a 2 MB message gave a `task_error` answer past the
    channel's MAX_LINE; the parent's reader ended on it while the judge lived on, and every job sent afterwards
    waited for ever (an eval suite with one such file hung). The judge shortens its answers, and a reader that
    ends for any reason fails what waits and takes no more jobs."""
    from autotriton_backend.candidate import Candidate
    from autotriton_backend.task import TaskError
    from autotriton_backend.verifier.pool import VerifierPool, VerifyOptions

    broken = KernelTask.from_source((CATALOGUE / "task_add_relu.py").read_text().replace(
        "class Model(torch.nn.Module):", "class Model(torch.nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        raise ValueError('x' * 2_000_000)\n"), "broken")
    honest = Candidate((CATALOGUE / "honest_single_kernel.py").read_text())
    options = VerifyOptions(device="cpu", timeout_s=20)
    with VerifierPool("cpu", workers=1) as pool:
        with pytest.raises(TaskError, match="could not be built"):  # before: an `internal` verdict
            pool.submit(broken, honest, options).result(timeout=120)
        verdict = pool.submit(TASK, honest, options).result(timeout=120)  # before: no answer, ever
        assert verdict.correct, verdict.feedback
        assert pool.alive
