"""One sandboxed candidate process slot, as the judge sees it: start, request with a deadline, restart.

The slot's process is `contain` wrapping `runner`; its scratch directory, a tmpfs the judge sizes, is the only
place it can write, and its memory cgroup, which the judge sizes with it (`SlotSize`), caps the host memory of all
its processes together. A request that outlives its deadline kills the whole sandbox (and everything inside it, by
the PID namespace), and so does one during which the kernel killed a process of the slot for its memory; the next
request starts a fresh one.
"""
from __future__ import annotations

import errno
import glob
import json
import os
import random
import shutil
import signal
import site
import socket
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from . import contain
from .cgroup import Hierarchy, SlotCgroup
from .contain import SCRATCH, ContainConfig, Limits, resize_tmpfs, sandbox_uid
from .transport import CHUNK_BYTES, THREADS, Channel, ProtocolError

PACKAGE = Path(__file__).resolve().parents[1]  # autotriton_backend/, all the sandbox imports of ours
PACKAGE_ROOT = PACKAGE.parent
SYSTEM_PATHS = ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/sys", "/usr/local/cuda", "/usr/local/nvidia")
PASSED_ENV = ("LANG", "LC_ALL", "LD_LIBRARY_PATH", "CUDA_HOME", "TRITON_LIBCUDA_PATH", "TRITON_PTXAS_PATH")
START_TIMEOUT_S = 120.0
SCRATCH_BASE_BYTES = 1 << 30  # a candidate's source, Triton's cache and its log, besides the tensors it writes back
# Host memory of the sandbox's processes besides the task's tensors: the zygote and the candidate's process with
# torch and Triton imported (on a CPU its interpreter), on a GPU with a CUDA context and Triton's compiler. On this
# repo's CPU machine a slot peaked at 0.28 GB for every honest catalogue and KernelBench-CPU kernel, and at 1.7 GB
# for an add_relu of two 128 MB inputs (1.3 GB of tensors over its input sets); the GPU figure is a guess until
# examples/verifier/bench_gpu.py's `slot_memory` measures it.
PROCESS_BASE_BYTES = {"cpu": 1 << 30, "cuda": 4 << 30}
HOST_COPIES = 4  # on a CPU the tensors live in host memory: inputs kept per set, outputs, the interpreter's copies
PINNED_BYTES = 2 * THREADS * CHUNK_BYTES  # on a GPU, transport's pinned pieces (torch's host cache keeps them)


# A dead sandbox's reason never shows what its process printed: the candidate chooses it, and torch's warnings at the
# lines it chose to run, then a fill past the memory cap, spelled a secret input's bits in the feedback
# (tests/attacks/round41_warning_lines_before_oom.py). Nor does the judge's stderr, which is the user's terminal.
OUTPUT_NOT_SHOWN = " (what its process printed is not shown: a candidate chooses it)"


@dataclass(frozen=True)
class SlotSize:
    """What a slot may hold for a task: its scratch tmpfs, and the memory cgroup's cap on all its processes, which
    counts the scratch pages they write too. The one rule for both is `for_task`."""

    scratch_bytes: int
    memory_bytes: int

    @staticmethod
    def for_task(device: str, tensor_bytes: int, weight_bytes: int) -> "SlotSize":
        """`tensor_bytes`: every input set's inputs and outputs (the most one honest reply can write back is within
        it, and scratch holds twice that); `weight_bytes`: the reference's parameters and buffers."""
        scratch = SCRATCH_BASE_BYTES + 2 * tensor_bytes
        on_gpu = device.startswith("cuda")
        process = PROCESS_BASE_BYTES["cuda" if on_gpu else "cpu"] + (
            PINNED_BYTES if on_gpu else HOST_COPIES * (tensor_bytes + weight_bytes))
        return SlotSize(scratch, scratch + process)


# A request's deadline counts the CPU time its sandbox was given. Under load (other slots, other jobs on the machine,
# a CPU quota) an honest kernel ran past a wall-clock deadline and was judged `timeout`: GRPO paid it 0.5 or less,
# eval's --rows kept it for good, a search could store a negative entry (round attack67). At each deadline a
# sandbox that has had HAD_SHARE of it on the CPU since the request began, or that was ready to run (a thread in state
# R) at fewer than READY_SHARE of the window's looks, has timed out, as before; one ready to run that has had less was
# starved, and waits another deadline, up to STRETCH in all; then the verdict is the verifier's (`internal`), never the
# candidate's. Half: a spinning loop beside the test suite's other processes on two cores had 0.84 of a CPU, and at
# 0.9 it was judged only at a later deadline; a deadline is generous for an honest kernel, so one given half of it on
# the CPU was given what it meant. A spinning loop costs one deadline unless the machine starves it (a CPU quota,
# several times more work than cores), and then at most STRETCH.
HAD_SHARE = 0.5
STRETCH = 4
# "Ready to run" was read once, at the deadline, a moment the candidate can tell (the request's start plus a multiple
# of timeout_s + 20 s a GB): one that slept and spun only around those moments used no CPU, was ready at every look,
# and earned `internal` (tests/attacks_sandbox/round72_spins_at_deadlines_claim_starved.py). The looks are now many,
# at gaps drawn from the OS's random source (about LOOK_EVERY_S apart, a few reads of /proc a second), and the
# deadline's moment is none of them. A process of the slot ready to run and not running waits for a CPU another
# process holds, and the slot's own processes' CPU is counted: on a machine with nothing else to run, a sandbox
# ready at half of the looks of every window used about half of them on the CPU, past HAD_SHARE. A quota-throttled or
# crowded-out spinning loop is ready at every look (state R while it waits). The run queue's wait in
# /proc/<pid>/task/<tid>/schedstat was the other way measured: the kernel adds a wait there only once the thread runs
# again, so a loop throttled by a quota (period 1 s) showed 0.3 s of wait in its first 1.2 s, and would be `timeout`.
# A window with no look (a deadline under LOOK_EVERY_S, or looks made slow by thousands of the candidate's processes)
# shows no starvation: `timeout`. The moment of the deadline is never a look.
READY_SHARE = 0.5
LOOK_EVERY_S = 0.2
LOOK_COST = 20  # gaps at least this many times the last look's time: the judge spends at most 5% of a CPU looking
_LOOKS = random.SystemRandom()  # the candidate cannot read the judge's state, nor predict os.urandom


class Freezes:
    """The times a judge froze every slot (`every_slot_frozen`, while it times a task's baselines, round attack85).
    A frozen sandbox runs nothing and is not ready to run: its deadline counts none of that time, and its watcher
    counts no look made during a freeze, so a freeze is never a `timeout` nor starvation."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ended = 0.0  # seconds of the freezes that have ended
        self._since: float | None = None  # when the current freeze began
        self._begun = 0

    def seconds(self) -> float:
        """Seconds frozen so far, the current freeze's included."""
        with self._lock:
            return self._ended + (time.monotonic() - self._since if self._since is not None else 0.0)

    def mark(self) -> tuple[int, bool]:
        """The freezes begun, and whether one holds now: a look between two equal marks met none."""
        with self._lock:
            return self._begun, self._since is not None

    @contextmanager
    def every_slot_frozen(self, boxes: Iterable[Sandbox]) -> Iterator[str]:
        """Freeze every process of every slot in `boxes` while the body runs; yields what was frozen, for the note of
        what is timed meanwhile. A slot whose host has no freezer, or whose sandbox did not join it, runs on: said."""
        boxes = list(boxes)
        with self._lock:
            self._since, self._begun = time.monotonic(), self._begun + 1
        try:
            running = [box.slot for box in boxes if not (box.cgroup is not None and box.cgroup.freeze(True) and (
                box.process is None or "cgroup_freezer" in box.layers))]
            yield "every slot frozen while timed" if not running else \
                f"timed while slots {running} of {len(boxes)} ran (no freezer there)"
        finally:
            for box in boxes:
                if box.cgroup is not None:
                    box.cgroup.freeze(False)
            with self._lock:
                assert self._since is not None
                self._ended, self._since = self._ended + time.monotonic() - self._since, None


class SandboxFailure(Exception):
    """The sandbox did not answer: `kind` is "timeout", "crash", "out_of_memory" (the kernel killed one of its
    processes for the slot's memory cap) or "internal" (the machine starved it: HAD_SHARE, READY_SHARE; or killed it:
    its OOM killer while the slot was within its cap, or a SIGKILL from outside)."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind, self.reason = kind, reason


class Sandbox:
    def __init__(self, base: Path, slot: int, device: str, reuse: int = 1,
                 cgroups: dict[str, Hierarchy] | None = None, freezes: Freezes | None = None) -> None:
        """`cgroups`: the hierarchies the slot's cgroups are made in (the host's by default; `{}` for none);
        `freezes`: the judge's, shared by its slots (`Judge.baselines_for` freezes them all)."""
        self.device = device
        self.slot = slot
        self.freezes = freezes or Freezes()
        self.inputs = base / f"inputs{slot}"  # bound at /inputs: only the folder `show_inputs` puts there
        self.inputs.mkdir(mode=0o755, parents=True, exist_ok=True)
        self.reuse = reuse  # candidates one host process may serve (runner.Host)
        self.dir = base / f"slot{slot}"
        self.uid = sandbox_uid(os.getpid(), slot)
        self.size = SlotSize.for_task(device, 0, 0)
        self.cgroup = SlotCgroup.create(os.getpid(), slot, self.size.memory_bytes, Limits.processes, cgroups)
        self._oom_kills = 0  # the cgroup's count when last looked at
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

    def show_inputs(self, folder: Path) -> None:
        """Make `folder`, the input sets of the task this slot judges next, the one folder in its /inputs. Hard links:
        the judge writes a task's sets once for every slot, and linking them costs microseconds where a copy would
        cost their bytes. Every slot had bound the judge's one inputs folder, where a candidate read the secret
        inputs of every task the judge held (tests/attacks_sandbox/inputs_of_other_tasks.py)."""
        self.hide_inputs()
        shown = self.inputs / folder.name
        shown.mkdir(mode=0o755)
        for entry in os.scandir(folder):
            os.link(entry.path, shown / entry.name, follow_symlinks=False)

    def hide_inputs(self) -> None:
        """Empty this slot's /inputs: a retired task's files then go when the judge removes them, and nothing of a
        task outlives the session judging it. The folder stays: it is the one the sandbox has bound."""
        for entry in os.scandir(self.inputs):
            shutil.rmtree(entry.path)

    def resize(self, size: SlotSize) -> None:
        """Size the scratch tmpfs and the memory cap for a task, the live sandbox's in place. One that cannot be
        resized (it holds more than that already, or the kernel lacks fspick) is stopped, not left to the OOM killer:
        the next request starts a fresh sandbox at the new size."""
        if size == self.size:
            return
        self.size = size
        if self.process is None:
            return
        try:
            if self._scratch_fd is not None:
                resize_tmpfs(self._scratch_fd, size.scratch_bytes)
            if self.cgroup is not None:
                if self.cgroup.memory_used() > size.memory_bytes:  # a cap below it would OOM-kill the zygote
                    raise OSError(errno.EBUSY, "the slot holds more memory than the new cap")
                self.cgroup.limit_memory(size.memory_bytes)
        except OSError:
            self.stop()

    def start(self) -> None:
        """A fresh sandbox. A live one is stopped first: left running, it held the slot's cgroups, so closing the slot
        waited REMOVE_TIMEOUT_S on each of them (40 s a test in tests/test_transient_failures.py) and then left them."""
        self.stop()
        self._close_scratch()
        shutil.rmtree(self.dir, ignore_errors=True)
        (self.dir / "root").mkdir(parents=True)
        judge_end, contain_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        config = ContainConfig(inputs=str(self.inputs), readable=readable_paths(), uid=self.uid,
                               devices=gpu_device_nodes() if self.device.startswith("cuda") else [],
                               limits=Limits(memory_bytes=None if self.device.startswith("cuda") else 16 << 30,
                                             scratch_bytes=self.size.scratch_bytes),
                               status_fd=contain_end.fileno(), root=str(self.dir / "root"),
                               cgroups=self._cgroup_layers())
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

    def _cgroup_layers(self) -> dict[str, str]:
        """What `contain` joins, the cap set at this sandbox's size first (none where it cannot be)."""
        if self.cgroup is None:
            return {}
        try:
            self.cgroup.limit_memory(self.size.memory_bytes)
            self._oom_kills = self.cgroup.oom_kills()
            self.cgroup.met_cap()  # a new look: what an earlier sandbox held is not this one's
        except OSError as exc:
            print(f"autotriton judge: the slot's memory cap could not be set: {exc}", file=sys.stderr)
            return {}
        return self.cgroup.layers()

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
        """The next reply, within `timeout_s` of CPU time given to the sandbox (see HAD_SHARE)."""
        assert self.channel is not None
        answered = threading.Event()
        expired: list[SandboxFailure] = []

        def watch() -> None:
            start, began, frozen = self._cpu_seconds(), time.monotonic(), self.freezes.seconds()
            for window in range(1, STRETCH + 1):
                looks = ready = 0
                cost = 0.0

                def left() -> float:  # the judge's freezes move the deadline by as long as they held
                    return began + window * timeout_s + self.freezes.seconds() - frozen - time.monotonic()

                while left() > 0:
                    if answered.wait(min(left(), max(LOOK_EVERY_S, LOOK_COST * cost) * _LOOKS.uniform(0.5, 1.5))):
                        return
                    mark, now = self.freezes.mark(), time.monotonic()
                    if left() > 0 and not mark[1]:
                        seen = self._ready()
                        if self.freezes.mark() == mark:  # no freeze began during the look
                            looks, ready = looks + 1, ready + seen
                        cost = time.monotonic() - now
                if answered.is_set():
                    return
                used = self._cpu_seconds() - start
                counted = "its cgroup" if self._cgroup_cpu_time() else "/proc"
                seen = f"{used:.1f} s of CPU, counted by {counted}; ready to run at {ready} of {looks} random " \
                       f"looks in the last {timeout_s:.0f} s"
                if used >= HAD_SHARE * timeout_s or looks == 0 or ready < READY_SHARE * looks:
                    stretched = f" ({seen}: its deadline stretched while the machine was busy)" if window > 1 else ""
                    expired.append(SandboxFailure("timeout", f"no answer within {timeout_s * window:.0f} s{stretched}; "
                                                             "the sandbox was killed"))
                elif window == STRETCH:
                    expired.append(SandboxFailure("internal", f"the machine starved the sandbox for "
                                                              f"{timeout_s * window:.0f} s ({seen}): overloaded, so "
                                                              "this says nothing about the candidate"))
                if expired:
                    self.stop()
                    return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            reply = self.channel.receive()
        except (EOFError, OSError, ProtocolError) as exc:
            answered.set()
            watcher.join()
            self.stop()
            self._raise_if_out_of_memory()
            if expired:
                raise expired[0] from None
            raise SandboxFailure("crash", f"the sandbox died ({exc}){OUTPUT_NOT_SHOWN}") from None
        finally:
            answered.set()
        self._raise_if_out_of_memory()
        self._raise_if_killed(reply)
        return reply

    def _cgroup_cpu_time(self) -> bool:
        """Whether the slot's cgroup counts the sandbox's CPU time: `contain` joined it for this sandbox."""
        return self.cgroup is not None and self.cgroup.cpu_time is not None and "cgroup_cpu_time" in self.layers

    def _pids(self) -> list[int]:
        """The sandbox's processes: the slot cgroup's, or its process tree where there is no cgroup (none once
        stopped: the watcher looks while the judge's thread may stop the sandbox)."""
        process, cgroup = self.process, self.cgroup
        if process is None:
            return []
        pids = cgroup.processes() if cgroup is not None else None
        return pids if pids is not None else descendants(process.pid)

    def _cpu_seconds(self) -> float:
        """The CPU seconds the sandbox's processes have used: the slot cgroup's where it counts them. /proc sees only
        live processes and the children they reaped, so a candidate whose forks spun and exited unreaped (SIGCHLD
        ignored) hid their time and looked starved, `internal` where it was `timeout`
        (tests/attacks_sandbox/round70_hidden_cpu_forks.py)."""
        counted = self.cgroup.cpu_seconds() if self._cgroup_cpu_time() else None  # type: ignore[union-attr]
        return cpu_seconds(self._pids()) if counted is None else counted

    def _ready(self) -> bool:
        """Whether a thread of the sandbox is ready to run now: one look of the several that tell a starved sandbox
        from a spinning or a blocked one (READY_SHARE)."""
        return ready_to_run(self._pids())

    def _raise_if_out_of_memory(self) -> None:
        """Whichever process the kernel killed for the slot's memory cap (a candidate's fork, its process, the
        zygote), the request failed for it: the sandbox is stopped, so the next request gets a fresh one. The slot's
        `oom_kill` also counts the machine's OOM killer: a kill while no charge met the slot's cap is the machine's
        (`internal`), as a starved sandbox is."""
        if self.cgroup is None:
            return
        before, self._oom_kills = self._oom_kills, self.cgroup.oom_kills()
        met_cap = self.cgroup.met_cap()  # since the last reply: a look per reply
        if self._oom_kills > before:
            self.stop()
            if not met_cap:
                raise SandboxFailure("internal", f"the kernel killed a process of the sandbox for memory while its "
                                                 f"processes were within their cap of "
                                                 f"{self.size.memory_bytes / 2**30:.1f} GiB: the machine ran out of "
                                                 "memory, so this says nothing about the candidate")
            raise SandboxFailure("out_of_memory", f"the sandbox's processes together went past its memory cap of "
                                                  f"{self.size.memory_bytes / 2**30:.1f} GiB, and the kernel killed "
                                                  f"one of them{OUTPUT_NOT_SHOWN}")

    def _raise_if_killed(self, reply: dict[str, Any]) -> None:
        """A candidate's process SIGKILLed with no OOM kill in its slot (`_raise_if_out_of_memory` looked first) was
        killed from outside the sandbox (an admin's `kill -9`, a flaky machine): the judge's deadline kills the whole
        sandbox, which then sends nothing, and with the `seccomp` layer nothing inside can have the kernel SIGKILL a
        process (`contain.refuse_self_kill`) but its CPU-time limit, which the zygote's `death` tells. Without that
        layer the candidate could have sent it: its `crash`, as before."""
        death = reply.get("death")
        if not isinstance(death, dict) or death.get("signal") != signal.SIGKILL or "seccomp" not in self.layers:
            return
        limit = death.get("cpu_limit_s")
        if isinstance(limit, (int, float)) and death.get("cpu_s", 0) >= limit - 1:
            raise SandboxFailure("timeout", f"the candidate's process used its CPU-time limit of {limit:.0f} s")
        self.stop()
        raise SandboxFailure("internal", "the candidate's process was killed by SIGKILL from outside the sandbox "
                                         "(no deadline or memory cap of the verifier's): this says nothing about the "
                                         "candidate")

    def close(self) -> None:
        """Stop for good: the scratch tmpfs lives until its fd is closed, the cgroup until it is removed."""
        self.stop()
        self._close_scratch()
        if self.cgroup is not None:
            self.cgroup.remove()
            self.cgroup = None

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


def descendants(pid: int) -> list[int]:
    """`pid` and every process below it, from /proc (the sandbox's PID namespace included)."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                parent = int(Path(entry.path, "stat").read_text().rpartition(")")[2].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += children.get(found[-1], [])
    return found


def cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds of `pids` and their reaped children, from /proc."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            ticks += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        except (OSError, IndexError, ValueError):  # it exited meanwhile
            continue
    return ticks / os.sysconf("SC_CLK_TCK")


def ready_to_run(pids: list[int]) -> bool:
    """Whether a thread of `pids` is runnable (state R: running, or waiting for a CPU)."""
    for pid in pids:
        try:
            if any(Path(t.path, "stat").read_text().rpartition(")")[2].split()[0] == "R"
                   for t in os.scandir(f"/proc/{pid}/task")):
                return True
        except (OSError, IndexError, ValueError):  # it exited meanwhile
            continue
    return False


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
