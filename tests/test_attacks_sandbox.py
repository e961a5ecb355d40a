"""Attacks on what the sandbox sends back (replies, output files, the job directory), judged behind the gate.

Each candidate in tests/attacks_sandbox/ takes over its sandboxed process (code the static gate refuses:
`# expect: gate`) and then lies to the judge through the channel and the job directory. With the gate
bypassed (`static_gate=False`), the judge must still reject it with `# behind the gate:` and a reason
containing `# reason:`, leave no `# effect:` file on the host, never fail itself (`internal`), never hang, and
never read outside the job directory.
"""
from __future__ import annotations

import math
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions
from autotriton_backend.verifier.cgroup import MEMORY_FILES, PARENT, hierarchies
from autotriton_backend.verifier.sandbox import Sandbox, SandboxFailure, SlotSize

HERE = Path(__file__).parent
CROWD = HERE / "attacks_sandbox" / "crowd_other_slots.py"  # judged beside an honest candidate, in its own test
HOG = HERE / "attacks_sandbox" / "fork_memory_past_cap.py"  # GBs of memory: judged alone, in its own test
STARVE = HERE / "attacks_sandbox" / "starve_other_slots.py"  # judged beside an honest candidate, in its own test
OTHER_TASKS = HERE / "attacks_sandbox" / "inputs_of_other_tasks.py"  # judged after and beside another task
ATTACKS = sorted(p for p in (HERE / "attacks_sandbox").glob("*.py")  # round70_, 72_, 85_: test_transient_failures.py
                 if not p.name.startswith(("gpu_", "probe_", "round70_", "round72_", "round85_"))
                 and p not in (CROWD, HOG, STARVE, OTHER_TASKS))
PROBE = HERE / "attacks_sandbox" / "probe_scratch_is_clean.py"  # judged after an attack, in the same slot
GPU_ATTACKS = sorted((HERE / "attacks_sandbox").glob("gpu_*.py"))  # replies to the timing request
TASKS = HERE / "catalogue"
OPTIONS = VerifyOptions(device="cpu", timeout_s=40)
VERDICT_TIMEOUT_S = 120  # a judge that blocks on a planted file must fail the test, not hang it


def constant(path: Path, name: str) -> str:
    """A module constant of an attack file (`NAME = value`), so the test and the attack agree on it."""
    match = re.search(rf"^{name} = (.+)$", path.read_text(), re.MULTILINE)
    assert match, f"{path.name} lacks '{name} = '"
    return match.group(1).strip()


def header(path: Path, field: str) -> str:
    match = re.search(rf"^# {field}: (.+)$", path.read_text(), re.MULTILINE)
    assert match, f"{path.name} lacks a '# {field}:' header"
    return match.group(1).strip()


@pytest.fixture(scope="module")
def verdicts():
    with VerifierPool("cpu", workers=2) as pool:
        futures = {}
        for path in ATTACKS:
            task = KernelTask.from_file(TASKS / f"{header(path, 'task')}.py")
            futures[path.name] = (pool.submit(task, Candidate(path.read_text()), OPTIONS),
                                  pool.submit(task, Candidate(path.read_text()), OPTIONS, static_gate=False))
        yield {name: (gated.result(VERDICT_TIMEOUT_S), ungated.result(VERDICT_TIMEOUT_S))
               for name, (gated, ungated) in futures.items()}


@pytest.mark.parametrize("path", ATTACKS, ids=[p.stem for p in ATTACKS])
def test_sandbox_reply_attack_is_refused(path: Path, verdicts) -> None:
    gated, ungated = verdicts[path.name]
    assert gated.failed_check is not None and gated.failed_check.name == header(path, "expect"), gated.failed_check
    failed = ungated.failed_check
    assert not ungated.correct and failed is not None, ungated.feedback
    assert failed.name == header(path, "behind the gate"), failed
    assert header(path, "reason") in failed.reason, failed.reason
    assert all(isinstance(s, float) and math.isfinite(s) and s >= 0 for s in ungated.stage_seconds.values()), \
        ungated.stage_seconds
    effect = re.search(r"^# effect: (.+)$", path.read_text(), re.MULTILINE)  # a file the attack writes, if any
    assert effect is None or not Path(effect.group(1).strip()).exists(), "the attack's file reached the host"


LEAVERS = ("job_link_outlives", "scratch_log_fills_next", "scratch_locked_folder", "ipc_channel_to_next",
           "zygote_rlimit_next", "zygote_autogroup_ioprio_next",
           "round58_pid_counter_to_next")  # aimed at the next candidate


@pytest.mark.parametrize("name", LEAVERS)
def test_nothing_a_candidate_leaves_in_its_scratch_reaches_the_next(name: str) -> None:
    """One slot, two candidates: what the first left (a link in the job folder's place, a folder beside it, a log
    that filled the scratch, folders locked at mode 000) is gone when the next one loads, so it can neither poison
    nor feed that one, nor leave it no room."""
    attack = HERE / "attacks_sandbox" / f"{name}.py"
    task = KernelTask.from_file(TASKS / "task_add_relu.py")
    with VerifierPool("cpu", workers=1) as pool:
        first = pool.submit(task, Candidate(attack.read_text()), OPTIONS, static_gate=False).result(VERDICT_TIMEOUT_S)
        after = pool.submit(task, Candidate(PROBE.read_text()), OPTIONS, static_gate=False).result(VERDICT_TIMEOUT_S)
    assert first.failed_check is not None and first.failed_check.name == header(attack, "behind the gate"), \
        first.failed_check
    assert after.correct, after.feedback


def test_a_candidate_cannot_use_up_another_slots_processes() -> None:
    """While one slot's candidate holds every thread its limit allows, an honest candidate in the other slot is
    judged as usual: the process limit counts per uid, and each slot has its own."""
    task = KernelTask.from_file(TASKS / "task_add_relu.py")
    with VerifierPool("cpu", workers=2) as pool:
        crowd = pool.submit(task, Candidate(CROWD.read_text()), OPTIONS, static_gate=False)
        time.sleep(10)  # its threads are started by now (about one second on 2 cores)
        honest = pool.submit(task, Candidate((TASKS / "honest_single_kernel.py").read_text()), OPTIONS)
        judged = honest.result(VERDICT_TIMEOUT_S)
        crowded = crowd.result(VERDICT_TIMEOUT_S)
    assert judged.correct, judged.feedback
    failed = crowded.failed_check
    assert failed is not None and failed.name == header(CROWD, "behind the gate"), failed
    assert header(CROWD, "reason") in failed.reason and crowded.stage_seconds["load"] > 30, crowded.stage_seconds


def test_a_candidate_sees_only_the_inputs_of_the_task_it_is_judged_on() -> None:
    """inputs_of_other_tasks' defence: with another task's input sets held by the judge (judged before) and being
    judged in the other slot meanwhile, a candidate's /inputs holds one folder, its own task's. Before, it listed and
    read the other task's secret inputs."""
    task, other = (KernelTask.from_file(TASKS / f"{name}.py") for name in ("task_add_relu", "task_gelu"))
    honest_other = Candidate((TASKS / "honest_round31_erf_gelu.py").read_text())
    with VerifierPool("cpu", workers=2) as pool:
        held = pool.submit(other, honest_other, OPTIONS).result(VERDICT_TIMEOUT_S)
        gated = pool.submit(task, Candidate(OTHER_TASKS.read_text()), OPTIONS)
        beside = pool.submit(other, honest_other, OPTIONS)
        attack = pool.submit(task, Candidate(OTHER_TASKS.read_text()), OPTIONS, static_gate=False)
        verdict, judged = attack.result(VERDICT_TIMEOUT_S), beside.result(VERDICT_TIMEOUT_S)
    assert held.correct and judged.correct, (held.feedback, judged.feedback)
    assert gated.result().failed_check.name == header(OTHER_TASKS, "expect")
    failed = verdict.failed_check
    assert failed is not None and failed.name == header(OTHER_TASKS, "behind the gate"), failed
    assert header(OTHER_TASKS, "reason") in failed.reason and other.key[:12] not in failed.reason, failed.reason
    assert task.key[:12] in failed.reason, failed.reason  # its own folder, readable as before


def test_a_candidate_cannot_starve_another_slot_of_cpu() -> None:
    """starve_other_slots' defence: while one slot's candidate keeps 200 processes spinning, each in a session (an
    autogroup) of its own, an honest candidate in the other slot is judged before that hold ends: each slot's
    processes together weigh as one task (cgroup_cpu). Unweighed, it got about 1% of a core and was still judging
    when the hold ended (checked by taking the cpu controller out of cgroup.CONTROLLERS)."""
    task = KernelTask.from_file(TASKS / "task_add_relu.py")
    hold_s = int(constant(STARVE, "HOLD_S"))
    with VerifierPool("cpu", workers=2) as pool:
        pool.submit(task, Candidate((TASKS / "honest_single_kernel.py").read_text()), OPTIONS).result(
            VERDICT_TIMEOUT_S)  # both slots' sandboxes are up: the hold below is the honest candidate's alone
        starve = pool.submit(task, Candidate(STARVE.read_text()), OPTIONS, static_gate=False)
        time.sleep(5)  # its spinners are started by now (about a second on 2 cores)
        started = time.monotonic()
        judged = pool.submit(task, Candidate((TASKS / "honest_single_kernel.py").read_text()), OPTIONS).result(
            VERDICT_TIMEOUT_S)
        seconds = time.monotonic() - started
        starved = starve.result(VERDICT_TIMEOUT_S)
        judge = pool.process.pid
    left = [folder for h in hierarchies().values() for folder in (h.root / PARENT).glob(f"judge{judge}-slot*")]
    assert left == [], left  # removed with the pool: no spinner (nor anything else) outlived its sandbox
    assert judged.correct and "cgroup_cpu" in judged.layers, (judged.feedback, judged.layers)
    assert seconds < hold_s - 5, f"the honest candidate took {seconds:.1f} s beside the spinners"
    failed = starved.failed_check
    assert failed is not None and failed.name == header(STARVE, "behind the gate"), failed
    assert header(STARVE, "reason") in failed.reason and starved.stage_seconds["load"] >= hold_s, starved.stage_seconds


def test_a_candidate_cannot_hold_more_host_memory_than_its_slot_allows() -> None:
    """fork_memory_past_cap's defence: the slot's memory cgroup caps all the sandbox's processes together. The kernel
    kills one at the cap, the judge fails the candidate for it (`out_of_memory`, a runtime failure, not the
    verifier's), stops the sandbox so nothing the candidate started lives on, and judges the next one as usual."""
    task = KernelTask.from_file(TASKS / "task_add_relu.py")
    with VerifierPool("cpu", workers=1) as pool:
        gated = pool.submit(task, Candidate(HOG.read_text()), OPTIONS).result(VERDICT_TIMEOUT_S)
        verdict = pool.submit(task, Candidate(HOG.read_text()), OPTIONS, static_gate=False).result(VERDICT_TIMEOUT_S)
        memory = hierarchies()["memory"]
        slot = memory.root / PARENT / f"judge{pool.process.pid}-slot0"
        deadline = time.monotonic() + 10
        while (slot / "cgroup.procs").read_text() and time.monotonic() < deadline:
            time.sleep(0.1)  # the stopped sandbox's last processes go moments after its outer half
        left = (slot / "cgroup.procs").read_text().split()
        held = int((slot / MEMORY_FILES[memory.version].usage).read_text())
        honest = pool.submit(task, Candidate((TASKS / "honest_single_kernel.py").read_text()), OPTIONS)
        judged = honest.result(VERDICT_TIMEOUT_S)
    assert gated.failed_check is not None and gated.failed_check.name == header(HOG, "expect")
    failed = verdict.failed_check
    assert {"cgroup_memory", "cgroup_pids"} <= set(verdict.layers), verdict.layers
    assert not verdict.correct and failed is not None and failed.name == header(HOG, "behind the gate"), failed
    assert header(HOG, "reason") in failed.reason and verdict.failure == "runtime"
    assert left == [] and held < 1 << 30, (left, held)  # no process of it, and not its GBs, outlived the verdict
    assert judged.correct and "cgroup_memory" in judged.layers, judged.feedback
    assert not slot.exists()  # removed with the pool


def test_the_scratch_is_a_tmpfs_only_the_sandbox_mounts_sized_by_the_judge(tmp_path: Path) -> None:
    """scratch_fills_host_shm's defence on its own: the scratch tmpfs is not under the judge's folders, starts at
    the default size, grows in place for a task, and one that already holds more than a new size is restarted
    at that size instead (a candidate's leftovers never make the next one's scratch too small)."""
    box = Sandbox(tmp_path, 0, "cpu")

    def size() -> int:
        stats = os.statvfs(box.scratch)
        return stats.f_blocks * stats.f_frsize

    try:
        box.start()
        assert "mount" in box.layers and size() == SlotSize.for_task("cpu", 0, 0).scratch_bytes
        assert (box.scratch / "log").exists() and not list(tmp_path.rglob("log"))
        box.resize(SlotSize(3 << 30, 8 << 30))
        assert size() == 3 << 30 and box.process is not None  # resized in place, the sandbox kept
        (box.scratch / "leftover").write_bytes(bytes(2 << 20))
        box.resize(SlotSize(1 << 20, 8 << 30))
        assert box.process is None  # too small for what it holds: stopped
        box.start()
        assert size() == 1 << 20 and not (box.scratch / "leftover").exists()
    finally:
        box.close()
    with pytest.raises(SandboxFailure, match="no scratch"):  # closed with it: the tmpfs is gone
        box.scratch


def test_the_seccomp_layer_refuses_user_namespaces_keyrings_and_io_uring_and_keeps_threads() -> None:
    """userns_tmpfs_unbounded's and keyring_outlives_sandbox's defence on its own, in a process of its own: a
    keyring call and an io_uring work before the filter; after it, a user namespace (which made mounting possible),
    the keyring calls and io_uring are refused, and threads, whose clone3 the filter answers ENOSYS, still start."""
    script = """
import ctypes, os, threading
from autotriton_backend.verifier import contain
libc = ctypes.CDLL(None, use_errno=True)
keyctl, io_uring_setup = (contain.SYSCALLS[os.uname().machine].refused[i] for i in (2, 3))
params = ctypes.create_string_buffer(120)  # struct io_uring_params, zeroed
assert libc.syscall(keyctl, 0, ctypes.c_int(-3), 0) != -1  # KEYCTL_GET_KEYRING_ID of the session keyring
assert libc.syscall(io_uring_setup, 1, params) >= 0, ctypes.get_errno()  # a ring of one entry
assert libc.prctl(contain.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
assert contain._seccomp_filter()
assert libc.unshare(contain.CLONE_NEWUSER) == -1 and ctypes.get_errno() == 1
assert libc.syscall(keyctl, 0, ctypes.c_int(-3), 0) == -1 and ctypes.get_errno() == 1
assert libc.syscall(io_uring_setup, 1, params) == -1 and ctypes.get_errno() == 1
ran = []
thread = threading.Thread(target=ran.append, args=(1,))
thread.start()
thread.join()
print("refused, thread ran" if ran else "no thread")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "refused, thread ran", done.stderr


def test_the_seccomp_layer_makes_only_namespaced_socket_families() -> None:
    """vsock_past_net_namespace's defence on its own, in a process of its own: an AF_VSOCK socket (which reaches a VM's
    host from any network namespace) is made before the filter where the kernel has it, and refused after it, with
    socketpair's; AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK sockets, and socketpair, still work."""
    script = """
import ctypes, socket
from autotriton_backend.verifier import contain
libc = ctypes.CDLL(None, use_errno=True)
def made(family, kind):
    try:
        socket.socket(family, kind).close()
        return True
    except OSError as exc:
        return exc.errno
before = made(socket.AF_VSOCK, socket.SOCK_STREAM)
assert libc.prctl(contain.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
assert contain._seccomp_filter()
assert made(socket.AF_VSOCK, socket.SOCK_STREAM) == 97 and made(38, socket.SOCK_SEQPACKET) == 97  # vsock, AF_ALG
try:
    socket.socketpair(socket.AF_VSOCK)
    raise SystemExit("socketpair(AF_VSOCK) made")
except OSError as exc:
    assert exc.errno == 97, exc
kept = [made(f, k) for f, k in ((socket.AF_UNIX, socket.SOCK_STREAM), (socket.AF_INET, socket.SOCK_DGRAM),
                                (socket.AF_INET6, socket.SOCK_STREAM), (socket.AF_NETLINK, socket.SOCK_RAW))]
socket.socketpair()[0].close()
print("vsock made before" if before is True else "no vsock here", "refused after", kept)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip().endswith("refused after [True, True, True, True]"), (done.stdout, done.stderr)


def test_the_seccomp_layer_refuses_file_events() -> None:
    """file_events_on_binds' defence on its own, in a process of its own: an inotify watch and a fanotify group are
    made before the filter (fanotify as root here; unprivileged from Linux 5.13), and after it every inotify and
    fanotify call answers ENOSYS, as on a kernel built without them."""
    script = """
import ctypes, os
from autotriton_backend.verifier import contain
libc = ctypes.CDLL(None, use_errno=True)
def errno(result):
    return "made" if result >= 0 else ctypes.get_errno()
calls = contain.SYSCALLS[os.uname().machine]
before = errno(libc.inotify_add_watch(libc.inotify_init1(0), b"/usr", 0x100)), errno(libc.fanotify_init(0x200, 0))
assert libc.prctl(contain.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
assert contain._seccomp_filter()
after = [errno(libc.inotify_init1(0)), errno(libc.fanotify_init(0x200, 0))]
after += [errno(libc.syscall(number, -1, 0, 0, 0, 0)) for number in calls.unsupported]  # the rest, on no fd
print(before, set(after))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith("('made', ") and done.stdout.strip().endswith("{38}"), (done.stdout, done.stderr)



def test_the_seccomp_layer_refuses_dnotify_and_leases() -> None:
    """dnotify_on_binds' defence, and the lease a sandbox whose uid owns the input files (a judge not run as root)
    could take, in a process of its own: fcntl's F_NOTIFY and F_SETLEASE work before the filter (root holds
    CAP_LEASE) and answer EINVAL after it, also with bits set above the command's unsigned int; fcntl's other
    commands, flock and sockets still work."""
    script = """
import ctypes, fcntl, os, signal, socket
from autotriton_backend.verifier import contain
signal.signal(signal.SIGIO, signal.SIG_IGN)
libc = ctypes.CDLL(None, use_errno=True)
FCNTL, F_SETLEASE, F_NOTIFY = {"x86_64": 72, "aarch64": 25}[os.uname().machine], 1024, 1026
def made(result):
    return "made" if result >= 0 else ctypes.get_errno()
def fcntl_calls():
    folder, file = os.open("/usr", os.O_RDONLY | os.O_DIRECTORY), os.open(contain.__file__, os.O_RDONLY)
    return (made(libc.syscall(FCNTL, folder, F_NOTIFY, ctypes.c_ulong(0x80000001))),
            made(libc.syscall(FCNTL, file, F_SETLEASE, fcntl.F_RDLCK)),
            made(libc.syscall(FCNTL, file, ctypes.c_ulong(F_SETLEASE | 1 << 32), fcntl.F_UNLCK)))
before = fcntl_calls()
assert libc.prctl(contain.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
assert contain._seccomp_filter()
file = os.open(contain.__file__, os.O_RDONLY)
fcntl.flock(file, fcntl.LOCK_SH)
socket.socketpair()
print(before, fcntl_calls(), fcntl.fcntl(file, fcntl.F_GETFL) & 3, fcntl.fcntl(file, 1025))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "('made', 'made', 'made') (22, 22, 22) 0 2", (done.stdout, done.stderr)

SESSION_READER = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
KEYCTL = {"x86_64": 250, "aarch64": 219}[os.uname().machine]
listing, found = ctypes.create_string_buffer(4096), []
n = libc.syscall(KEYCTL, 11, ctypes.c_int(-3), listing, 4096)  # KEYCTL_READ the session keyring: its keys' ids
for i in range(0, min(max(n, 0), 4096), 4):
    payload = ctypes.create_string_buffer(256)
    got = libc.syscall(KEYCTL, 11, int.from_bytes(listing.raw[i:i + 4], "little"), payload, 256)
    found.append(payload.raw[:max(got, 0)])
raise RuntimeError(f"session keyring: {found}")
"""


def test_a_candidate_cannot_reach_the_hosts_session_keyring() -> None:
    """keyring_outlives_sandbox's second half: judged by a pool started from a process whose session keyring holds
    a key (as a login's does), a candidate neither reads that key into its feedback nor plants one beside it."""
    script = f"""
import ctypes, os
from pathlib import Path
from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions
libc = ctypes.CDLL(None, use_errno=True)
ADD_KEY, KEYCTL = {{"x86_64": (248, 250), "aarch64": (217, 219)}}[os.uname().machine]
assert libc.syscall(KEYCTL, 1, b"autotriton-test-session") > 0  # KEYCTL_JOIN_SESSION_KEYRING: a keyring of our own
secret = b"host-secret-payload"
assert libc.syscall(ADD_KEY, b"user", b"host-secret", secret, len(secret), ctypes.c_int(-3)) > 0
task = KernelTask.from_file(Path({str(TASKS / 'task_add_relu.py')!r}))
options = VerifyOptions(device="cpu", timeout_s=40)
with VerifierPool("cpu", workers=1) as pool:
    reader = pool.submit(task, Candidate({SESSION_READER!r}), options, static_gate=False).result(120)
    planter = pool.submit(task, Candidate(Path({str(HERE / 'attacks_sandbox' / 'keyring_outlives_sandbox.py')!r})
                                          .read_text()), options, static_gate=False).result(120)
listing = ctypes.create_string_buffer(4096)
n = libc.syscall(KEYCTL, 11, ctypes.c_int(-3), listing, 4096)
names = []
for i in range(0, max(n, 0), 4):
    text = ctypes.create_string_buffer(512)
    libc.syscall(KEYCTL, 6, int.from_bytes(listing.raw[i:i + 4], "little"), text, 512)
    names.append(text.value.decode().rsplit(";", 1)[-1])
print("secret read" if secret.decode() in reader.feedback else "secret kept")
print("planted" if "autotriton-a19-planted" in names else "nothing planted")
print("attack correct" if planter.correct else "attack rejected")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600)
    assert done.stdout.split() == ["secret", "kept", "nothing", "planted", "attack", "rejected"], \
        (done.stdout, done.stderr[-2000:])


@pytest.mark.gpu
@pytest.mark.parametrize("path", GPU_ATTACKS, ids=[p.stem for p in GPU_ATTACKS])
def test_sandbox_timing_reply_attack_is_refused(path: Path) -> None:
    task = KernelTask.from_file(TASKS / f"{header(path, 'task')}.py")
    with VerifierPool("cuda", workers=1) as pool:
        verdict = pool.submit(task, Candidate(path.read_text()), VerifyOptions(device="cuda"),
                              static_gate=False).result(VERDICT_TIMEOUT_S)
    failed = verdict.failed_check
    assert failed is not None and failed.name == header(path, "behind the gate"), verdict.feedback
    assert header(path, "reason") in failed.reason and verdict.timings is None, failed.reason


def _descendants(root: int) -> dict[int, str]:
    """Every process below `root`, with its command line."""
    children: dict[int, list[int]] = {}
    commands: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                commands[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = {}, [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child] = commands.get(child, "")
            todo.append(child)
    return found


def test_a_sandbox_never_outlives_its_judge() -> None:
    """The judge killed mid-verdict, as when a test run crashes: the sandbox spinning in a candidate's infinite loop
    ends with it (orphaned sandboxes kept such a loop at 70% of a core for good)."""
    host = subprocess.Popen([sys.executable, "-c", f"""
import time
from pathlib import Path
from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions
from autotriton_backend.verifier.contain import Limits
from autotriton_backend.verifier.sandbox import Sandbox, SandboxFailure
pool = VerifierPool("cpu", workers=1).__enter__()
pool.submit(KernelTask.from_file(Path({str(TASKS / 'task_add_relu.py')!r})),
            Candidate(Path({str(TASKS / 'hack_infinite_loop.py')!r}).read_text()),
            VerifyOptions(device="cpu", timeout_s=600), static_gate=False)
time.sleep(600)
"""])
    try:
        deadline, sandbox = time.monotonic() + 120, {}
        while time.monotonic() < deadline and sum("verifier.runner" in c for c in sandbox.values()) < 2:
            time.sleep(1)  # the zygote, then the child it forks for the candidate
            sandbox = _descendants(host.pid)
        judges = [pid for pid, command in sandbox.items() if "verifier.judge" in command]
        assert judges and sum("verifier.runner" in c for c in sandbox.values()) >= 2, sandbox
        time.sleep(10)  # the candidate's forward is spinning now
        for pid in [host.pid, *judges]:
            os.kill(pid, signal.SIGKILL)
        time.sleep(5)
        alive = {pid: command for pid, command in sandbox.items() if Path(f"/proc/{pid}").exists()
                 and "zombie" not in Path(f"/proc/{pid}/status").read_text()}
        assert not alive, alive
    finally:
        host.kill()
        host.wait()
