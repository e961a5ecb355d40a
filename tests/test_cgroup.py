"""The slot cgroups on this host's real cgroupfs (v1 on CI, v2 on the GPU machine): made, capped, joined, enforced,
removed, swept; and on a host that cannot make them, none, so no layer is claimed."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from autotriton_backend.verifier.cgroup import (CPU_WEIGHT, MEMORY_FILES, PARENT, Hierarchy, SlotCgroup, hierarchies,
                                                sweep)
from autotriton_backend.verifier.sandbox import Sandbox, SlotSize

CAP = 256 << 20


def _join_and_run(cgroup: SlotCgroup, code: str) -> subprocess.CompletedProcess:
    """`code` run by a fresh Python process that first joins the cgroup, as `contain` does."""
    procs = list(cgroup.layers().values())
    join = f"import os\nfor procs in {procs!r}:\n    open(procs, 'w').write(str(os.getpid()))\n"
    return subprocess.run([sys.executable, "-c", join + code], capture_output=True, text=True, timeout=60)


def test_a_slot_cgroup_caps_the_memory_and_tasks_of_what_joins_it_and_is_removed() -> None:
    cgroup = SlotCgroup.create(os.getpid(), 250, CAP, pids_max=4)
    assert cgroup is not None, "this host (root, cgroupfs mounted) must make slot cgroups"
    try:
        assert set(cgroup.layers()) == {"cgroup_memory", "cgroup_pids", "cgroup_cpu", "cgroup_cpu_time",
                                        "cgroup_freezer"}
        weight, one_task, most = CPU_WEIGHT[hierarchies()["cpu"].version]
        assert cgroup.cpu is not None and int((cgroup.cpu / weight).read_text()) == one_task
        assert int((cgroup.cpu.parent / weight).read_text()) == min(one_task * (os.cpu_count() or 1), most)
        assert cgroup.memory.parent.name == PARENT and cgroup.memory.name == f"judge{os.getpid()}-slot250"
        swap = cgroup.memory / ("memory.memsw.limit_in_bytes" if cgroup.version == 1 else "memory.swap.max")
        assert not swap.exists() or swap.read_text().strip() in (str(CAP), "0")  # swap off for it
        fits = _join_and_run(cgroup, "held = b'1' * (64 << 20)\nprint(open('/proc/self/cgroup').read())")
        assert fits.returncode == 0 and cgroup.memory.name in fits.stdout, fits.stderr
        assert cgroup.oom_kills() == 0
        past = _join_and_run(cgroup, "held = b'1' * (512 << 20)\nprint('held')")
        assert past.returncode == -9 and "held" not in past.stdout and cgroup.oom_kills() == 1
        cgroup.limit_memory(2 * CAP)  # the judge's live resize: now it fits
        assert _join_and_run(cgroup, "held = b'1' * (384 << 20)").returncode == 0 and cgroup.oom_kills() == 1
        forks = _join_and_run(cgroup, "import time\nstarted = 0\ntry:\n    while started < 10:\n"
                                      "        if os.fork() == 0:\n            time.sleep(2)\n            os._exit(0)\n"
                                      "        started += 1\nexcept BlockingIOError:\n    pass\nprint(started)")
        assert forks.stdout.strip() == "3", forks.stderr  # 4 tasks: itself and 3 children
        spent = cgroup.cpu_seconds()  # every process that joined, all exited: what /proc no longer shows
        assert spent is not None and 0.05 < spent < 60, spent
    finally:
        cgroup.remove()
    assert not cgroup.memory.exists() and cgroup.pids is not None and not cgroup.pids.exists()
    assert not cgroup.cpu.exists() and cgroup.cpu_time is not None and not cgroup.cpu_time.exists()
    assert cgroup.freezer is not None and not cgroup.freezer.exists()


def test_sweep_removes_the_cgroups_of_dead_judges_only() -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = SlotCgroup.create(dead.pid, 0, CAP, pids_max=64)
    live = SlotCgroup.create(os.getpid(), 251, CAP, pids_max=64)
    assert stale is not None and live is not None
    try:
        removed = sweep()
        assert stale.memory in removed and not stale.memory.exists()
        assert stale.pids is not None and not stale.pids.exists()
        assert live.memory.exists() and live.memory not in removed
    finally:
        stale.remove()
        live.remove()


def test_a_frozen_slot_runs_nothing_until_thawed_and_a_dead_judge_s_frozen_slot_is_thawed(tmp_path: Path) -> None:
    """Round attack85: the judge freezes every slot while it times a task's baselines. A spinning process of the slot
    gets no CPU while frozen and spins again once thawed; a slot a killed judge left frozen is thawed by the next
    judge's sweep (its `contain` must run to see its judge gone); a slot with no freezer is said to have run."""
    from autotriton_backend.verifier.sandbox import Freezes

    dead = subprocess.Popen(["true"])
    dead.wait()
    cgroup = SlotCgroup.create(dead.pid, 252, CAP, pids_max=64)
    assert cgroup is not None and cgroup.freezer is not None
    procs = list(cgroup.layers().values())
    spinner = subprocess.Popen([sys.executable, "-c", f"import os\nfor procs in {procs!r}:\n"
                                "    open(procs, 'w').write(str(os.getpid()))\nwhile True:\n    pass\n"])
    try:
        time.sleep(0.5)
        assert cgroup.freeze(True)
        frozen_at = cgroup.cpu_seconds()
        time.sleep(0.5)
        assert cgroup.cpu_seconds() - frozen_at < 0.01  # nothing ran
        sweep()
        assert cgroup.memory.exists()  # it holds a process: not removed, but thawed
        time.sleep(0.5)
        assert cgroup.cpu_seconds() - frozen_at > 0.05  # the sweep thawed it: it spins again
    finally:
        spinner.terminate()
        spinner.wait()
        cgroup.remove()
    unfrozen = Sandbox(tmp_path, 0, "cpu", cgroups={})
    with Freezes().every_slot_frozen([unfrozen]) as note:
        assert note == "timed while slots [0] of 1 ran (no freezer there)"


def test_a_host_that_cannot_make_cgroups_gets_none(tmp_path: Path, capfd) -> None:
    """A folder that is no cgroupfs (v1 or v2 layout) or a uid that may not write there: no cgroup, nothing left."""
    for version in (1, 2):
        plain = tmp_path / f"v{version}"
        plain.mkdir()
        assert SlotCgroup.create(os.getpid(), 0, CAP, 64, {"memory": Hierarchy(plain, version)}) is None
        assert not (plain / PARENT / f"judge{os.getpid()}-slot0").exists()
    assert SlotCgroup.create(os.getpid(), 0, CAP, 64, {}) is None
    told, tell = os.pipe()
    child = os.fork()
    if child == 0:  # the module already imported, as a uid that may write nothing in the cgroupfs
        try:
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            os.write(tell, repr(SlotCgroup.create(os.getpid(), 0, CAP, 64)).encode())
        finally:
            os._exit(0)
    os.close(tell)
    assert os.read(told, 4096) == b"None" and os.waitpid(child, 0)[1] == 0
    assert "no cgroup for slot 0: [Errno 13] Permission denied" in capfd.readouterr().err
    assert "memory" in hierarchies()  # and yet this host has them: it was the uid


def test_a_sandbox_runs_inside_its_cgroup_resized_with_it_and_one_without_claims_no_layer(tmp_path: Path) -> None:
    bare = Sandbox(tmp_path / "bare", 0, "cpu", cgroups={"memory": Hierarchy(tmp_path, 1)})
    capped = Sandbox(tmp_path / "capped", 1, "cpu")
    try:
        bare.start()
        assert bare.cgroup is None and "mount" in bare.layers
        assert not {"cgroup_memory", "cgroup_pids"} & set(bare.layers)
        capped.start()
        assert capped.cgroup is not None and {"cgroup_memory", "cgroup_pids"} <= set(capped.layers)
        inside = (capped.cgroup.memory / "cgroup.procs").read_text().split()
        assert capped.process is not None and str(capped.process.pid) in inside and len(inside) >= 2  # both halves
        cap = capped.cgroup.memory / MEMORY_FILES[capped.cgroup.version].limit
        assert int(cap.read_text()) == capped.size.memory_bytes
        bigger = SlotSize.for_task("cpu", 1 << 30, 0)
        capped.resize(bigger)
        assert capped.process is not None, "grown in place"
        assert int(cap.read_text()) == bigger.memory_bytes
        capped.resize(SlotSize(bigger.scratch_bytes, 16 << 20))  # below what the zygote holds
        assert capped.process is None and capped.cgroup.oom_kills() == 0  # stopped, not left to the OOM killer
        folders = capped.cgroup.memory, capped.cgroup.pids
    finally:
        bare.close()
        capped.close()
    assert not any(folder is not None and folder.exists() for folder in folders)

