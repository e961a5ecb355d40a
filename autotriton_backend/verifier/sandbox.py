"""One sandboxed candidate process slot, as the judge sees it: start, request with a deadline, restart.

The slot's process is `contain` wrapping `runner`; its scratch directory, a tmpfs the judge sizes, is the only
place it can write. A request that outlives its deadline kills the whole sandbox (and everything inside it, by
the PID namespace); the next request starts a fresh one.
"""
from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import site
import socket
import stat
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from . import contain
from .contain import SCRATCH, ContainConfig, Limits, resize_tmpfs, sandbox_uid
from .transport import Channel, ProtocolError

PACKAGE = Path(__file__).resolve().parents[1]  # autotriton_backend/, all the sandbox imports of ours
PACKAGE_ROOT = PACKAGE.parent
SYSTEM_PATHS = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/sys", "/usr/local/cuda", "/usr/local/nvidia")
PASSED_ENV = ("LANG", "LC_ALL", "LD_LIBRARY_PATH", "CUDA_HOME", "TRITON_LIBCUDA_PATH", "TRITON_PTXAS_PATH")
START_TIMEOUT_S = 120.0


class SandboxFailure(Exception):
    """The sandbox did not answer: `kind` is "timeout" or "crash"."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind, self.reason = kind, reason


class Sandbox:
    def __init__(self, base: Path, slot: int, device: str, inputs: Path, reuse: int = 1) -> None:
        self.device = device
        self.inputs = inputs
        self.reuse = reuse  # candidates one host process may serve (runner.Host)
        self.dir = base / f"slot{slot}"
        self.uid = sandbox_uid(os.getpid(), slot)
        self.scratch_bytes = Limits.scratch_bytes
        self._scratch_fd: int | None = None  # the live (or last) sandbox's scratch tmpfs, sent by `contain`
        self.process: subprocess.Popen | None = None
        self.channel: Channel | None = None
        self.layers: list[str] = []

    @property
    def scratch(self) -> Path:
        """The sandbox's /scratch as the judge reaches it: through the tmpfs's fd (it is mounted only inside)."""
        if self._scratch_fd is None:
            raise SandboxFailure("crash", "the sandbox has no scratch directory: it did not start")
        return Path(f"/proc/self/fd/{self._scratch_fd}")

    @property
    def job_dir(self) -> Path:
        return self.scratch / "job"

    def size_scratch(self, nbytes: int) -> None:
        """Let the scratch tmpfs hold `nbytes` (a task's outputs and more), resizing the live one in place. One that
        cannot be resized (it holds more than that already, or the kernel lacks fspick) is stopped: the next
        request starts a fresh sandbox at the new size."""
        if nbytes == self.scratch_bytes:
            return
        self.scratch_bytes = nbytes
        if self.process is not None and self._scratch_fd is not None:
            try:
                resize_tmpfs(self._scratch_fd, nbytes)
            except OSError:
                self.stop()

    def start(self) -> None:
        self._close_scratch()
        shutil.rmtree(self.dir, ignore_errors=True)
        (self.dir / "root").mkdir(parents=True)
        judge_end, contain_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        config = ContainConfig(inputs=str(self.inputs), readable=readable_paths(), uid=self.uid,
                               devices=gpu_device_nodes() if self.device.startswith("cuda") else [],
                               limits=Limits(memory_bytes=None if self.device.startswith("cuda") else 16 << 30,
                                             scratch_bytes=self.scratch_bytes),
                               status_fd=contain_end.fileno(), root=str(self.dir / "root"))
        inner = ["cuda:0", str(self.reuse), str(cuda_arch(self.device))] if self.device.startswith("cuda") \
            else ["cpu", str(self.reuse)]
        start_log = open(self.dir / "start.log", "wb")  # what containment and start-up say, before the log moves
        self.process = subprocess.Popen(
            [sys.executable, contain.__file__, config.to_arg(), "--",
             sys.executable, "-m", "autotriton_backend.verifier.runner", *inner],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=start_log, pass_fds=(contain_end.fileno(),),
            env=sandbox_env(self.device), cwd="/", start_new_session=True)
        contain_end.close()
        start_log.close()
        with judge_end:
            line, fds, _, _ = socket.recv_fds(judge_end, 4096, 1)
        self.layers = json.loads(line)["layers"] if line else []
        self._scratch_fd = fds[0] if fds else None
        self.channel = Channel(self.process.stdout, self.process.stdin)  # type: ignore[arg-type]
        try:
            ready = self._receive(START_TIMEOUT_S)
        except SandboxFailure as failure:
            said = (self.dir / "start.log").read_bytes()[-2000:].decode(errors="replace")
            raise SandboxFailure(failure.kind, f"the sandbox did not start: {said}") from None
        if not ready.get("ready"):
            raise SandboxFailure("crash", f"the sandbox did not start: {ready}")

    def request(self, message: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        """Send one request and wait for its reply; on a timeout or a dead sandbox, kill it and raise."""
        if self.process is None or self.process.poll() is not None:
            self.start()
        assert self.channel is not None
        try:
            self.channel.send(message)
        except OSError as exc:
            self.stop()
            raise SandboxFailure("crash", f"the sandbox closed its input: {exc}") from None
        return self._receive(timeout_s)

    def _receive(self, timeout_s: float) -> dict[str, Any]:
        assert self.channel is not None
        expired = threading.Event()

        def expire() -> None:
            expired.set()
            self.stop()

        timer = threading.Timer(timeout_s, expire)
        timer.start()
        try:
            return self.channel.receive()
        except (EOFError, OSError, ProtocolError) as exc:
            self.stop()
            if expired.is_set():
                raise SandboxFailure("timeout", f"no answer within {timeout_s:.0f} s; the sandbox was killed") from None
            raise SandboxFailure("crash", f"the sandbox died ({exc}); last log lines:\n{self.log_tail()}") from None
        finally:
            timer.cancel()

    def log_tail(self, limit: int = 2000) -> str:
        """The end of what the sandbox printed, read without following links and never more than `limit`."""
        if self._scratch_fd is None:
            return ""
        try:  # the candidate can swap the log for a FIFO, whose open would wait for a writer for good
            fd = os.open(self.scratch / "log", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return ""
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return "(the log is not a regular file)"
            handle.seek(max(0, os.fstat(fd).st_size - limit))
            return handle.read(limit).decode(errors="replace")

    def close(self) -> None:
        """Stop for good: the scratch tmpfs lives until its fd is closed."""
        self.stop()
        self._close_scratch()

    def _close_scratch(self) -> None:
        fd, self._scratch_fd = self._scratch_fd, None
        if fd is not None:
            os.close(fd)

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
            for stream in (process.stdin, process.stdout):
                try:
                    stream.close()  # type: ignore[union-attr]
                except OSError:
                    pass


def cuda_arch(device: str) -> int:
    """The GPU's compute capability as Triton names it (90 for an H100): the zygote compiles for it."""
    import torch

    major, minor = torch.cuda.get_device_capability(device)
    return major * 10 + minor


def sandbox_env(device: str) -> dict[str, str]:
    env = {k: os.environ[k] for k in PASSED_ENV if k in os.environ}
    env.update(PATH="/usr/local/bin:/usr/bin:/bin", HOME=SCRATCH, USER="autotriton", LOGNAME="autotriton", TMPDIR="/tmp", PYTHONPATH=str(PACKAGE_ROOT),
               PYTHONDONTWRITEBYTECODE="1", PYTHONNOUSERSITE="1", TORCHINDUCTOR_COMPILE_THREADS="1",
               TORCH_DEVICE_BACKEND_AUTOLOAD="0",
               PYTORCH_NVML_BASED_CUDA_CHECK="1")  # is_available() without cuInit: the zygote must stay forkable  # no installed package's torch.backends hook runs in here
    if device.startswith("cuda"):
        index = int(device.partition(":")[2] or 0)
        visible = os.environ.get("CUDA_VISIBLE_DEVICES")
        env["CUDA_VISIBLE_DEVICES"] = visible.split(",")[index] if visible else str(index)
    else:
        env.update(TRITON_INTERPRET="1", OMP_NUM_THREADS="1")
    return env


def readable_paths() -> list[str]:
    """What the candidate may read: the system's programs and libraries, Python and its packages, this package.

    Never the user's home, working directory, temp files, kernel cache or keys: only sys.path entries
    that hold packages, not the current directory.
    """
    prefixes = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    python = {*prefixes, *site.getsitepackages(), str(PACKAGE)}
    python |= {p for p in sys.path if Path(p).name in ("site-packages", "dist-packages")
               or any(os.path.realpath(p).startswith(prefix + "/") for prefix in prefixes)}
    for var in ("CUDA_HOME", "LD_LIBRARY_PATH"):
        python |= {p for p in os.environ.get(var, "").split(":") if p}
    paths = {os.path.realpath(p) for p in python if os.path.exists(p)}
    paths |= {p for p in SYSTEM_PATHS if os.path.lexists(p)}
    hidden = {os.path.realpath(os.path.expanduser("~")), os.path.realpath(tempfile.gettempdir()), "/", "/dev/shm"}
    paths = {p for p in paths if p not in hidden}
    # Nested paths are already visible through their parent's bind.
    return sorted(p for p in paths if not any(p != q and p.startswith(q.rstrip("/") + "/") for q in paths))


def gpu_device_nodes() -> list[str]:
    return sorted(glob.glob("/dev/nvidia*"))
