"""The parent's side: a warm pool of sandboxes behind one judge process per device.

`VerifierPool.submit` runs the static gate here (refused code never reaches a process), sends the rest to
the judge and returns a future of its verdict; `VerifierPool.baselines` asks the judge for a task's eager
and inductor timings alone (the compile they need happens in the judge, never in the asking process).
The parent trusts only what the judge writes on its own pipe. `verify`/`verify_many` use one shared pool
per device for the life of the process.
"""
from __future__ import annotations

import atexit
import os
import subprocess
import sys
import threading
from concurrent.futures import Future
from dataclasses import dataclass

import torch

from ..candidate import Candidate
from ..task import KernelTask, TaskError
from ..verdict import Check, Verdict, shortened
from .allowlist import gate
from .sandbox import PACKAGE_ROOT
from .timing import Baselines
from .transport import Channel, ProtocolError

JUDGE_START_TIMEOUT_S = 300.0
# Candidates one sandboxed process serves before a fresh one starts (runner.Host). A GPU's driver makes only
# about 5 CUDA contexts per second (H100, examples/verifier/context_cost_gpu.py), so there a context serves many;
# on a CPU a fresh process costs about 0.3 s (0.1 s reused, this repo's 2-core CI machine), so every candidate
# gets the simplest isolation there.
REUSE = {"cuda": 32, "cpu": 1}


@dataclass(frozen=True)
class VerifyOptions:
    device: str = "auto"  # "auto" picks cuda when available, else cpu (Triton interpreter)
    trials: int = 3  # input sets; at least A, B, A again
    timeout_s: float = 60.0  # per request at small sizes; grows with the task's bytes
    time_kernels: bool = True  # only ever on a GPU

    def resolved_device(self) -> str:
        if self.device == "auto":
            return "cuda" if torch.cuda.is_available() else "cpu"
        if self.device.startswith("cuda") and not torch.cuda.is_available():
            raise ValueError("device 'cuda' was asked for but no CUDA GPU is visible; use --device cpu")
        if self.device != "cpu" and not self.device.startswith("cuda"):
            raise ValueError(f"unknown device {self.device!r}: use 'cuda', 'cuda:N' or 'cpu'")
        return self.device


class VerifierPool:
    """One judge process for `device` with `workers` sandboxed slots, started once and reused; `reuse`: how many
    gated candidates one sandboxed process may judge in turn (default `REUSE` for the device)."""

    def __init__(self, device: str = "auto", workers: int | None = None, reuse: int | None = None) -> None:
        self.device = VerifyOptions(device=device).resolved_device()
        self.workers = workers or max(1, min(16, (os.cpu_count() or 2)))
        self.reuse = reuse or REUSE[self.device.partition(":")[0]]
        self._pending: dict[int, Future[Verdict]] = {}
        self._jobs: dict[int, tuple[KernelTask, Candidate | None, list[Check]]] = {}  # None: baseline-only
        self._lock = threading.Lock()
        self._heard = True  # False once the reader has ended: no job sent after that could ever be answered
        self._next_id = 0
        self.process = subprocess.Popen(
            [sys.executable, "-m", "autotriton_backend.verifier.judge", self.device, str(self.workers), str(self.reuse)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": _python_path()},
        )
        self._channel = Channel(self.process.stdout, self.process.stdin)  # type: ignore[arg-type]
        ready = self._channel.receive()
        self.layers: list[str] = ready.get("layers", [])
        self._reader = threading.Thread(target=self._read_verdicts, daemon=True)
        self._reader.start()

    def submit(self, task: KernelTask, candidate: Candidate, options: VerifyOptions = VerifyOptions(),
               static_gate: bool = True) -> Future:
        """A future of the verdict. `static_gate=False` only to test the layers behind the gate by attacking them."""
        future: Future[Verdict] = Future()
        try:
            checks = gate(candidate.source) if static_gate else []
        except Exception as error:  # a bug of the gate's: the verifier's failure (a reward skips it), not the candidate's
            future.set_result(_failed(task, candidate, self.device, f"the static gate failed: {error!r}"))
            return future
        if not all(c.passed for c in checks):
            verdict = Verdict(task_key=task.key, candidate_sha256=candidate.sha256, device=self.device, checks=checks)
            future.set_result(verdict.finish())  # rejected code never runs
            return future
        job = {"task": task.to_json(), "source": candidate.source, "sha256": candidate.sha256,
               "trials": max(3, options.trials), "time_kernels": options.time_kernels, "timeout_s": options.timeout_s,
               "gated": static_gate}
        return self._send(job, task, candidate, checks, future)

    def baselines(self, task: KernelTask) -> Future:
        """A future of the task's `Baselines` (eager and inductor ms), timed by the judge on its GPU and cached
        there per task; off the GPU they are None with a note saying timing is unavailable."""
        job = {"task": task.to_json(), "source": None, "sha256": "", "trials": 0, "time_kernels": True,
               "timeout_s": 0.0}
        return self._send(job, task, None, [], Future())

    def _send(self, job: dict, task: KernelTask, candidate: Candidate | None, checks: list[Check],
              future: Future) -> Future:
        with self._lock:
            if self._heard:
                ident, self._next_id = self._next_id, self._next_id + 1
                self._pending[ident] = future
                self._jobs[ident] = (task, candidate, checks)
                try:
                    self._channel.send({"id": ident, "job": job})
                    return future
                except OSError:  # the judge closed its end as it died
                    del self._pending[ident], self._jobs[ident]
        # The judge died (the next `shared_pool` starts another): the verifier's failure, as for the jobs it left
        # waiting. Raising ended a GRPO run, or an eval, at the batch's next submission (round attack57).
        future.set_result(_failed(task, candidate, self.device, "the judge process exited"))
        return future

    def verify(self, task: KernelTask, candidate: Candidate, options: VerifyOptions = VerifyOptions()) -> Verdict:
        return self.submit(task, candidate, options).result()

    def verify_many(self, task: KernelTask, candidates: list[Candidate],
                    options: VerifyOptions = VerifyOptions()) -> list[Verdict]:
        """Several candidates of one task, judged in parallel on this pool's slots."""
        futures = [self.submit(task, candidate, options) for candidate in candidates]
        return [future.result() for future in futures]

    @property
    def alive(self) -> bool:
        """Whether a job sent now can be answered: the judge runs and its verdicts are read."""
        return self._heard and self.process.poll() is None

    def _read_verdicts(self) -> None:
        """Resolve each future as its answer comes. However this ends (the judge died, a message broke the protocol,
        an answer could not be read), the pool stops taking jobs in the same locked step that fails those waiting:
        the judge could outlive its reader, and a job sent then waited for ever (round attack67)."""
        closed = False  # the judge closed its end: it is exiting (and cleaning up its sandboxes) on its own
        try:
            while True:
                try:
                    message = self._channel.receive()
                except EOFError:
                    closed = True
                    break
                except (ProtocolError, OSError):
                    break
                self._answer(message)
        finally:
            with self._lock:
                self._heard = False
                waiting = [(self._jobs[ident], future) for ident, future in self._pending.items()]
                self._pending.clear()
                self._jobs.clear()
            if not closed and self.process.poll() is None:  # alive but no longer heard: `shared_pool` starts another
                self.process.kill()
                self.process.wait()
            for (task, candidate, _), future in waiting:  # the verifier's failure, not the candidate's
                future.set_result(_failed(task, candidate, self.device, "the judge process exited or could no "
                                                                        "longer be heard"))

    def _answer(self, message: dict) -> None:
        with self._lock:
            future = self._pending.pop(message.get("id"), None)
            task, candidate, checks = self._jobs.pop(message.get("id"), (None, None, []))
        if future is None:
            return
        try:
            if "baselines" in message:
                data = message["baselines"]
                future.set_result(Baselines(_ms(data.get("eager_ms")), _ms(data.get("inductor_ms")),
                                            str(data.get("note", ""))))
            elif "verdict" in message:
                verdict = Verdict.from_json(message["verdict"])
                verdict.checks[:0] = checks  # the gate's passed checks come first
                future.set_result(verdict.finish())
            elif "task_error" in message:
                future.set_exception(TaskError(message["task_error"]))
            else:
                future.set_result(_failed(task, candidate, self.device, str(message.get("internal", message))))
        except Exception as exc:  # an answer this side could not read: the verifier's failure
            future.set_result(_failed(task, candidate, self.device, f"the judge's answer could not be read: {exc!r}"))

    def close(self) -> None:
        if self.process.poll() is None:
            self._channel.writer.close()  # the judge sees EOF and exits; the reader thread then sees EOF too
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reader.join(timeout=5)

    def __enter__(self) -> "VerifierPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _failed(task: KernelTask | None, candidate: Candidate | None, device: str, reason: str) -> Verdict | Baselines:
    """The verifier's own failure: an `internal` verdict, or for a baseline-only job no timings."""
    if task is not None and candidate is None:
        return Baselines(None, None, f"the verifier failed: {reason[:2000]}")
    verdict = Verdict(task_key=task.key if task else "", candidate_sha256=candidate.sha256 if candidate else "",
                      device=device, checks=[Check("internal", False, shortened(reason))])
    return verdict.finish()


def _ms(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _python_path() -> str:
    existing = os.environ.get("PYTHONPATH")
    return str(PACKAGE_ROOT) + (os.pathsep + existing if existing else "")


_SHARED: dict[str, VerifierPool] = {}
_SHARED_LOCK = threading.Lock()


def shared_pool(device: str, workers: int | None = None) -> VerifierPool:
    """The process-wide pool for a device, started on first use and closed at exit."""
    with _SHARED_LOCK:
        pool = _SHARED.get(device)
        if pool is None or not pool.alive:
            pool = _SHARED[device] = VerifierPool(device, workers)
        return pool


@atexit.register
def close_shared_pools() -> None:
    """Stop every shared judge now (at exit, or before measuring something its processes could disturb)."""
    with _SHARED_LOCK:
        pools = list(_SHARED.values())
        _SHARED.clear()
    close_pools(pools)


def close_pools(pools: list[VerifierPool]) -> None:
    """Close several pools together: each may wait for its judge."""
    closing = [threading.Thread(target=pool.close) for pool in pools]
    for thread in closing:
        thread.start()
    for thread in closing:
        thread.join()


def verify(task: KernelTask, candidate: Candidate, options: VerifyOptions = VerifyOptions()) -> Verdict:
    """Judge one candidate. Raises TaskError only when the task itself is broken."""
    return shared_pool(options.resolved_device()).verify(task, candidate, options)


def verify_many(task: KernelTask, candidates: list[Candidate], options: VerifyOptions = VerifyOptions(),
                workers: int | None = None) -> list[Verdict]:
    """Judge several candidates in parallel on the shared pool (`workers` sizes it when it starts)."""
    return shared_pool(options.resolved_device(), workers).verify_many(task, candidates, options)
