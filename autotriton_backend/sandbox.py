"""Run the verifier worker in a fresh subprocess: own process group, time limit, clean env.

One process per candidate keeps every judgement in a clean CUDA context: a kernel that
faults or hangs takes only its own process down, and the group is killed on timeout.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
ENV_ALLOWLIST = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "CUDA_VISIBLE_DEVICES", "CUDA_HOME", "LD_LIBRARY_PATH",
                 "TRITON_CACHE_DIR", "TRITON_HOME", "TORCHINDUCTOR_CACHE_DIR", "NVIDIA_VISIBLE_DEVICES")
EXIT_TASK_ERROR = 3


@dataclass
class WorkerResult:
    """What came back: a verdict dict, or why none did."""

    verdict: dict[str, Any] | None
    failure: str = ""  # "timeout", "crash" or "task" when verdict is None
    detail: str = ""


def worker_env(device: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k in ENV_ALLOWLIST}
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["TORCHINDUCTOR_COMPILE_THREADS"] = "1"  # no compile subprocess pool inside the sandbox
    if device == "cpu":
        env["TRITON_INTERPRET"] = "1"
    return env


def run_job(job: dict[str, Any], device: str, timeout_s: float) -> WorkerResult:
    with tempfile.TemporaryDirectory(prefix="autotriton-verify-") as tmp:
        workdir = Path(tmp)
        (workdir / "job.json").write_text(json.dumps(job))
        log = open(workdir / "worker.log", "w+")
        proc = subprocess.Popen(
            [sys.executable, "-m", "autotriton_backend.worker", "job.json", "result.json"],
            cwd=workdir, env=worker_env(device), stdin=subprocess.DEVNULL, stdout=log, stderr=log,
            start_new_session=True,
        )
        try:
            proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            return WorkerResult(None, "timeout", f"no verdict within {timeout_s:g} s; the process group was killed")
        finally:
            _kill_group(proc)  # nothing the candidate started outlives its judgement
            log.seek(0)
            tail = log.read()[-3000:]
            log.close()
        result = workdir / "result.json"
        if result.exists():
            return WorkerResult(json.loads(result.read_text()))
        if proc.returncode == EXIT_TASK_ERROR:
            return WorkerResult(None, "task", tail.strip().splitlines()[-1] if tail.strip() else "task error")
        how = f"signal {-proc.returncode}" if proc.returncode < 0 else f"exit code {proc.returncode}"
        return WorkerResult(None, "crash", f"the worker died ({how}) before a verdict. Last output:\n{tail}")


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()
