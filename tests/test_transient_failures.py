"""Engine failures are no verdict on a region: reported as what they were, never cached, raised under strict."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import torch

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


def _end(box) -> None:
    """End a candidate as the judge does; a zygote that says it was changed is replaced at the next request."""
    from autotriton_backend.verifier.sandbox import SandboxFailure

    try:
        if box.request({"op": "end", "keep": False}, 30.0).get("restart"):
            box.stop()
    except SandboxFailure:
        box.stop()


def _host_pid(box, timeout_s: float = 30.0) -> int:
    """The pid of the slot's candidate process (contain's outer half -> the zygote -> the host), once it exists."""
    from autotriton_backend.verifier.sandbox import descendants

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = descendants(box.process.pid)
        if len(found) >= 3:
            return found[-1]
        time.sleep(0.05)
    raise AssertionError("the sandbox never forked its host")


# Ways a candidate's own code (behind the gate) could have the kernel SIGKILL its process; each must stay its own
# failure. The filter refuses each call (the module's load then fails), or the process dies of another signal.
SELF_KILLS = {
    "kill": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
    "tgkill": "import signal, threading\nsignal.pthread_kill(threading.get_ident(), signal.SIGKILL)\n",
    "pidfd": "import os, signal\nsignal.pidfd_send_signal(os.pidfd_open(os.getpid()), signal.SIGKILL)\n",
    "a fork kills its parent": "import os\npid = os.fork()\nif pid == 0:\n    try:\n        os.kill(os.getppid(), 9)\n"
                               "    finally:\n        os._exit(0)\nos.waitpid(pid, 0)\n",
    "F_SETSIG": "import fcntl, os\nr, w = os.pipe()\nfcntl.fcntl(r, fcntl.F_SETOWN, os.getpid())\n"
                "fcntl.fcntl(r, 10, 9)\nfcntl.fcntl(r, fcntl.F_SETFL, os.O_ASYNC)\nos.write(w, b'x')\n",
    "clone's exit signal": "import ctypes, os, platform, time\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                           "pid = libc.syscall({'x86_64': 56, 'aarch64': 220}[platform.machine()], 9, 0, 0, 0, 0)\n"
                           "if pid == 0:\n    os._exit(0)\ntime.sleep(0.5)\n",
    "timer": "import ctypes, time\nlibc = ctypes.CDLL(None, use_errno=True)\nevent = (ctypes.c_int * 16)()\n"
             "event[2] = 9\ntimer = ctypes.c_void_p()\nif libc.timer_create(1, event, ctypes.byref(timer)) == 0:\n"
             "    libc.timer_settime(timer, 0, (ctypes.c_long * 4)(0, 0, 0, 10_000_000), None)\n    time.sleep(1)\n",
    "RLIMIT_CPU": "import resource, time\nresource.setrlimit(resource.RLIMIT_CPU, (1, 1))\n"
                  "while time.process_time() < 3:\n    pass\n",
    # round attack75: the host undoes `untraceable` and its fork attaches to it and kills it (was `internal`)
    "ptrace": "import ctypes, os, time\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.prctl(4, 1, 0, 0, 0)\n"
              "host = os.getpid()\nif os.fork() == 0:\n    try:\n        if libc.ptrace(16, host, None, None) == 0:\n"
              "            os.waitpid(host, 0)\n            libc.ptrace(8, host, None, None)\n    finally:\n"
              "        os._exit(0)\nos.wait()\ntime.sleep(0.5)\n",
    "SIGSEGV": "import ctypes\nctypes.string_at(0)\n",
    "abort": "import os\nos.abort()\n",
}


def test_a_sandbox_killed_from_outside_is_internal_and_a_candidate_s_own_death_is_its_own(tmp_path):
    """Round attack70: a slot's candidate process SIGKILLed from outside (an admin's `kill -9`, a flaky machine) was
    judged the candidate's `crash`: GRPO's `ran` 0, eval kept it, a search could store a negative entry. It is now
    `internal`. Both ways: whatever the candidate's own code does to have its process killed (a SIGKILL sent, asked
    for later or through its CPU-time limit; a segfault, an abort; its memory past the slot's cap) stays its own."""
    from autotriton_backend.verifier.sandbox import Sandbox, SandboxFailure, SlotSize

    box = Sandbox(tmp_path, 0, "cpu")
    try:
        box.start()
        if "seccomp" not in box.layers:
            pytest.skip("no seccomp layer: a SIGKILL may be the candidate's own, and stays its crash")
        killer = threading.Timer(0.0, lambda: (time.sleep(1.0), os.kill(_host_pid(box), signal.SIGKILL)))
        killer.start()
        with pytest.raises(SandboxFailure) as killed:  # before: a `crash` reply, "killed by SIGKILL"
            box.request(_load("import time\ntime.sleep(60)\n"), 30.0)
        killer.join()
        assert killed.value.kind == "internal" and "from outside" in killed.value.reason, killed.value

        for name, source in SELF_KILLS.items():
            try:
                reply = box.request(_load(source), 30.0)
            except SandboxFailure as failure:
                pytest.fail(f"{name}: {failure.kind}: {failure.reason}")
            assert reply.get("check") in ("load", "crash") and "killed by SIGKILL" not in reply["reason"], (name, reply)
            _end(box)

        box.resize(SlotSize(64 << 20, 768 << 20))  # the zygote holds about 0.3 GB
        with pytest.raises(SandboxFailure) as hog:
            box.request(_load("hold = bytearray(1 << 30)\n"), 30.0)
        assert hog.value.kind == "out_of_memory", hog.value
    finally:
        box.close()


def test_a_process_killed_by_an_oom_killer_above_the_slot_is_not_the_candidate_s(tmp_path):
    """Round attack70: the slot's `oom_kill` count also counts kills by an OOM killer above the slot (the machine's,
    or a container's limit on the whole judge), and such a kill was judged the candidate's `out_of_memory` while its
    processes held far less than their cap. Here the slot's cgroups are made under a cgroup capped at 640 MB (the
    slot's own cap: 2 GiB) and the candidate holds 900 MB: the kernel kills it for the parent's limit, which is the
    machine's failure (`internal`). The same hold past the slot's own cap stays `out_of_memory` (the test above)."""
    from autotriton_backend.verifier.cgroup import PARENT, Hierarchy, _remove, hierarchies
    from autotriton_backend.verifier.sandbox import Sandbox, SandboxFailure

    memory = hierarchies().get("memory")
    if memory is None or memory.version != 1 or os.geteuid() != 0:
        pytest.skip("needs root and cgroup v1's memory hierarchy (v2's `oom` event is reasoned, not run)")
    machine = memory.root / f"autotriton-test-{os.getpid()}"  # stands for the machine: a cgroup above the slot's
    machine.mkdir()
    (machine / "memory.limit_in_bytes").write_text(str(640 << 20))
    box = Sandbox(tmp_path, 0, "cpu", cgroups={"memory": Hierarchy(machine, 1)})
    try:
        assert box.cgroup is not None and box.size.memory_bytes >= 2 << 30
        box.start()
        with pytest.raises(SandboxFailure) as killed:  # before: "out_of_memory"
            box.request(_load("hold = bytearray(900 << 20)\n"), 30.0)
        assert killed.value.kind == "internal" and "within their cap" in killed.value.reason, killed.value
    finally:
        box.close()
        _remove(machine / PARENT)
        _remove(machine)


@pytest.mark.parametrize("attack", ["round70_hidden_cpu_forks", "round72_forked_spinners_claim_starved"])
def test_cpu_spun_in_forks_the_kernel_reaped_still_counts_against_the_deadline(tmp_path, attack):
    """Round attack70 (tests/attacks_sandbox/round70_hidden_cpu_forks.py; round attack72's forked spinners, the same
    hole): forks reaped by the kernel (SIGCHLD ignored) spun while their parent waited, and /proc, where the
    deadline's CPU was read, showed a sandbox ready to run with no CPU used: starved, so after STRETCH deadlines
    `internal` (the verifier's failure) where it was the candidate's `timeout`. The slot's cgroup counts them: a
    `timeout` at its deadline, as any spinning loop's."""
    from autotriton_backend.verifier.sandbox import STRETCH, Sandbox, SandboxFailure

    box = Sandbox(tmp_path, 0, "cpu")
    try:
        box.start()
        if "cgroup_cpu_time" not in box.layers:
            pytest.skip("no cgroup counts the slot's CPU time on this host: /proc's count is all there is")
        started = time.monotonic()
        with pytest.raises(SandboxFailure) as spun:  # before: "internal" after STRETCH deadlines
            box.request(_load((CATALOGUE.parent / "attacks_sandbox" / f"{attack}.py").read_text()), 2.0)
        assert spun.value.kind == "timeout", spun.value  # /proc counted about a tenth of the cgroup's seconds here
        assert time.monotonic() - started < STRETCH * 2.0 + 10  # the stretch is bounded
    finally:
        box.close()


def test_a_sandbox_ready_to_run_only_when_the_deadline_falls_was_not_starved(tmp_path):
    """Round attack72 (tests/attacks_sandbox/round72_spins_at_deadlines_claim_starved.py): "ready to run" was read
    at each deadline, a moment the candidate can tell, so one that slept and spun only around those moments looked
    starved at every look and got `internal` after STRETCH deadlines. The watcher now looks at moments drawn from the
    OS's random source: ready at few of them, it was not starved, and its `timeout` comes at its first deadline."""
    from autotriton_backend.verifier.sandbox import STRETCH, Sandbox, SandboxFailure

    attack = CATALOGUE.parent / "attacks_sandbox" / "round72_spins_at_deadlines_claim_starved.py"
    deadline = float(re.search(r"^DEADLINE = ([\d.]+)", attack.read_text(), re.MULTILINE).group(1))
    box = Sandbox(tmp_path, 0, "cpu")
    try:
        box.start()
        started = time.monotonic()
        with pytest.raises(SandboxFailure) as slept:  # before: "internal" after STRETCH deadlines
            box.request(_load(attack.read_text()), deadline)
        assert slept.value.kind == "timeout", slept.value
        assert f"no answer within {deadline:.0f} s;" in slept.value.reason, slept.value  # its first deadline
        assert time.monotonic() - started < STRETCH * deadline  # before: 4 deadlines and the kill
        assert box.process is None  # the sandbox was killed: nothing of it runs on
    finally:
        box.close()


def test_a_device_failure_while_a_reference_set_is_drawn_weakens_no_later_verdict():
    """Round attack80: the judge builds a task's reference set once and judges up to `judge.REUSE` candidates on it,
    while other slots run their candidates on the same GPU. `_trials` skipped any spread rung whose reference raised
    a RuntimeError, out of memory included, and `_wide_copy`, `_made_of` and `_usual_conditioning` fell back the same
    way (and the float64 copy was sized by the device's free memory): a neighbour holding the GPU's memory while the
    set was built left it without the rungs that catch value-range triggers, for every later candidate of the task.
    Here the device "fails" wherever a drawn value reaches 16 (what the spread's top rungs draw; the usual draw never
    does), and round attack34's trigger, wrong only there, was judged `correct`, twice, on one cached set whose files
    stayed in the judge's /dev/shm. A device failure is now the verifier's: `internal` each time, no set cached or
    left behind, and the pool judges the next task as before. (On a GPU the failure is a real neighbour's: not run.)"""
    import glob

    from autotriton_backend.candidate import Candidate
    from autotriton_backend.verifier.pool import VerifierPool, VerifyOptions

    full = KernelTask.from_source((CATALOGUE / "task_add_relu.py").read_text().replace(
        "        return torch.relu(x + y)",
        "        if bool(x.abs().max() >= 16) or bool(y.abs().max() >= 16):\n"
        "            raise torch.OutOfMemoryError('CUDA out of memory: another slot holds the device')\n"
        "        return torch.relu(x + y)"), "device_full")
    trigger = Candidate((Path(__file__).parent / "attacks" / "round34_value_range_trigger.py").read_text())
    honest = Candidate((CATALOGUE / "honest_single_kernel.py").read_text())
    options = VerifyOptions(device="cpu", timeout_s=20)
    with VerifierPool("cpu", workers=1) as pool:
        for attempt in range(2):  # the second would be judged on a set the first left cached
            verdict = pool.submit(full, trigger, options).result(timeout=300)
            assert verdict.failure == "internal", (attempt, verdict.failure, verdict.feedback)
            assert "out of memory" in verdict.failed_check.reason
            assert not glob.glob(f"/dev/shm/autotriton-judge-*/sets/{full.key[:12]}-*")  # no set's files left
        verdict = pool.submit(TASK, honest, options).result(timeout=300)
        assert verdict.correct, verdict.feedback


class _CallTimes(torch.nn.Module):
    """add_relu that notes the moment of each of its own calls (eager's; the compiled copy keeps its own list)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[float] = []

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        self.calls.append(time.monotonic())
        return torch.relu(x + y)


def test_no_process_of_a_slot_runs_while_the_baselines_are_timed():
    """Round attack85 (tests/attacks_sandbox/round85_spin_while_baselines_are_timed.py): the judge times a task's eager
    and inductor baselines once, in the first candidate's thread between its last checked run and its own timing,
    and caches them for every later candidate of the task; the slots' processes ran meanwhile, so a candidate's forks
    spinning then slowed the timing thread and inflated the baselines, and every later speedup. Every slot is now
    frozen while the baselines are timed: no spinner's timestamp falls between eager's first and last timed call,
    and the baselines' note says so. (CPU timing here is evidence of the mechanism, not a speed claim.)"""
    from autotriton_backend.verifier.judge import Judge

    judge = Judge("cpu", 1)
    try:
        box = judge.sandboxes.queue[0]
        attack = CATALOGUE.parent / "attacks_sandbox" / "round85_spin_while_baselines_are_timed.py"
        reply = box.request(_load(attack.read_text()), 60.0)
        assert reply.get("ok"), reply
        spun = [box.scratch / f"spun-{i}" for i in range(2)]
        waited = time.monotonic() + 20
        while not all(p.exists() for p in spun) and time.monotonic() < waited:
            time.sleep(0.05)
        reference = _CallTimes()
        sets = {name: [torch.randn(4096, generator=torch.Generator().manual_seed(seed)) for _ in range(2)]
                for seed, name in enumerate("AB")}
        baselines = judge.baselines_for("round85", lambda: (reference, sets))
        first, last = reference.calls[0], reference.calls[-1]
        stamps = [float(t) for p in spun for t in p.read_text().split()]
        during = sum(first <= t <= last for t in stamps)
        print(f"eager {baselines.eager_ms:.4f} ms, inductor {baselines.inductor_ms}; {len(reference.calls)} eager "
              f"calls in {last - first:.2f} s; spinner stamps then: {during} of {len(stamps)}; {baselines.note}")
        assert max(stamps) > last  # the spinners outlived the timing: they were there to run
        assert during == 0, f"{during} spinner timestamps while the baselines were timed"  # before: hundreds
        assert "every slot frozen" in baselines.note, baselines.note
    finally:
        judge.close()


def test_a_slot_frozen_while_baselines_are_timed_is_neither_timed_out_nor_starved(tmp_path):
    """Round attack85: the judge freezes every slot while it times a task's baselines, in the middle of other slots'
    requests. A frozen sandbox runs nothing and is never ready to run, so with its deadline counted in wall-clock time
    an honest request frozen for longer than its slack was a `timeout`. The deadline moves by the time frozen and no
    look during a freeze counts: the honest request answers, and a spinning loop is still a `timeout` (never
    `internal`) one deadline of unfrozen time after it began."""
    from autotriton_backend.verifier.sandbox import Freezes, Sandbox, SandboxFailure

    freezes = Freezes()
    box = Sandbox(tmp_path, 0, "cpu", freezes=freezes)
    try:
        box.start()
        if "cgroup_freezer" not in box.layers:
            pytest.skip("no freezer for the slot on this host")

        def freeze(after_s: float, for_s: float) -> threading.Thread:
            def hold() -> None:
                time.sleep(after_s)
                with freezes.every_slot_frozen([box]) as note:
                    assert note == "every slot frozen while timed", note
                    time.sleep(for_s)
            thread = threading.Thread(target=hold)
            thread.start()
            return thread

        longer = WORK.replace("4_000_000", "12_000_000")  # about 1 s of CPU: still working when the freeze begins
        for source, deadline, frozen_s in ((longer, 2.0, 2.5), (SPIN, 2.0, 2.0)):
            box.start()
            thread = freeze(0.3, frozen_s)
            started = time.monotonic()
            try:
                reply = box.request(_load(source), deadline)
                failure = None
            except SandboxFailure as exc:
                reply, failure = None, exc
            took = time.monotonic() - started
            thread.join()
            if source == longer:  # before (no freezer, or a wall-clock deadline): `timeout` at 2 s
                assert failure is None and reply.get("check") == "load", (failure, reply)
                assert took >= frozen_s  # it was frozen meanwhile
            else:
                assert failure is not None and failure.kind == "timeout", failure
                assert deadline + frozen_s - 0.5 <= took < deadline + frozen_s + 3, took
    finally:
        box.close()
