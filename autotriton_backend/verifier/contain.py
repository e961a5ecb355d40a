"""OS containment for candidate code: run a command inside new namespaces, a minimal read-only filesystem,
an unprivileged uid and resource limits.

    python .../autotriton_backend/verifier/contain.py CONFIG_JSON -- COMMAND...

Run as a script, not a module, so that it stays small (no torch): it uses only the standard library and the
kernel (unshare, mount, pivot_root through libc), so nothing needs installing. Each layer is tried in turn; the
ones that took effect are sent as JSON over the status socket before the command starts, so a verdict
always says how the candidate was contained. Layers: `net` (no network), `mount` (only the scratch directory
writable, a tmpfs of its own whose size the judge sets per task; only what Python, torch, Triton and the GPU need
visible: no cgroup counters, and at /inputs only the folder of the task being judged), `pid` (the command is init of
its own PID namespace: when it exits, everything it started dies), `ipc`, `ipc_limits` (no SysV shared memory or
message queues), `uts` (a hostname of its own), `uid` (a uid/gid of its own when started as root: `sandbox_uid`),
`rlimits` (CPU time, file size, open files, processes, no core files), `memory` (address space; not on a GPU, where
CUDA maps a huge virtual range), `cgroup_memory`, `cgroup_pids`, `cgroup_cpu` and `cgroup_freezer` (the slot's
cgroups, made by the judge: `cgroup.py`; the memory, tasks and CPU share of every process inside together, and every
one of them frozen while the judge times a task's baselines), `no_new_privs`, `seccomp` (no
user namespaces of its own, no keyrings, io_uring, file events (inotify, fanotify) or socket families that no
namespace separates). Every process inside is undumpable (`untraceable`).
"""
from __future__ import annotations

import ctypes
import json
import os
import resource
import select
import signal
import socket
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_BIND, MS_REC = 1, 2, 4, 8, 4096, 16384
MS_PRIVATE, MS_REMOUNT = 1 << 18, 32
MNT_DETACH = 2
SYS_FSCONFIG, SYS_FSPICK, FSPICK_CLOEXEC, FSPICK_EMPTY_PATH = 431, 433, 0x1, 0x8
FSCONFIG_SET_STRING, FSCONFIG_CMD_RECONFIGURE = 1, 7
SYS_MOUNT_SETATTR, AT_RECURSIVE, MOUNT_ATTR_RDONLY, MOUNT_ATTR_NOSUID = 442, 0x8000, 0x1, 0x2
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_SECCOMP, PR_SET_NO_NEW_PRIVS, SECCOMP_MODE_FILTER = 1, 4, 22, 38, 2
SANDBOX_UIDS = 1 << 30  # the first of the uids sandboxes run as; no account has one this high
SCRATCH = "/scratch"  # where the candidate sees its writable directory
INPUTS = "/inputs"  # where it sees the judge's input files, read-only
# Where /sys shows the host's cgroups: every slot's counters (memory, tasks, CPU time), read by any other slot's
# candidate (tests/attacks_sandbox/other_slots_cgroups.py). The sandbox sees an empty folder there: nothing it runs
# needs them (of torch and Triton only libuv, in torch's distributed store, reads them, and takes none as no limit).
CGROUPS = "/sys/fs/cgroup"
DEVICES = ("null", "zero", "full", "random", "urandom")
ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "alternatives")  # not passwd: USER is set


@dataclass
class Limits:
    memory_bytes: int | None = 16 << 30  # address space on CPU; None where CUDA needs a huge virtual map
    cpu_seconds: int = 3600
    file_bytes: int = 4 << 30
    open_files: int = 1024
    processes: int = 8192  # counts threads of the uid; torch and CUDA start many
    scratch_bytes: int = 1 << 30  # the scratch tmpfs's size (`Sandbox.resize` changes it while it runs)


@dataclass
class ContainConfig:
    inputs: str  # host directory bound read-only at INPUTS
    readable: list[str]  # host paths bound read-only at the same place
    uid: int  # the uid and gid the command runs as, when started as root (`sandbox_uid`)
    devices: list[str] = field(default_factory=list)  # extra /dev nodes (GPU)
    limits: Limits = field(default_factory=Limits)
    status_fd: int = -1  # a SOCK_SEQPACKET socket: the layers as JSON, with the scratch directory's fd attached
    root: str = ""  # an empty host directory to build the new root on (only this process sees the mount)
    cgroups: dict[str, str] = field(default_factory=dict)  # layer -> the cgroup.procs file to join for it

    def to_arg(self) -> str:
        return json.dumps(asdict(self))

    @staticmethod
    def from_arg(text: str) -> "ContainConfig":
        data = json.loads(text)
        data["limits"] = Limits(**data["limits"])
        return ContainConfig(**data)


_libc = ctypes.CDLL(None, use_errno=True)


def sandbox_uid(judge_pid: int, slot: int) -> int:
    """The uid a judge's slot runs as, its own among every live judge's slots: RLIMIT_NPROC counts a uid's
    processes host-wide, so under one shared uid a candidate that started 8,189 processes made every other
    slot's fork fail (tests/attacks_sandbox/crowd_other_slots.py)."""
    return SANDBOX_UIDS + (judge_pid % (1 << 22)) * 256 + slot % 256


def _check(result: int, what: str) -> None:
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


def resize_tmpfs(directory_fd: int, nbytes: int) -> None:
    """Set the size of the tmpfs `directory_fd` lies on, from outside the mount namespace it is mounted in
    (fspick and fsconfig, Linux 5.2; the caller needs CAP_SYS_ADMIN where the tmpfs was mounted). A tmpfs that
    holds more than `nbytes` already refuses (EINVAL)."""
    picked = _libc.syscall(SYS_FSPICK, directory_fd, b"", FSPICK_EMPTY_PATH | FSPICK_CLOEXEC)
    if picked < 0:
        _check(-1, "fspick scratch")
    try:
        _check(_libc.syscall(SYS_FSCONFIG, picked, FSCONFIG_SET_STRING, b"size", str(nbytes).encode(), 0), "size")
        _check(_libc.syscall(SYS_FSCONFIG, picked, FSCONFIG_CMD_RECONFIGURE, None, None, 0), "reconfigure scratch")
    finally:
        os.close(picked)


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    enc = lambda s: None if s is None else s.encode()  # noqa: E731
    _check(_libc.mount(enc(source), enc(target), enc(fstype), ctypes.c_ulong(flags), enc(data)), f"mount {target}")


def _read_only(target: str) -> None:
    """Make a bind mount and everything under it read-only (mount_setattr; a plain remount where it is missing)."""
    attr = (ctypes.c_uint64 * 4)(MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID, 0, 0, 0)
    if _libc.syscall(SYS_MOUNT_SETATTR, -100, target.encode(), AT_RECURSIVE, ctypes.byref(attr), 32) != 0:
        _mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID)


def _bind(host: str, root: str, read_only: bool, at: str | None = None) -> None:
    target = root + (at or host)
    if os.path.islink(host) and at is None:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.lexists(target):
            os.symlink(os.readlink(host), target)
        return
    if os.path.isdir(host):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.exists(target):
            open(target, "w").close()
    _mount(host, target, None, MS_BIND | MS_REC)
    if read_only:
        _read_only(target)


def _build_root(config: ContainConfig, root: str) -> None:
    """A tmpfs holding only what the command needs, then pivot_root into it."""
    _mount(None, "/", None, MS_REC | MS_PRIVATE)  # nothing below propagates back to the host
    _mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=64m")
    os.makedirs(root + "/dev", exist_ok=True)
    _mount("tmpfs", root + "/dev", "tmpfs", MS_NOSUID, "mode=0755,size=1m")
    for name in DEVICES:
        _bind(f"/dev/{name}", root, read_only=False)
    for node in config.devices:
        if os.path.exists(node):
            _bind(node, root, read_only=False)
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                         ("stderr", "/proc/self/fd/2")):
        os.symlink(target, f"{root}/dev/{name}")
    for tmp in ("/dev/shm", "/tmp"):  # before the read-only binds, so a package living under /tmp stays visible
        os.makedirs(root + tmp, exist_ok=True)
        _mount("tmpfs", root + tmp, "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777,size=1g")
    paths = [p for p in config.readable if os.path.lexists(p)]
    paths += [f"/etc/{name}" for name in ETC_FILES if os.path.lexists(f"/etc/{name}")]
    for path in sorted(set(paths), key=lambda p: (p.count("/"), p)):
        _bind(path, root, read_only=True)
    if os.path.isdir(root + CGROUPS):
        _mount("tmpfs", root + CGROUPS, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0755,size=4k")
    os.makedirs(root + SCRATCH)  # a tmpfs, not a folder of the judge's /dev/shm, which had no size limit of its
    # own (round16_scratch_fills_host_shm: 3 GiB held in host memory); the judge reaches it through the fd `enter`
    # returns, and resizes it to each task's outputs
    _mount("tmpfs", root + SCRATCH, "tmpfs", MS_NOSUID | MS_NODEV, f"mode=0700,size={config.limits.scratch_bytes}")
    if os.geteuid() == 0:
        os.chown(root + SCRATCH, config.uid, config.uid)
    _bind(config.inputs, root, read_only=True, at=INPUTS)
    os.makedirs(root + "/proc", exist_ok=True)
    os.makedirs(root + "/.old", exist_ok=True)
    _check(_libc.syscall(155, root.encode(), (root + "/.old").encode()), "pivot_root")  # SYS_pivot_root
    os.chdir("/")
    _check(_libc.umount2(b"/.old", MNT_DETACH), "umount old root")
    os.rmdir("/.old")
    _mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV)


def _set_limits(limits: Limits) -> None:
    pairs = [(resource.RLIMIT_CPU, limits.cpu_seconds), (resource.RLIMIT_FSIZE, limits.file_bytes),
             (resource.RLIMIT_NOFILE, limits.open_files), (resource.RLIMIT_NPROC, limits.processes),
             (resource.RLIMIT_CORE, 0)]
    if limits.memory_bytes is not None:
        pairs.append((resource.RLIMIT_AS, limits.memory_bytes))
    for which, value in pairs:
        resource.setrlimit(which, (value, value))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an oversized write fails with EFBIG instead of killing


def enter(config: ContainConfig) -> tuple[list[str], int | None]:
    """Contain this process (it forks once: the caller continues as pid 1 of the new namespace).

    Returns the layers that took effect and, with `mount`, an fd of the scratch directory (close-on-exec) for
    the judge. Must run before any thread starts.
    """
    layers = _join_cgroups(config.cgroups)
    root_user = os.geteuid() == 0
    flags = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS
    uid, gid = os.geteuid(), os.getegid()
    if not root_user:
        flags |= CLONE_NEWUSER
    if _libc.unshare(flags) == 0:
        layers += ["net", "pid", "ipc", "uts"]
        if not root_user:
            Path("/proc/self/setgroups").write_text("deny")
            Path("/proc/self/uid_map").write_text(f"{uid} {uid} 1")
            Path("/proc/self/gid_map").write_text(f"{gid} {gid} 1")
    _become_init(layers)
    if "uts" in layers:
        socket.sethostname("sandbox")  # the host's name is the host's (it reached a verdict's feedback)
    if "ipc" in layers and _limit_ipc():
        layers.append("ipc_limits")
    scratch = None
    if "pid" in layers:
        try:
            _build_root(config, config.root)
            scratch = os.open(SCRATCH, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            layers.append("mount")
        except OSError as exc:
            print(f"autotriton contain: no private filesystem view: {exc}", file=sys.stderr)
    _set_limits(config.limits)
    layers += ["rlimits"] + (["memory"] if config.limits.memory_bytes is not None else [])
    if root_user:
        os.setgroups([])
        os.setgid(config.uid)
        os.setuid(config.uid)
        layers.append("uid")
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    layers.append("no_new_privs")
    if _seccomp_filter():
        layers.append("seccomp")
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # after setuid, which clears it
    untraceable()
    return layers, scratch


# /proc/sys names (all per IPC namespace): no SysV shared memory, message queues or semaphores, no POSIX
# message queues. A fresh namespace allows them all, uncapped by the tmpfs sizes or RLIMIT_AS, and they outlive
# the candidate in the zygote's namespace: sysv_shm_outlives_candidate held 6.3 GB, sysv_sem_outlives_candidate
# 2 GiB of kernel memory, ipc_channel_to_next left a message and a semaphore for the next candidate. Torch and
# Python use POSIX shared memory and semaphores (files in /dev/shm, a sized tmpfs here), never these.
IPC_LIMITS = {"kernel/shmmax": "0", "kernel/shmall": "0", "kernel/shm_rmid_forced": "1", "kernel/msgmni": "0",
              "kernel/sem": "0 0 0 0", "fs/mqueue/queues_max": "0"}


def _limit_ipc() -> bool:
    """Apply IPC_LIMITS in the sandbox's IPC namespace (contain is still root in it; the candidate never is)."""
    try:
        for name, value in IPC_LIMITS.items():
            Path(f"/proc/sys/{name}").write_text(value)
    except OSError as exc:
        print(f"autotriton contain: IPC left unlimited: {exc}", file=sys.stderr)
        return False
    return True


class _Instruction(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint)]


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_Instruction))]


@dataclass(frozen=True)
class Syscalls:
    """One machine's audit arch and the numbers of the system calls the filter decides on."""
    arch: int
    unshare: int
    clone: int
    refused: tuple[int, ...]  # add_key, request_key, keyctl; io_uring_setup, io_uring_enter, io_uring_register
    sockets: tuple[int, int]  # socket, socketpair: only SOCKET_FAMILIES
    unsupported: tuple[int, ...]  # clone3; inotify_init1, inotify_add_watch, inotify_rm_watch, fanotify_init,
    # fanotify_mark (and x86_64's inotify_init): answered as by a kernel without them
    fcntl: int  # fcntl: not FCNTL_UNSUPPORTED
    # `refuse_self_kill`'s: the calls that send a signal (kill, tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo,
    # pidfd_send_signal) -> the position of their signal argument; timer_create; setrlimit and prlimit64; ptrace
    signal_at: dict[int, int]
    timer_create: int
    setrlimit: int
    prlimit64: int
    ptrace: int


# elsewhere the layer is absent, and the verdict says so
SYSCALLS = {"x86_64": Syscalls(0xC000003E, 272, 56, (248, 249, 250, 425, 426, 427), (41, 53),
                               (435, 294, 254, 255, 300, 301, 253), 72,
                               {62: 1, 200: 1, 234: 2, 129: 1, 297: 2, 424: 1}, 222, 160, 302, 101),
            "aarch64": Syscalls(0xC00000B7, 97, 220, (217, 218, 219, 425, 426, 427), (198, 199),
                                (435, 26, 27, 28, 262, 263), 25,
                                {129: 1, 130: 1, 131: 2, 138: 1, 240: 2, 424: 1}, 107, 164, 261, 117)}
# The socket families a sandbox may make: AF_UNIX, AF_INET, AF_INET6, AF_NETLINK, all of them per network namespace.
# Others are not: AF_VSOCK reaches the hypervisor's host (CID 2) from any network namespace of a VM guest, past
# the `net` layer (round attack44, tests/attacks_sandbox/vsock_past_net_namespace.py); AF_ALG and the rest are only
# kernel code to attack. Python, torch and Triton make none of them.
SOCKET_FAMILIES = (1, 2, 10, 16)
# fcntl commands that reach other processes through an inode every slot shares (the package binds, an input set's
# links), answered EINVAL as by a kernel without them (round attack49): F_NOTIFY is dnotify, the third file-event
# interface beside inotify and fanotify (tests/attacks_sandbox/dnotify_on_binds.py); F_SETLEASE, where the sandbox's
# uid owns the input files (a judge not run as root: the uid is kept in a user namespace), holds every other
# slot's open of the same input file for /proc/sys/fs/lease-break-time (45 s). Python, torch and Triton use neither.
F_SETLEASE, F_NOTIFY = 1024, 1026
FCNTL_UNSUPPORTED = (F_SETLEASE, F_NOTIFY)
LOAD, JUMP_EQ, JUMP_GE, JUMP_SET, RETURN = 0x20, 0x15, 0x35, 0x45, 0x06
ALLOW, ERRNO, EPERM, EINVAL, ENOSYS, EAFNOSUPPORT, FOREIGN_ABI = 0x7FFF0000, 0x00050000, 1, 22, 38, 97, 0x40000000


def _seccomp_filter() -> bool:
    """A seccomp filter for what the namespaces leave reachable. unshare and clone may not make a user namespace,
    in which a candidate had mounted a 100 GiB tmpfs of its own (userns_tmpfs_unbounded); clone3, whose flags a
    filter cannot read, answers ENOSYS (glibc then uses clone). So do inotify and fanotify: every slot binds the same
    host folders, and a watch on them saw the judge and other slots at work (file_events_on_binds); of torch and
    Triton only libuv, in torch's distributed store, calls them. The kernel's keyrings are not namespaced: a key
    outlived the sandbox in its uid's keyring, and the judge's session keyring, which the sandbox inherits, was
    read and written (keyring_outlives_sandbox), so add_key, request_key and keyctl are refused. io_uring is refused:
    its operations pass no seccomp filter, so any call refused here could be made through it (round attack21 found
    none today). socket and socketpair make only SOCKET_FAMILIES (EAFNOSUPPORT else). Another ABI's system calls
    (i386, x32, and with them socketcall) are refused. fcntl answers FCNTL_UNSUPPORTED (dnotify, leases) EINVAL.
    Needs no_new_privs."""
    if os.uname().machine not in SYSCALLS:
        return False
    calls = SYSCALLS[os.uname().machine]
    answered = lambda numbers, errno: [step for number in numbers  # noqa: E731
                                       for step in ((JUMP_EQ, 0, 1, number), (RETURN, 0, 0, ERRNO | errno))]
    families = len(SOCKET_FAMILIES)  # socket and socketpair: a listed family is allowed, any other refused
    sockets = [(JUMP_EQ, 1, 0, calls.sockets[0]), (JUMP_EQ, 0, 3 + families, calls.sockets[1]), (LOAD, 0, 0, 16),
               *((JUMP_EQ, families - i, 0, family) for i, family in enumerate(SOCKET_FAMILIES)),
               (RETURN, 0, 0, ERRNO | EAFNOSUPPORT), (RETURN, 0, 0, ALLOW)]
    commands = len(FCNTL_UNSUPPORTED)  # fcntl: its command (an unsigned int: the argument's low half) decides
    fcntl = [(JUMP_EQ, 0, 3 + commands, calls.fcntl), (LOAD, 0, 0, 24),
             *((JUMP_EQ, commands - i, 0, command) for i, command in enumerate(FCNTL_UNSUPPORTED)),
             (RETURN, 0, 0, ALLOW), (RETURN, 0, 0, ERRNO | EINVAL)]
    code = [(LOAD, 0, 0, 4), (JUMP_EQ, 1, 0, calls.arch), (RETURN, 0, 0, ERRNO | EPERM),
            (LOAD, 0, 0, 0), (JUMP_GE, 0, 1, FOREIGN_ABI), (RETURN, 0, 0, ERRNO | EPERM),
            *answered(calls.unsupported, ENOSYS), *answered(calls.refused, EPERM), *sockets, *fcntl,
            (JUMP_EQ, 1, 0, calls.unshare), (JUMP_EQ, 0, 3, calls.clone),
            (LOAD, 0, 0, 16), (JUMP_SET, 0, 1, CLONE_NEWUSER), (RETURN, 0, 0, ERRNO | EPERM),
            (RETURN, 0, 0, ALLOW)]  # LOAD offsets: 0 the call's number, 4 its ABI, 16 its first argument, 24 its second
    instructions = (_Instruction * len(code))(*[_Instruction(*i) for i in code])
    program = _Program(len(code), instructions)
    return _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(program), 0, 0) == 0


# What a candidate could make the kernel kill its own processes with SIGKILL by, had it no filter
# (`refuse_self_kill`): a SIGKILL it sends (`Syscalls.signal_at`), one it asks for later (fcntl F_SETSIG, a clone
# whose exit signal its parent gets, a POSIX timer, whose sigevent a filter cannot read), its CPU-time limit
# lowered (setrlimit, prlimit64 with a new value), whose hard limit the kernel enforces with SIGKILL, and ptrace,
# whose tracer delivers any signal to its tracee (PTRACE_KILL, a resume's signal): the host can undo `untraceable`
# (PR_SET_DUMPABLE 1) and be attached by its own fork, which SIGKILLed it, `internal` (round attack75).
F_SETSIG, CSIGNAL, AND = 10, 0xFF, 0x54


def _refused_when(number: int, *conditions: tuple[int, int, int, bool]) -> list[tuple[int, int, int, int]]:
    """BPF that answers call `number` EPERM when every condition holds, else goes on to what follows. A condition
    (offset, mask, value, equal): the 32 bits at `offset` of the call's data, masked, equal `value` (or not)."""
    steps: list[tuple[int, int, int | None, int]] = [(LOAD, 0, 0, 0), (JUMP_EQ, 0, None, number)]
    for offset, mask, value, equal in conditions:
        steps += [(LOAD, 0, 0, offset), *([(AND, 0, 0, mask)] if mask != 0xFFFFFFFF else [])]
        steps.append((JUMP_EQ, 0, None, value) if equal else (JUMP_EQ, None, 0, value))  # type: ignore[arg-type]
    steps.append((RETURN, 0, 0, ERRNO | EPERM))
    past = len(steps) - 1  # a failed condition jumps to the first step after this block
    return [(code, past - i if jt is None else jt, past - i if jf is None else jf, k)  # type: ignore[misc]
            for i, (code, jt, jf, k) in enumerate(steps)]


def refuse_self_kill() -> bool:
    """Install, in the process candidates run in (forks inherit it), a filter that keeps them from having the kernel
    SIGKILL any process: the one signal nothing of the judge's sends a candidate's process, so that a SIGKILL of
    one, with no OOM kill in its slot and no deadline of the judge's, is the machine's (`Sandbox._receive`).
    Argument offsets: 16 + 8 x the position for the low half, + 4 for the high half. Needs no_new_privs."""
    calls = SYSCALLS.get(os.uname().machine)
    if calls is None:
        return False
    word = lambda position: 16 + 8 * position  # noqa: E731
    code = [step for number, at in calls.signal_at.items()
            for step in _refused_when(number, (word(at), 0xFFFFFFFF, signal.SIGKILL, True))]
    code += _refused_when(calls.fcntl, (word(1), 0xFFFFFFFF, F_SETSIG, True), (word(2), 0xFFFFFFFF, signal.SIGKILL, True))
    code += _refused_when(calls.clone, (word(0), CSIGNAL, signal.SIGKILL, True))
    code += _refused_when(calls.timer_create, (word(1), 0xFFFFFFFF, 0, False))  # a sigevent given: its signal unread
    code += _refused_when(calls.timer_create, (word(1) + 4, 0xFFFFFFFF, 0, False))
    code += _refused_when(calls.setrlimit, (word(0), 0xFFFFFFFF, resource.RLIMIT_CPU, True))
    for half in (0, 4):  # a new limit given (its pointer not NULL); reading the limit stays allowed
        code += _refused_when(calls.prlimit64, (word(1), 0xFFFFFFFF, resource.RLIMIT_CPU, True),
                              (word(2) + half, 0xFFFFFFFF, 0, False))
    code += _refused_when(calls.ptrace)
    code.append((RETURN, 0, 0, ALLOW))
    instructions = (_Instruction * len(code))(*[_Instruction(*i) for i in code])
    program = _Program(len(code), instructions)
    return _libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(program), 0, 0) == 0


def untraceable() -> None:
    """No process of the same uid may ptrace this one, or open its /proc/PID/mem, fds or environ. execve makes a
    process dumpable again, so the command run inside (the runner's zygote) calls this too, first thing: a
    candidate forked from it had attached to its zygote (pid 1) and rewritten it to answer every later candidate's
    requests itself (tests/attacks_sandbox/ptrace_zygote.py). Forks inherit it."""
    _check(_libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0), "not dumpable")


def _join_cgroups(cgroups: dict[str, str]) -> list[str]:
    """Move this process into the slot's cgroups before it forks, so every process of the sandbox is charged
    there; returns the layers joined. The files are root's: the candidate's uid can move nothing out."""
    joined = []
    for layer, procs in cgroups.items():
        try:
            fd = os.open(procs, os.O_WRONLY)
            try:
                os.write(fd, str(os.getpid()).encode())
            finally:
                os.close(fd)
            joined.append(layer)
        except OSError as exc:
            print(f"autotriton contain: not in cgroup {procs}: {exc}", file=sys.stderr)
    return joined


def _become_init(layers: list[str]) -> None:
    """Fork so the child is pid 1 of the new PID namespace; the parent stays outside and mirrors its exit."""
    judge = os.getppid()
    pid = os.fork()
    if pid == 0:
        _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # the judge kills the outside half to end it
        return
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda *_: os.kill(pid, signal.SIGKILL))
    _outlive_no_judge(pid, judge)
    _, status = os.waitpid(pid, 0)
    os._exit(os.waitstatus_to_exitcode(status) & 0xFF if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))


def _outlive_no_judge(pid: int, judge: int) -> None:
    """Return when the inside half has exited, having killed it (and with it the namespace) if the judge that
    started this process died first: a judge that dies without ending its sandboxes (its test run crashed) left a
    candidate's infinite loop spinning for good. A process, not a thread: PDEATHSIG would follow the judge's
    thread that started us."""
    try:
        inside, parent = os.pidfd_open(pid), os.pidfd_open(judge)
    except OSError:  # no pidfd (Linux before 5.3): the judge's own kill still ends the sandbox
        return
    if os.getppid() != judge:  # it died before its pidfd was opened
        os.kill(pid, signal.SIGKILL)
        return
    ready, _, _ = select.select([inside, parent], [], [])
    if parent in ready and inside not in ready:
        os.kill(pid, signal.SIGKILL)


def main(argv: list[str]) -> None:
    config = ContainConfig.from_arg(argv[1])
    command = argv[argv.index("--") + 1:]
    layers, scratch = enter(config)
    os.environ["AUTOTRITON_SANDBOX_LAYERS"] = ",".join(layers)
    if config.status_fd >= 0:
        with socket.socket(fileno=config.status_fd) as status:
            socket.send_fds(status, [json.dumps({"layers": layers}).encode()], [] if scratch is None else [scratch])
    if scratch is not None:
        os.close(scratch)
    os.execve(command[0], command, os.environ)


if __name__ == "__main__":
    main(sys.argv)
