"""The sandboxed side: a warm zygote that forks the processes candidates run in.

    (inside contain) python -m autotriton_backend.verifier.runner DEVICE REUSE [ARCH]

The zygote imports torch and Triton once (on a GPU it also builds Triton's CUDA helper and compiles one
kernel of its own for ARCH, so no candidate pays Triton's one-time start), never initialises CUDA and never
runs candidate code. It forks a host process, relays the judge's requests to it, and after each candidate
kills everything else left in the sandbox and wipes the job directory. The host loads `ModelNew`, runs it on
the inputs the judge wrote, under the in-process monitors, and writes back plain output bytes. It never sees
the reference, its outputs or the seeds, and nothing it says is a verdict.

A host serves up to REUSE candidates (see `Host`): its CUDA context is what a fresh process costs most (the
driver makes about 5 per second per GPU), so on a GPU one context serves several candidates. The judge asks
to keep a host only after a gated candidate that ended cleanly, and the host is kept only if its own check
after the candidate passes (`end_candidate`); anything else, and every REUSE-th candidate, gets a fresh one.
"""
from __future__ import annotations

import ctypes
import functools
import gc
import linecache
import os
import resource
import shutil
import signal
import socket
import struct
import sys
import time
import traceback
import types
import weakref
from pathlib import Path
from typing import Any

from .contain import INPUTS, SCRATCH, refuse_self_kill, untraceable
from .transport import Channel, ProtocolError, TensorRef, extent, read_tensor, write_tensor

JOB = Path(SCRATCH) / "job"  # the candidate's working directory, wiped after each candidate
TEMPORARY = (Path("/tmp"), Path("/dev/shm"))  # private tmpfs mounts in the sandbox, wiped too
MAX_ELEMENTS = 1 << 36


def main(device: str, reuse: int, arch: int | None = None) -> None:
    untraceable()  # before any fork: no candidate may attach to the zygote or to a sibling
    import torch  # noqa: F401  (warm: every child starts with torch and Triton imported)
    import triton  # noqa: F401

    if device == "cpu":
        torch.set_num_threads(1)  # many sandboxes share the cores
        warm_frontend()
    else:
        warm_triton(arch)
    warm_monitors()
    global _START_STATE
    _START_STATE = process_state()
    judge = Channel(os.fdopen(os.dup(0), "rb"), os.fdopen(os.dup(1), "wb", buffering=0))
    log = os.open(str(Path(SCRATCH) / "log"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)  # append:
    # `_clear_sandbox` empties it after each candidate, and writes must then start at its new end
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    _wipe_files()  # what warming left (torch's inductor folder in /tmp): the first candidate finds what later ones do
    freeze_heap()  # torch's, Triton's and the monitors' objects: no host's collection copies their pages
    judge.send({"ok": True, "ready": True, "pid": os.getpid()})
    host: Host | None = None
    while True:
        try:
            message = judge.receive()
        except EOFError:
            return
        if message.get("op") != "load":
            judge.send({"ok": False, "check": "internal", "reason": f"expected load, got {message.get('op')}"})
            continue
        host = _serve_candidate(judge, message, device, host or Host.fork(device), reuse)


def warm_triton(arch: int | None) -> None:
    """Build Triton's CUDA helper and compile one kernel for `arch` here, once, so no candidate pays for them.

    A candidate's first kernel otherwise costs about a second of Triton's own start (compiler backend,
    dialects, ptxas discovery: measured on an H100 by examples/verifier/profile_child_gpu.py). Neither step
    creates a CUDA context (the target is given, not queried), so forking afterwards stays safe: checked.
    """
    import tempfile

    import torch
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    from triton.runtime import driver

    driver.active.utils  # noqa: B018 (compiles and loads cuda_utils)
    if arch is not None:
        with tempfile.TemporaryDirectory() as cache:
            os.environ["TRITON_CACHE_DIR"] = cache
            triton.compile(ASTSource(_fill_kernel(), {"out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"},
                                     {"BLOCK": 128}),
                           target=GPUTarget("cuda", arch, 32))
            del os.environ["TRITON_CACHE_DIR"]
    if torch.cuda.is_initialized():
        raise RuntimeError("warming Triton initialised CUDA in the zygote; children could not fork")


def warm_frontend() -> None:
    """Put one kernel through the interpreter's GPU front end (`gpu_frontend.compile_for_gpu`) here, once. It
    reaches into Triton's compiler, and a Triton it does not fit must fail the sandbox's start, the verifier's own
    failure, not every candidate's launch as the candidate's (Triton 3.6 lacked a method it patched: run 74)."""
    import torch

    from .gpu_frontend import compile_for_gpu
    from .monitors import check_launch

    fill = _fill_kernel()
    compile_for_gpu(fill, check_launch(fill, (torch.empty(128), 128), {"BLOCK": 128}))


def _fill_kernel():
    """A kernel to warm Triton with (compiled as is on a GPU, interpreted on a CPU)."""
    import triton
    import triton.language as tl

    @triton.jit
    def fill(out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out_ptr + offsets, 1.0, mask=offsets < n)

    return fill


def warm_monitors() -> None:
    """Run the monitors once here: their first use imports some 800 modules (torch._dynamo, sympy), which cost
    every candidate 2 to 6 s of its first forward before (H100 run 9, examples/verifier/profile_sandbox_gpu.py)."""
    import torch

    from .monitors import monitor_forward

    with torch.no_grad(), monitor_forward():
        torch.empty(4).add_(1)


class Host:
    """The process candidates run in, as the zygote sees it: its pid, channel and candidates served so far."""

    def __init__(self, pid: int, sock: socket.socket) -> None:
        self.pid, self.sock, self.served = pid, sock, 0
        self.channel = Channel(sock.makefile("rb"), sock.makefile("wb", buffering=0))

    @staticmethod
    def fork(device: str) -> "Host":
        JOB.mkdir(exist_ok=True)
        ours, theirs = socket.socketpair()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                ours.close()
                _host(theirs, device)
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                os._exit(code)  # never return into the zygote's loop
        theirs.close()
        return Host(pid, ours)

    def close(self) -> None:
        self.channel.close()
        self.sock.close()


def _serve_candidate(judge: Channel, first: dict[str, Any], device: str, host: Host, reuse: int) -> Host | None:
    """Relay one candidate's messages until the judge says `end`; return the host if it may serve the next."""
    alive, message = True, first
    while message.get("op") != "end":
        if alive:
            try:
                host.channel.send(message)
                reply = host.channel.receive()
                reply.pop("death", None)  # the zygote's word alone: the host is the candidate's
            except (EOFError, OSError, ProtocolError) as exc:
                alive, reply = False, {"ok": False, "check": "crash", **_death(host.pid, exc)}
        else:
            reply = {"ok": False, "check": "crash", "reason": "the candidate process is gone"}
        if message is first:
            reply["served_before"] = host.served
        judge.send(reply)
        message = judge.receive()
    host.served += 1
    asked = alive and message.get("keep") is True and host.served < reuse
    why = _why_not_keep(host) if asked else ""
    kept = asked and not why
    if not kept:
        host.close()
    _clear_sandbox(host.pid, keep_host=kept)
    changed = _state_changed() or _processes_started(host.pid, device)
    judge.send({"ok": True, "ended": True, "kept": kept, "why": why, "restart": changed})
    if changed:  # every host forked from now on would inherit it: the judge starts a fresh sandbox
        sys.exit(0)
    return host if kept else None


_START_STATE: dict[str, Any] = {}  # the zygote's when it started serving; each host's when it started
IOPRIO_GET = {"x86_64": 252, "aarch64": 31}  # ioprio_get(2), which Python does not bind
IOPRIO_WHO_PROCESS = 1
_libc = ctypes.CDLL(None, use_errno=True)


def freeze_heap() -> None:
    """Collect, then move every object left into the collector's permanent generation (`gc.freeze`): no collection
    in a process forked from this one walks or frees them, so their pages stay shared instead of copied into it.

    Unfrozen, a fork inherited its parent's allocation count and young objects, and whether its first collection
    wrote to them and freed the parent's garbage hung on that count. With a few unrelated lines changed in
    defaults.py, tests/attacks_sandbox/starve_other_slots.py forked at 692 of gc's 700: each of its 200 forks
    collected at once and copied 9.5 MB of the host's heap, and its slot went past its 2 GiB cap where it had peaked
    at 0.56 GiB; a full collection in a fork copied 79 MB. Frozen where the zygote is ready and where a candidate's
    code is about to run, a fork's collections touch only what the candidate itself made."""
    gc.collect()
    gc.freeze()


def process_state() -> dict[str, Any]:
    """What a process of the candidate's uid can change in another one, no ptrace access needed (prlimit,
    setpriority, sched_setaffinity, sched_setscheduler, ioprio_set), what forks inherit, and its session's CPU
    autogroup: a candidate had lowered the zygote's file-size limit to 0 and its priority, and every later
    candidate of the slot failed (tests/attacks_sandbox/zygote_rlimit_next.py); another set the zygote's I/O
    priority to idle and its own autogroup's nice to 19 (zygote_autogroup_ioprio_next.py)."""
    number = IOPRIO_GET.get(os.uname().machine)
    return {"rlimits": {name: resource.getrlimit(getattr(resource, name)) for name in dir(resource)
                        if name.startswith("RLIMIT_")},
            "nice": os.getpriority(os.PRIO_PROCESS, 0), "cpus": sorted(os.sched_getaffinity(0)),
            "scheduler": (os.sched_getscheduler(0), os.sched_getparam(0).sched_priority),
            "io_priority": None if number is None else _libc.syscall(number, IOPRIO_WHO_PROCESS, 0),
            "autogroup": _autogroup_nice()}


def _autogroup_nice() -> str | None:
    """The nice value of this process's session's autogroup ("/autogroup-N nice K"); None without autogroups, or
    in init's session (whose root group is no autogroup: the file reads empty there, as it does in CI)."""
    try:
        words = Path("/proc/self/autogroup").read_text().split()
    except OSError:
        return None
    return words[-1] if words else None


def _state_changed() -> str:
    """"" when this process's limits, priority and CPUs are still those the zygote started serving with."""
    now = process_state()
    changed = [key for key, value in now.items() if _START_STATE.get(key) != value]
    return f"its {', '.join(changed)} changed during the candidate" if changed else ""


def _processes_started(host: int, device: str) -> str:
    """"" unless a process other than the host was started in the sandbox during the candidate (on a CPU, where
    nothing honest forks: Triton's interpreter runs no compiler). The PID namespace's counter outlives the processes
    it numbered, and the next host is numbered after them: a candidate that forked until the counter read N made
    the next candidate of the slot, whoever it was, run as pid N + 1, a channel of some 22 bits between candidates
    that no wipe clears (tests/attacks_sandbox/round58_pid_counter_to_next.py). Only a fresh namespace resets it.
    On a GPU Triton forks its compilers inside an honest host, so the counter is left as it is there (open)."""
    if device.startswith("cuda") or os.getpid() != 1:  # without a PID namespace the counter is the host's
        return ""
    try:
        last = int(Path("/proc/sys/kernel/ns_last_pid").read_text())
    except (OSError, ValueError):
        return ""
    return f"its PID counter moved from {host} to {last}: it started processes" if last != host else ""


def _why_not_keep(host: Host) -> str:
    """"" when the host passed its own check after the candidate and nothing else runs in the sandbox, else why
    not. Only as init of a PID namespace can the zygote see every process a candidate could have left behind."""
    if os.getpid() != 1:
        return "no PID namespace"
    try:
        host.channel.send({"op": "end"})
        reply = host.channel.receive()
    except (EOFError, OSError, ProtocolError) as exc:
        return f"the host did not answer: {exc}"
    others = [p.name for p in Path("/proc").iterdir() if p.name.isdigit() and int(p.name) not in (1, host.pid)]
    if reply.get("reusable") is not True:
        return str(reply.get("reason", "no reason given"))[:300]
    return f"other processes in the sandbox: {others[:5]}" if others else ""


def _death(pid: int, exc: BaseException) -> dict[str, Any]:
    """The host's end as a crash's `reason`, and as fields the judge decides on (`Sandbox._raise_if_killed`): `death`
    holds the signal that killed it (None if it exited), its CPU seconds and its CPU-time limit (None: unlimited)."""
    try:
        _, status, usage = os.wait4(pid, 0)
    except ChildProcessError:
        return {"reason": f"the candidate process ended without a reply ({exc})"}
    limit = resource.getrlimit(resource.RLIMIT_CPU)[1]  # the host's: `refuse_self_kill` keeps it as it forked
    death = {"signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
             "cpu_s": usage.ru_utime + usage.ru_stime, "cpu_limit_s": None if limit == resource.RLIM_INFINITY else limit}
    if death["signal"] is not None:
        name = signal.Signals(death["signal"]).name
        reason = f"the candidate process was killed by {name} (a crash, an illegal memory access or a resource limit)"
    elif isinstance(exc, ProtocolError):
        reason = f"the candidate process broke the protocol: {exc}"
    else:
        reason = f"the candidate process exited with code {os.waitstatus_to_exitcode(status)} before replying"
    return {"reason": reason, "death": death}


def _clear_sandbox(host: int, keep_host: bool) -> None:
    """Nothing a candidate started outlives it: as pid 1 of the sandbox, kill every other process in it (all
    but a host kept for the next candidate, where `_why_not_keep` saw nothing else running); then wipe its files."""
    if not keep_host:
        try:
            os.kill(-1, signal.SIGKILL) if os.getpid() == 1 else os.killpg(host, signal.SIGKILL)  # init is spared
        except ProcessLookupError:
            pass
        while True:
            try:
                if os.waitpid(-1, 0)[0] == 0:
                    break
            except ChildProcessError:
                break
    _wipe_files()


def _wipe_files() -> None:
    """Empty the scratch folder (the log kept, emptied), /tmp and /dev/shm."""
    private = "mount" in os.environ.get("AUTOTRITON_SANDBOX_LAYERS", "").split(",")
    os.ftruncate(1, 0)  # the log: filled, it had left the next candidate no scratch (scratch_log_fills_next)
    ours = os.fstat(1).st_ino
    left = [p for p in Path(SCRATCH).iterdir()  # the job folder, or what replaced it; a `log` that is not ours
            if p.name != "log" or p.lstat().st_ino != ours]
    for scratch in (*left, *(TEMPORARY if private else ())):  # the next candidate finds nothing this one left
        if scratch.is_dir() and not scratch.is_symlink():
            _unlock(scratch)
            shutil.rmtree(scratch, ignore_errors=True)
        else:  # a link or file in a folder's place: rmtree refuses links, so it would outlive the candidate
            scratch.unlink(missing_ok=True)
    for scratch in (JOB, *(TEMPORARY if private else ())):
        scratch.mkdir(mode=0o1777 if scratch != JOB else 0o755, exist_ok=True)


def _unlock(folder: Path) -> None:
    """Give the owner every right on `folder` and the folders below it, top down (links are not followed): a
    folder the candidate set to mode 000 survived rmtree, failing later candidates or feeding them
    (scratch_locked_folder). What the candidate made is ours: it ran as this uid."""
    def own(path: str) -> None:
        try:
            os.chmod(path, 0o700)
        except OSError:  # root's: /tmp, /dev/shm, the folders holding a package bound under /tmp (CI's clone)
            pass

    own(str(folder))
    for top, folders, _ in os.walk(folder):
        folders[:] = [name for name in folders if not os.path.ismount(os.path.join(top, name))]  # not the binds
        for name in folders:
            if not os.path.islink(os.path.join(top, name)):
                own(os.path.join(top, name))


def _host(sock: socket.socket, device: str) -> None:
    """Serve candidates one after another: a `load` starts each, an `end` closes it (`end_candidate`)."""
    global _START_STATE
    os.setsid()  # its own session, so its own CPU autogroup: the sandbox's processes had shared contain's, and a
    # candidate that set that autogroup's nice to 19 slowed every later candidate (zygote_autogroup_ioprio_next)
    _START_STATE = process_state()  # a fresh autogroup's nice is 0, whatever the zygote's is
    os.closerange(3, sock.fileno())  # the judge's channel and the zygote's files stay with the zygote
    os.closerange(sock.fileno() + 1, 1 << 16)
    if "seccomp" in os.environ.get("AUTOTRITON_SANDBOX_LAYERS", "").split(",") and not refuse_self_kill():
        raise OSError("the filter that keeps a candidate from SIGKILLing itself could not be installed")
    os.environ["TRITON_CACHE_DIR"] = str(JOB / "triton")  # inside the job folder: wiped after each candidate
    os.environ["HOME"] = str(JOB)
    channel = Channel(sock.makefile("rb"), sock.makefile("wb", buffering=0))
    session = _Session(device)
    while True:
        try:
            message = channel.receive()
        except EOFError:
            return
        if message.get("op") == "end":
            del session
            reusable, reason = end_candidate(device)
            channel.send({"ok": True, "reusable": reusable, "reason": reason})
            session = _Session(device)
            continue
        started = time.perf_counter()
        try:
            reply = session.handle(message)
        except _Failed as failed:
            reply = {"ok": False, "check": failed.check, "reason": failed.reason}
        except Exception as exc:  # raised outside forward, e.g. while writing back a strange output
            reply = {"ok": False, "check": "runtime", "reason": short_error(exc)}
        reply["seconds"] = round(time.perf_counter() - started, 3)  # diagnostics: the judge's stage_seconds
        channel.send(reply)


def end_candidate(device: str) -> tuple[bool, str]:
    """After a candidate's objects are dropped: whether this process may serve another one, and if not, why.

    Nothing of the candidate may stay reachable: no thread, no live tensor, and on a GPU no device memory with
    its values in it. Every block the caching allocator holds is cleared (zeros, as a fresh process gets memory
    from the driver) before it goes back to the driver, because the driver does not clear memory it hands back
    to the same process. Memory the allocator gave back by itself meanwhile (a retry after an out-of-memory) was
    not cleared, so then the process is not reused; nor when a sticky CUDA error or its CPU-time use says so.
    """
    import threading

    import torch

    global _device_frees
    gc.unfreeze()  # what was alive when the candidate loaded may be garbage now
    freeze_heap()
    if threading.active_count() != 1:
        return False, f"{threading.active_count()} Python threads are running"
    if changed := _state_changed():
        return False, changed
    used, limit = resource.getrusage(resource.RUSAGE_SELF).ru_utime, resource.getrlimit(resource.RLIMIT_CPU)[0]
    if limit != resource.RLIM_INFINITY and used > limit / 2:
        return False, f"{used:.0f} s of its {limit} s CPU-time limit used"
    if not device.startswith("cuda"):
        return True, ""
    try:
        torch.cuda.synchronize()
        stats = torch.cuda.memory_stats()
        if stats.get("allocated_bytes.all.current", 1) != 0:
            return False, f"{stats.get('allocated_bytes.all.current')} bytes of device memory still allocated"
        if stats.get("num_device_free", 1) != _device_frees:
            return False, "the allocator gave device memory back during the candidate, uncleared"
        clear_free_device_memory(device)
        torch.cuda.empty_cache()
        torch._C._host_emptyCache()  # the pinned buffers inputs crossed through (transport), which a GPU can read
        _device_frees = torch.cuda.memory_stats().get("num_device_free", -1)
    except RuntimeError as exc:  # a sticky CUDA error poisons the whole context
        return False, f"the CUDA context failed: {short_error(exc, 300)}"
    return True, ""


def clear_free_device_memory(device: str) -> None:
    """Zero every block the caching allocator holds but no tensor uses: whatever a candidate left there is gone
    before anyone can be handed that memory again, and the next candidate's unfilled build of ModelNew (`load`)
    finds it as a fresh process would (NaN there would tell it apart)."""
    import torch

    for segment in torch.cuda.memory_snapshot():
        for block in segment["blocks"]:
            if block["state"] == "inactive":
                torch.as_tensor(_DeviceSpan(block["address"], block["size"]), device=device).zero_()
    torch.cuda.synchronize()


_device_frees = 0  # the allocator's count of cudaFree calls after the last scrub (this process made them)


class _DeviceSpan:
    """Raw device memory as torch can view it (the CUDA array interface): a free block, to be cleared."""

    def __init__(self, address: int, size: int) -> None:
        self.__cuda_array_interface__ = {"shape": (size,), "typestr": "|u1", "data": (address, False), "version": 3}


class _Failed(Exception):
    def __init__(self, check: str, reason: str) -> None:
        super().__init__(reason)
        self.check, self.reason = check, reason


class _Session:
    """One candidate's life in its own process: load, run input sets, refill buffers, time."""

    def __init__(self, device: str) -> None:
        self.device = device
        self.model: Any = None
        self.kept: dict[str, list[Any]] = {}  # device inputs of each run, by the judge's name for the set
        self.given: dict[str, list[Any]] = {}  # their references (files)
        self.fingerprints: dict[int, tuple[int, int]] = {}  # of each input as given, to see what forward changed
        self.runs = 0
        self.expected_outputs, self.max_elements = 0, 0  # what forward may write back (the judge says, at load)
        self.table_bits = 0  # the bits from Python forward may pass to kernels (the judge says, at load)

    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        op = message.get("op")
        self.inputs_dir = Path(INPUTS) / str(message.get("dir", ""))  # the judge's inputs, read-only here
        if op == "load":
            return self.load(message)
        if op == "run":
            inputs = [self._input(x) for x in message["inputs"]]
            self.kept[str(message["keep"])] = inputs
            self.given[str(message["keep"])] = message["inputs"]
            return self.run(inputs, message["inputs"])
        if op == "refill":
            buffers = self.kept[str(message["key"])]
            import torch

            with torch.no_grad():
                for buffer, value in zip(buffers, message["inputs"]):
                    if isinstance(buffer, torch.Tensor):
                        buffer.copy_(self._input(value))
                        self.fingerprints[id(buffer)] = fingerprint(buffer)
            self.given[str(message["key"])] = message["inputs"]
            from .monitors import REFILL_FILLS

            fill = message.get("fill")
            if fill not in REFILL_FILLS:
                raise _Failed("internal", f"refill with unknown fill {fill!r}")
            return self.run(buffers, message["inputs"], fill)
        if op == "time":
            return self.time([str(k) for k in message["keys"]], int(message["rounds"]))
        raise _Failed("internal", f"unknown request {op!r}")

    def load(self, message: dict[str, Any]) -> dict[str, Any]:
        """Import the candidate and build ModelNew once per fill of BUILD_FILLS from one random seed, keeping the
        last build. State that differs between builds came from memory nobody wrote, which a kernel or a flag could
        read to tell the verifier from a real process: it is refused. NaN against zeros catches a probe of the fill
        whatever the allocator hands back (round11_init_poison_probe passed in session 20 when the as-is build got
        the NaN build's freed memory); the last build, as the process has memory, sees what a real process would
        (a marker written, freed and allocated again: round12_init_refill_marker)."""
        import torch

        from .monitors import TABLE_BITS

        if self.device.startswith("cuda"):
            torch.empty(1, device=self.device)  # the CUDA context (once per process), in the judge's "load" stage
        os.chdir(JOB)  # the zygote makes the job folder afresh for each candidate
        linecache.clearcache()  # inspect (for triton.jit) must never serve an earlier candidate's lines
        self.expected_outputs, self.max_elements = int(message["outputs"]), int(message["max_elements"])
        self.table_bits = int(message["table_bits"])
        parameters = {name: self._input(ref) for name, ref in message["parameters"]}
        buffers = {name: self._input(ref) for name, ref in message["buffers"]}
        seed = torch.seed()  # random: a fixed seed would let `torch.randn` in __init__ tell the verifier
        freeze_heap()  # the candidate's code runs next
        first = None
        for fill in BUILD_FILLS:
            module = model = monitor = walk = None  # the previous build goes first: a model is never held twice
            module, model, monitor = self._build(message["source"], message["init_inputs"], seed, parameters,
                                                 buffers, fill)
            walk = _Snapshot(portable=True, own_module=module.__name__)
            state = walk.walk(_state_values(model, module, frozenset(vars(module))), 0)
            first = state if first is None else first
            if not same_state(first, state):
                raise _Failed("init", "ModelNew's state differs between builds from the same seed: it depends on "
                                      "memory allocated (torch.empty) but never written while the module loaded or "
                                      "__init__ ran, or on a side effect of an earlier import: initialise it "
                                      "(torch.zeros, torch.full), allocate scratch memory inside forward, and change "
                                      "nothing outside the module at import")
        if monitor.python_table or any(monitor.derived(t) for t in walk.tensors):
            raise _Failed("torch_compute", "ModelNew keeps a tensor computed while the module loaded or in __init__ "
                                           "(by PyTorch, or written element by element from Python), read such "
                                           "values into Python numbers (float(t), str(t)), or holds over "
                                           f"{TABLE_BITS} bits of numbers or text in module values (constants "
                                           "computed at import): a table of results "
                                           "computed ahead is not a kernel. Compute inside Triton kernels launched "
                                           "from forward; keep only the reference's weights and constants")
        self.model = model
        self.module, self.own_names = module, frozenset(vars(module))  # as loaded: the interpreter adds its own later
        return {"ok": True}

    def _build(self, source: str, init_inputs: list[Any], seed: int, parameters: dict[str, Any],
               buffers: dict[str, Any], fill: str) -> tuple[types.ModuleType, Any]:
        """One import of the candidate and one ModelNew with the reference's weights, fresh allocations filled as
        `fill` says (monitors.FILLS). The source file is written afresh: the first build may have moved it away."""
        import torch

        from .defaults import as_judged, import_candidate
        from .monitors import BuildMonitor, refusing_launches, watching_tensor_text

        path = JOB / "candidate.py"  # a real file, for tracebacks; its lines are pinned (`import_candidate`)
        path.unlink(missing_ok=True)
        path.write_text(source)
        monitor = BuildMonitor(fill)
        launches = refusing_launches("a Triton kernel was launched while the module loaded or in __init__: launch "
                                     "kernels from forward only")
        with as_judged(forward=False), monitor, watching_tensor_text(monitor), launches:
            try:
                module = import_candidate(path, source)
                model_cls = module.ModelNew
            except Exception as exc:
                raise _Failed("load", short_error(exc)) from None
            try:
                torch.manual_seed(seed)
                model = model_cls(*init_inputs).to(self.device).eval()
            except Exception as exc:
                raise _Failed("init", short_error(exc)) from None
            monitor.overwritten(share_weights(parameters, buffers, model))  # under both: it runs load_state_dict hooks
            monitor.kept(module)
        return module, model, monitor

    def run(self, inputs: list[Any], given: list[Any], fill: str = "nan") -> dict[str, Any]:
        """One forward under the monitors; outputs written back, and any input it changed (`given`: their files)."""
        import torch

        from .defaults import as_judged
        from .gpu_frontend import OutOfBounds, compile_failure
        from .monitors import LaunchRefused, monitor_forward

        state = kept_state(self.model, self.module, self.own_names)
        started = time.perf_counter()
        try:
            with as_judged(forward=True), monitor_forward(fill, self.table_bits) as monitor:
                outputs = self.model(*inputs)
                if self.device.startswith("cuda"):
                    torch.cuda.synchronize()
        except Exception as exc:
            if isinstance(exc.__cause__, OutOfBounds):  # the interpreter wraps what a kernel's body raised
                raise _Failed("runtime", str(exc.__cause__)) from None  # the bounds check's own words
            # a kernel that failed to build is `compile`; one that built and failed as it ran is `runtime`, as on a
            # GPU (an interpreted body's exception was `compile` before session 35)
            check = "launch_args" if isinstance(exc, LaunchRefused) else \
                "compile" if compile_failure(exc) else "runtime"
            # values forward read into Python can be in any message (round40_error_echoes_input_numbers), the
            # launch check's too: "26213 positional arguments" (tests/attacks/round41_launch_arg_count_bits.py)
            reason = str(exc) if check == "launch_args" and not monitor.read_values else \
                short_error(exc, withhold=monitor.read_values)
            raise _Failed(check, reason) from None
        if monitor.launches == 0:
            raise _Failed("triton_launch", "forward launched no Triton kernel")
        if monitor.compute_ops and monitor.read_values:
            # which ops ran and how often was then Python's choice, made from the values: "aten.sub x54769, aten.mul
            # x49084" spelled two secret inputs' bits (tests/attacks/round41_compute_counts_spell_bits.py)
            raise _Failed("torch_compute", "forward read tensor values into Python (int(t), float(t), bool(t), an "
                                           "`if` on a tensor, str(t), torch.equal) and ran PyTorch compute, where "
                                           "only Triton kernels may: read nothing back, compute inside kernels")
        if monitor.compute_ops:
            ops = ", ".join(f"{op} x{n}" for op, n in monitor.compute_ops.most_common(8))
            raise _Failed("torch_compute", f"forward ran PyTorch compute, where only Triton kernels may: {ops}")
        if not same_state(state, kept_state(self.model, self.module, self.own_names)):
            raise _Failed("state", "forward changed its own state (ModelNew's attributes or tensors, a module-level "
                                   "value or what it holds, a function's defaults or closure); it must not keep "
                                   "state (caches of inputs, outputs or weights, call counts) between calls")
        outputs = returned(outputs, self.expected_outputs, self.max_elements)
        owned = {x.untyped_storage().data_ptr() for x in inputs if isinstance(x, torch.Tensor)}
        owned |= {p.untyped_storage().data_ptr() for p in [*self.model.parameters(), *self.model.buffers()]}
        for index, out in enumerate(outputs):
            if out.untyped_storage().data_ptr() in owned:
                raise _Failed("output_alias", f"output {index} shares memory with an input or a parameter")
        self.runs += 1
        return {
            "ok": True,
            "forward_seconds": round(time.perf_counter() - started, 3),  # diagnostics, as "seconds"
            "outputs": [write_tensor(o, JOB, f"out{self.runs}-{i}").to_json() for i, o in enumerate(outputs)],
            "inputs_changed": [self._changed(x, ref, f"after{self.runs}-{i}") for i, (x, ref) in enumerate(zip(inputs, given))],
        }

    def time(self, keys: list[str], rounds: int) -> dict[str, Any]:
        """Medians over the kept input sets in turn, then what the last timed call of each set returned.

        Timed calls carry no monitor, so a kernel that can tell them apart could skip its work there: the
        judge checks their outputs, forward must have kept no state and left the inputs alone, and the memory
        it freed is cleared before each timed call (`timing.median_ms`). Forward runs as a spliced kernel runs in a
        user's process (`JudgedAllocations`): fresh memory as the checked calls saw it, and the fill's cost in the
        time that decides whether the kernel beats inductor.
        """
        from .monitors import JudgedAllocations
        from .timing import bench_rotating

        def forward_as_spliced(*inputs: Any) -> Any:
            with JudgedAllocations():
                return self.model(*inputs)

        state = kept_state(self.model, self.module, self.own_names)
        try:  # unmonitored calls: what forward read on the host there could be in the message
            ms, last = bench_rotating(forward_as_spliced, {k: self.kept[k] for k in keys}, rounds,
                                      between=lambda: clear_free_device_memory(self.device))
        except Exception as exc:
            raise _Failed("runtime", "a timed call raised " + short_error(exc, withhold=True)) from None
        if not same_state(state, kept_state(self.model, self.module, self.own_names)):
            raise _Failed("state", "timed calls changed their own state (ModelNew's, or module-level values)")
        self.runs += 1
        outputs = {k: [write_tensor(o, JOB, f"timed{self.runs}-{k}-{i}").to_json() for i, o in
                       enumerate(returned(last[k], self.expected_outputs, self.max_elements))] for k in keys}
        changed = {k: [self._changed(x, ref, f"timedin{self.runs}-{k}-{i}") for i, (x, ref) in
                       enumerate(zip(self.kept[k], self.given[k]))] for k in keys}
        return {"ok": True, "ms": ms, "outputs": outputs, "inputs_changed": changed}

    def _changed(self, value: Any, ref: Any, name: str) -> Any:
        """None when forward left the input as it was given, else its new values (the judge compares them
        with what the reference did). Checked on the device, so multi-GB inputs never travel back."""
        import torch

        if not isinstance(value, torch.Tensor) or fingerprint(value) == self.fingerprints.get(id(value)):
            return None
        return write_tensor(value, JOB, name).to_json()

    def _input(self, value: Any) -> Any:
        if isinstance(value, dict) and "file" in value:
            # its own memory: forward may write into its inputs
            tensor = read_tensor(self.inputs_dir, TensorRef.from_json(value, MAX_ELEMENTS), self.device)
            self.fingerprints[id(tensor)] = fingerprint(tensor)
            return tensor
        return value


MAX_OUTPUTS = 256  # each is a line's worth of JSON in the reply: 20,000 overflowed its 1 MiB (round11/reply_line_overflow)


def returned(value: Any, count: int, max_elements: int) -> tuple[Any, ...]:
    """forward's outputs as a tuple of tensors, or the `outputs` failure. Only `count` outputs (the reference's)
    of at most `max_elements` each (what the judge reads) are ever written back: 256 copies of a large tensor
    filled /dev/shm with 2 GB before the judge saw their count (round15_output_flood_shm)."""
    import torch

    outputs = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    if len(outputs) > MAX_OUTPUTS or len(outputs) != count:
        raise _Failed("outputs", f"forward returned {len(outputs)} outputs, the reference returns {count}")
    if not all(isinstance(o, torch.Tensor) for o in outputs):
        raise _Failed("outputs", "forward must return tensors")
    for index, out in enumerate(outputs):
        spans = extent(tuple(out.shape), out.stride())
        if spans > max_elements:
            raise _Failed("outputs", f"output {index} spans {spans} elements, more than the {max_elements} "
                                     "the judge reads back")
    return outputs


# The fills of ModelNew's builds at load (monitors.FILLS), the last one kept: memory it never wrote must not matter.
BUILD_FILLS = ("nan", "zeros", "none")


def kept_state(model: Any, module: types.ModuleType, names: frozenset[str], portable: bool = False) -> Any:
    """Everything forward could keep between calls: the model, the values of the candidate module's own `names`
    (a call count at module level; Triton's interpreter adds names of its own there), and, wherever the walk meets
    them, the classes the candidate defines (a helper nn.Module's class-level list counted calls:
    round12_submodule_class_attr_count; one no longer bound to a name: round14_rebound_class_attr_count), functions'
    defaults and closures included. With a call count a candidate could compute in the checked calls and replay in
    the timed ones (tests/attacks/state_module_global_replay.py, round11_*)."""
    return snapshot(_state_values(model, module, names), portable=portable, own_module=module.__name__)


def _state_values(model: Any, module: types.ModuleType, names: frozenset[str]) -> Any:
    values = {name: value for name, value in vars(module).items()
              if name in names and not name.startswith("__") and not isinstance(value, types.ModuleType)}
    return model, values


def _cell(cell: Any) -> Any:
    try:
        return cell.cell_contents
    except ValueError:  # a cell not yet bound
        return None


def snapshot(value: Any, portable: bool = False, own_module: str | None = None) -> Any:
    """Comparable values of what `value` holds: tensors' whole storage cloned, containers, functions' defaults,
    closures and attributes, and every other object's attributes walked (Triton's kernels less their caches:
    `_fields`). What cannot be compared never equals itself, so keeping it fails the check: past 20 levels, an
    iterator (a generator's position is its state), an object whose state is not its attributes (a deque).
    An object met again is recorded as a reference to its first visit (cycles: an autotuner's hook closes over
    it). `portable`: comparable with another build of the candidate (tensors by checksum, objects by kind, not
    identity); what cannot be compared is then left to `run`'s check. Classes of `own_module` (the candidate's)
    are walked like objects, and so is each walked object's class if it is one of them."""
    return _Snapshot(portable, own_module).walk(value, 0)


class _Snapshot:
    def __init__(self, portable: bool, own_module: str | None) -> None:
        self.portable, self.own_module = portable, own_module
        self.seen: dict[int, int] = {}  # id of each object walked -> its order of visit
        self.held: list[Any] = []  # keeps them alive, so no id is reused during the walk
        self.tensors: list[Any] = []  # every tensor met
        self.storages: dict[tuple[str, int], int] = {}  # each (device, address) of a tensor's storage -> its order

    def walk(self, value: Any, depth: int) -> Any:
        import torch

        # Which slots hold one object and which equal ones is state Python reads (`is`): a call count in five list
        # slots holding a string or an equal one built apart (tests/attacks/round72_string_identity_counter.py). So
        # within one build every object is recorded at its first visit, values and tuples too; across builds
        # (`portable`) those are compared by value alone, as the interpreter shares equal strings at its own pace
        # (nn.RNN's weight names are its parameter dict's keys in one build, equal copies in the next).
        if not self.portable or not isinstance(value, (*_VALUES, tuple, frozenset)):
            if id(value) in self.seen:
                return ("seen", self.seen[id(value)])
            self.seen[id(value)] = len(self.seen)
            self.held.append(value)
        if isinstance(value, _VALUES):
            return _exact(value)
        identity = () if self.portable else (id(value),)
        if depth > 20 or hasattr(value, "__next__"):
            return ("uncomparable",) if self.portable else ("uncomparable", object())
        if isinstance(value, torch.Tensor):
            self.tensors.append(value)
            # requires_grad and the class are state Python reads (`t.requires_grad`, `isinstance(t, nn.Parameter)`)
            # that no byte holds: a call count kept in them (tests/attacks/round68_requires_grad_counter.py)
            layout = (value.dtype, tuple(value.shape), value.stride(), value.storage_offset(), value.requires_grad,
                      type(value).__qualname__, self._storage(value))
            stored = _storage_bytes(value)
            return ("tensor", *layout, fingerprint(stored) if self.portable else stored.clone())
        if isinstance(value, type) and self._own(value):
            held = [(name, v) for name, v in vars(value).items()
                    if not name.startswith("__") or isinstance(v, types.FunctionType)]
            return ("class", value.__qualname__, [(k, self.walk(v, depth + 1)) for k, v in held],
                    self.walk(value.__bases__, depth + 1))
        if isinstance(value, _immutable()) or _module_function(value):
            return ("object", *identity)
        fields = _fields(value)
        if fields is None:
            return ("uncomparable",) if self.portable else ("uncomparable", object())
        if isinstance(value, _CONTAINERS):
            identity = ()  # compared by contents: an equal container in its place is the same state
        elif self._own(type(value)):
            fields = [*fields, ("__class__", type(value))]
        # keys too: a tensor used as a dict key held a call count (round14_dict_key_tensor_count)
        return (type(value).__qualname__, *identity,
                [(self.walk(k, depth + 1), self.walk(v, depth + 1)) for k, v in fields])

    def _storage(self, tensor: Any) -> int | None:
        """Which of the storages met so far `tensor` shares (their order of visit; None for an empty one): which
        tensors share memory is state a kernel reads (store to one, load the other), which no tensor's own bytes or
        layout hold. A ring of equal zero tensors, one a view of another, rotated by one each call, was a call
        count (tests/attacks/round72_storage_alias_ring_counter.py)."""
        storage = tensor.untyped_storage()
        if not storage.nbytes():
            return None
        return self.storages.setdefault((str(tensor.device), storage.data_ptr()), len(self.storages))

    def _own(self, cls: type) -> bool:
        return self.own_module is not None and getattr(cls, "__module__", None) == self.own_module


# Compared by value: immutable, and equal across builds where equal (`_exact`).
_VALUES = (int, float, complex, str, bytes, bool, type(None), range, type(Ellipsis))
_CONTAINERS = (list, tuple, set, frozenset, bytearray, dict, types.MappingProxyType)


def _exact(value: Any) -> Any:
    """A value as Python code can tell it from another, where `==` cannot: a float's (a complex's parts') bits, so
    0.0 and -0.0, and NaNs of either sign, differ (`math.copysign` reads the sign; a call count in the signs of five
    zeros passed: tests/attacks/round68_signed_zero_counter.py, round68_nan_sign_counter.py); a range's start, stop
    and step (range(5, 5) == range(0, 0), and str() tells them apart: round68_empty_range_counter.py)."""
    if isinstance(value, float):
        return ("float", struct.pack("<d", value))
    if isinstance(value, complex):
        return ("complex", struct.pack("<dd", value.real, value.imag))
    if isinstance(value, range):
        return ("range", value.start, value.stop, value.step)
    return value


@functools.cache
def _immutable() -> tuple[type, ...]:
    """Immutable by nature, compared by identity (by kind across builds)."""
    import torch

    return (type, types.ModuleType, types.CodeType, torch.dtype, torch.device, torch.layout, torch.memory_format)


def _module_function(value: Any) -> bool:
    """A builtin function of a module (math.sqrt), not a method bound to an object (`[].append` holds its list)."""
    return isinstance(value, (types.BuiltinFunctionType, types.MethodWrapperType)) \
        and (value.__self__ is None or isinstance(value.__self__, types.ModuleType))


def _fields(value: Any) -> list[tuple[Any, Any]] | None:
    """What an object holds, as (key, value) pairs; None where that is not its attributes (a deque, an array)."""
    if isinstance(value, (dict, types.MappingProxyType)):
        return list(value.items())
    if isinstance(value, _CONTAINERS):
        return list(enumerate(value))
    if isinstance(value, types.FunctionType):
        closure = [_cell(c) for c in value.__closure__ or ()]
        return [("defaults", value.__defaults__), ("kwdefaults", value.__kwdefaults__), ("closure", closure),
                ("attributes", vars(value))]
    if isinstance(value, (types.MethodType, staticmethod, classmethod)):
        return [("self", getattr(value, "__self__", None)), ("function", value.__func__)]
    if isinstance(value, (types.BuiltinFunctionType, types.MethodWrapperType)):
        return [("self", value.__self__)]
    if isinstance(value, property):  # a class's @property (tests/catalogue/honest_idiom_property.py): its functions
        return [("fget", value.fget), ("fset", value.fset), ("fdel", value.fdel)]
    if isinstance(value, weakref.ref):  # nn.RNN keeps weak references to its weights (_flat_weight_refs)
        return [("referent", value())]
    slots = [name for cls in type(value).__mro__ for name in _slot_names(cls)]
    if not hasattr(value, "__dict__") and not slots:
        return None
    cached = {name for cls in type(value).__mro__ for name, member in vars(cls).items()
              if isinstance(member, functools.cached_property)}  # values computed from the rest, when first read
    if isinstance(value, _kernel_interface()):
        cached |= KERNEL_CACHES
    held = [(name, getattr(value, name, _UNSET)) for name in slots]
    held += [(name, v) for name, v in getattr(value, "__dict__", {}).items() if name not in cached]
    return held


# What Triton's kernel objects (JITFunction, the interpreter's function, Autotuner, Heuristics) fill as kernels
# compile, tune and launch (Triton 3.6 and 3.9): caches, the last launch's arguments and copies, a lock. No candidate
# code reaches them (the gate); anything else they hold is compared, whatever a Triton version adds. Values of a
# cached_property (KernelParam.is_const, Autotuner.do_bench) are skipped on every object.
KERNEL_CACHES = frozenset({
    "device_caches", "hash", "used_global_vals", "_hash_lock", "CompiledKernel", "compile", "ASTSource",  # JITFunction
    "cache", "configs_timings", "bench_time", "best_config", "nargs", "restore_copies",  # Autotuner
    "rewriter",  # the interpreter's: its function and keywords are the kernel's own; it records where it found them
    "__globals__",  # the candidate module's namespace: kept_state walks the module's own names
})
_UNSET = ("unset slot",)


def _kernel_interface() -> type:
    from triton.runtime.jit import KernelInterface

    return KernelInterface


def _slot_names(cls: type) -> list[str]:
    names = cls.__dict__.get("__slots__", ())
    names = (names,) if isinstance(names, str) else names
    return [f"_{cls.__name__.lstrip('_')}{n}" if n.startswith("__") and not n.endswith("__") else n
            for n in names if n not in ("__dict__", "__weakref__")]


def _storage_bytes(tensor: Any) -> Any:
    """A tensor's whole storage as a uint8 tensor over the same memory: a kernel can keep state in the storage
    outside a tensor's view (round13_hidden_storage_count: a one-element view of two)."""
    import torch

    return torch.empty(0, dtype=torch.uint8, device=tensor.device).set_(tensor.untyped_storage())


def fingerprint(tensor: Any, chunk: int = 1 << 24) -> tuple[int, int]:
    """Two checksums of a tensor's bytes, computed on its device in chunks (no large temporaries): each a sum of
    the bytes weighted by random 31-bit numbers drawn from this process's secret key, so no candidate can make a
    change that keeps them (about a 2^-62 chance; fixed weights let a +1/-2/+1 byte pattern through:
    round12_input_mutation_checksum, round12_init_checksum_collision). Sums stay below 2^63: no overflow."""
    import torch

    flat = tensor.detach().reshape(-1).view(torch.uint8) if tensor.numel() else tensor.new_empty(0, dtype=torch.uint8)
    weights = torch.Generator(device=flat.device)
    weights.manual_seed(_FINGERPRINT_KEY)
    sums = [0, 0]
    for start in range(0, flat.numel(), chunk):
        part = flat[start:start + chunk].to(torch.int64)
        for k in range(2):
            drawn = torch.randint(1, 1 << 31, (part.numel(),), generator=weights, device=part.device)
            sums[k] += int((part * drawn).sum())
    return sums[0], sums[1]


_FINGERPRINT_KEY = int.from_bytes(os.urandom(8), "little") >> 1  # per process; candidate code cannot name it


def same_state(before: Any, after: Any) -> bool:
    """Equal snapshots; tensors bit for bit, so a buffer left NaN (as allocated, poisoned) equals itself."""
    import torch

    if isinstance(before, torch.Tensor) or isinstance(after, torch.Tensor):
        return isinstance(before, torch.Tensor) and isinstance(after, torch.Tensor) and before.shape == after.shape \
            and before.dtype == after.dtype and bool(torch.equal(_bits(before), _bits(after)))
    if isinstance(before, (list, tuple)) and isinstance(after, (list, tuple)):
        return type(before) is type(after) and len(before) == len(after) and all(
            same_state(b, a) for b, a in zip(before, after))
    if isinstance(before, float) and before != before:  # NaN equals itself here (round15_false_reject_nan_constant)
        return type(after) is float and after != after
    return type(before) is type(after) and before == after


def _bits(tensor: Any) -> Any:
    import torch

    return tensor.detach().contiguous().reshape(-1).view(torch.uint8)


def share_weights(parameters: dict[str, Any], buffers: dict[str, Any], candidate: Any) -> list[Any]:
    """Load the reference's weights into the candidate: by name, else parameters by order where every shape
    agrees (a renamed layer) and buffers by name. Returns the candidate's tensors that now hold them."""
    import torch

    own = candidate.state_dict()
    weights = {**parameters, **buffers}
    if all(k in own and own[k].shape == v.shape for k, v in weights.items()):
        candidate.load_state_dict(weights, strict=False)
        return [own[k] for k in weights]
    ours, theirs = list(candidate.parameters()), list(parameters.values())
    buffers_match = all(k in own and own[k].shape == b.shape for k, b in buffers.items())
    if buffers_match and len(ours) == len(theirs) and all(a.shape == b.shape for a, b in zip(ours, theirs)):
        with torch.no_grad():
            for mine, given in zip(ours, theirs):
                mine.copy_(given)
        candidate.load_state_dict(buffers, strict=False)
        return ours + [own[k] for k in buffers]
    raise _Failed("weights", "ModelNew's parameters match the reference's neither by name nor by order and shape: "
                             f"reference {[(k, tuple(v.shape)) for k, v in list(weights.items())[:6]]}, "
                             f"ModelNew {[(k, tuple(v.shape)) for k, v in list(own.items())[:6]]}")


def short_error(exc: BaseException, limit: int = 2000, withhold: bool = False) -> str:
    """The exception as the feedback shows it: a tensor in it as its shape and dtype (`watching_tensor_text`), and
    with `withhold` (forward had read tensors' values into Python or an op reading them raised,
    `ForwardMonitor.read_values`, or the call was not monitored) its type alone. Its message is what the model reads
    next, and the judge's inputs are secret: `assert ok, x` and a message of `str(float(x[i]))` put them there
    (tests/attacks/round40_error_echoes_*), and so did an index error (round41_index_error_echoes_input_bits).

    Withheld, it still says what the candidate's code and Triton's are, never what a value is (session 34,
    feedback42): what a kernel's body raised under the interpreter (`InterpreterError` wraps it) by its type, the
    innermost line of candidate.py it raised from (the kernel's line, not only the launch), and the message where the
    statement that raised it is `raise SomeBuiltinError("a literal")`, source text whatever the values (Triton's
    "inline_asm not supported in interpreter mode")."""
    from ..verdict import WITHHELD
    from .monitors import watching_tensor_text

    chain = [exc] + ([exc.__cause__] if exc.__cause__ is not None else [])
    if withhold:
        inner = chain[-1]
        kind = _type_name(inner) if inner is exc else f"{_type_name(exc)} from {_type_name(inner)}"
        literal = _literal_message(inner)
        text = f"{kind}: {literal}" if literal is not None else \
            f"{kind} ({WITHHELD}: forward had read tensor values into Python, code reading them (a torch op, a " \
            "kernel's body) raised it, or the call was not monitored, and the message could hold them)"
    else:
        with watching_tensor_text():
            text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    frames = [f for e in chain for f in traceback.extract_tb(e.__traceback__) if f.filename.endswith("candidate.py")]
    where = f" (candidate.py line {frames[-1].lineno}: {frames[-1].line})" if frames else ""
    return (text + where)[:limit]


def _type_name(exc: BaseException) -> str:
    """A withheld exception's type: Python's, torch's or Triton's by its name; a class of the candidate's by no name
    (a name can be set from values, `E.__name__ = str(v)`, which the gate refuses and the runtime need not trust)."""
    kind = type(exc)
    return kind.__name__ if kind.__module__.split(".")[0] in ("builtins", "torch", "triton") else \
        "an exception of a class the candidate defined"


def _literal_message(exc: BaseException) -> str | None:
    """The message of a builtin exception raised by a statement `raise ItsType("a literal")` (the traceback's last
    frame), read from the source: text of the code, the same whatever the values; else None."""
    import ast
    import textwrap

    frames = traceback.extract_tb(exc.__traceback__)
    if not frames or type(exc).__module__ != "builtins" or len(exc.args) != 1:
        return None
    last = frames[-1]
    lines = linecache.getlines(last.filename)[last.lineno - 1:last.lineno + 7]
    for end in range(1, len(lines) + 1):
        try:
            tree = ast.parse(textwrap.dedent("".join(lines[:end])))
        except SyntaxError:
            continue
        node = tree.body[0] if len(tree.body) == 1 else None
        call = node.exc if isinstance(node, ast.Raise) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == type(exc).__name__
                and not call.keywords and len(call.args) == 1 and isinstance(call.args[0], ast.Constant)
                and isinstance(call.args[0].value, str) and call.args[0].value == exc.args[0]):
            return call.args[0].value
        return None
    return None


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None)
