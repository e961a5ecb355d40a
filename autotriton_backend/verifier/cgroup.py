"""A sandbox slot's cgroups: one cap on the host memory of all its processes together, on their count, and one
share of the CPU for all of them together.

RLIMIT_AS caps one process (and none on a GPU, where CUDA maps a huge virtual range), so a candidate that forked
had held host memory far past any cap. The judge, as root, makes a cgroup per slot under `autotriton/` in the
memory hierarchy (cgroup v1's own, or v2's unified one) before the sandbox starts; `contain` moves the sandbox's
first process into it, so everything the sandbox starts is charged there, the scratch tmpfs pages it writes
included. Swap is off for it, so the cap is memory. Where the host cannot (not root, no writable cgroupfs, no
memory controller), `create` returns None and the verdict's layers lack `cgroup_memory`.

The CPU share: with no cpu controller a slot's processes were weighed one by one (or one autogroup per session),
so a candidate with 2,000 spinning processes, each in its own session, left an honest candidate in another slot
2/2002 of a core and got it judged `timeout` (tests/attacks_sandbox/starve_other_slots.py). Each slot now weighs
as one, and all slots together (the parent) as many tasks as the host has CPUs. Where the cpu controller is
missing or refused, the slot goes on without it (the verdict's layers lack `cgroup_cpu`).

The freezer: the judge times a task's eager and inductor baselines once, for every later candidate of the task, while
the slots' processes live (round attack85: a candidate's forks spinning then inflated them). It freezes every slot
meanwhile (`freeze`: v1's own `freezer` hierarchy, v2's `cgroup.freeze`); where the host has none, the baselines' note
says they were timed with the slots running, and the verdict's layers lack `cgroup_freezer`.

Each cgroup is named by its judge's pid and slot: a judge killed before it removed its cgroups leaves them empty
(`contain` kills a sandbox whose judge died), and the next judge's `sweep` removes those whose judge is gone.
"""
from __future__ import annotations

import errno
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PARENT = "autotriton"  # under each hierarchy's root: every judge's slot cgroups
NAME = re.compile(r"judge(\d+)-slot\d+")
CONTROLLERS = ("memory", "pids", "cpu", "cpuacct", "freezer")
REMOVE_TIMEOUT_S = 10.0  # a stopped sandbox's last processes exit moments after its outer half


@dataclass(frozen=True)
class Hierarchy:
    """Where one controller's cgroups are made: its own v1 hierarchy, or the v2 unified one."""

    root: Path
    version: int


@dataclass(frozen=True)
class _MemoryFiles:
    limit: str
    usage: str
    events: str  # holds the line `oom_kill N`
    swap: str  # v2: swap allowed beyond memory; v1: memory and swap together
    peak: str  # v1: the most the slot held since this file was last reset; v2: memory.events, whose `oom` counts the
    # times a charge failed at the cap


MEMORY_FILES = {1: _MemoryFiles("memory.limit_in_bytes", "memory.usage_in_bytes", "memory.oom_control",
                                "memory.memsw.limit_in_bytes", "memory.max_usage_in_bytes"),
                2: _MemoryFiles("memory.max", "memory.current", "memory.events", "memory.swap.max", "memory.events")}
# A charge the cap refuses is at most a huge page (2 MiB), so at the slot's own OOM it had held within that of its cap.
CAP_HEADROOM_BYTES = 16 << 20
CPU_WEIGHT = {1: ("cpu.shares", 1024, 262144), 2: ("cpu.weight", 100, 10000)}  # file, one task's weight, the most
FREEZER = {1: ("freezer.state", "FROZEN", "THAWED"), 2: ("cgroup.freeze", "1", "0")}  # file, frozen, thawed
FREEZE_TIMEOUT_S = 2.0  # a task in the kernel (a page fault, a GPU driver call) is frozen when it comes out


def hierarchies(mountinfo: str = "/proc/self/mountinfo") -> dict[str, Hierarchy]:
    """The memory, pids and cpu controllers' hierarchies as this process sees them mounted."""
    found: dict[str, Hierarchy] = {}
    for line in Path(mountinfo).read_text().splitlines():
        fields = line.split()
        mount, (fstype, _, options) = Path(fields[4]), fields[fields.index("-") + 1:][:3]
        if fstype == "cgroup":
            enabled, version = options.split(","), 1
        elif fstype == "cgroup2":
            try:
                enabled, version = (mount / "cgroup.controllers").read_text().split(), 2
            except OSError:
                continue
        else:
            continue
        for controller in CONTROLLERS:
            if controller in enabled:
                found.setdefault(controller, Hierarchy(mount, version))
    return found


def _write(path: Path, value: str) -> None:
    """Write a cgroup file that must exist already (the kernel makes them; a plain folder has none)."""
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, value.encode())
    finally:
        os.close(fd)


def _counter(path: Path, key: str) -> int:
    for line in path.read_text().splitlines():
        name, _, value = line.partition(" ")
        if name == key:
            return int(value)
    return 0


@dataclass
class SlotCgroup:
    memory: Path  # the slot's memory cgroup
    version: int  # of the memory hierarchy
    pids: Path | None  # the slot's pids cgroup (the same folder on v2), where there is a pids controller
    cpu: Path | None = None  # the slot's cpu cgroup (the same folder on v2), where there is a cpu controller
    cpu_time: Path | None = None  # where the slot's CPU time is counted: v1's cpuacct cgroup, v2's memory one
    freezer: Path | None = None  # the slot's freezer cgroup (v2: its memory one), where the host has a freezer
    _cap_ooms: int = 0  # v2: memory.events' `oom` at the last `met_cap`

    @staticmethod
    def create(judge: int, slot: int, memory_bytes: int, pids_max: int,
               found: dict[str, Hierarchy] | None = None) -> SlotCgroup | None:
        """Make the slot's cgroups, memory capped at `memory_bytes` with swap off and at most `pids_max` tasks, or
        return None where this host cannot; `found`: the hierarchies to use (the host's by default)."""
        found = hierarchies() if found is None else found
        if "memory" not in found:
            return None
        name = f"judge{judge}-slot{slot}"
        made: list[Path] = []
        try:
            cgroup = SlotCgroup(_make(found["memory"], name, "memory", made), found["memory"].version, None)
            swap = cgroup.memory / cgroup._files.swap  # v1's is set with the memory cap
            if cgroup.version == 2 and swap.exists():
                _write(swap, "0")
            cgroup.limit_memory(memory_bytes)
            if "pids" in found:
                cgroup.pids = _make(found["pids"], name, "pids", made)
                _write(cgroup.pids / "pids.max", str(pids_max))
        except OSError as exc:
            print(f"autotriton judge: no cgroup for slot {slot}: {exc}", file=sys.stderr)
            for folder in made:
                _remove(folder)
            return None
        if "cpu" in found:
            cgroup.cpu = _cpu_share(found["cpu"], name, slot)
        cgroup.cpu_time = cgroup.memory if cgroup.version == 2 else _cpu_account(found.get("cpuacct"), name, slot)
        cgroup.freezer = _freezer(cgroup, found.get("freezer"), name, slot)
        return cgroup

    @property
    def _files(self) -> _MemoryFiles:
        return MEMORY_FILES[self.version]

    def layers(self) -> dict[str, str]:
        """The layers this cgroup adds, each with the cgroup.procs file `contain` joins for it."""
        joined = {"cgroup_memory": str(self.memory / "cgroup.procs")}
        if self.pids is not None:
            joined["cgroup_pids"] = str(self.pids / "cgroup.procs")
        if self.cpu is not None:
            joined["cgroup_cpu"] = str(self.cpu / "cgroup.procs")
        if self.cpu_time is not None:
            joined["cgroup_cpu_time"] = str(self.cpu_time / "cgroup.procs")
        if self.freezer is not None:
            joined["cgroup_freezer"] = str(self.freezer / "cgroup.procs")
        return joined

    def freeze(self, frozen: bool) -> bool:
        """Freeze (or thaw) every process of the slot; whether they all are frozen (thawed) within FREEZE_TIMEOUT_S.
        A frozen process runs nothing, reads as not ready to run (state D), and dies of SIGKILL only once thawed."""
        if self.freezer is None:
            return False
        file, on, off = FREEZER[self.version]  # v1's memory: v1's freezer; v2's: its own folder
        try:
            _write(self.freezer / file, on if frozen else off)
            deadline = time.monotonic() + FREEZE_TIMEOUT_S
            while self._frozen() != frozen:  # v1 reads FREEZING until the last task is frozen
                if time.monotonic() > deadline:
                    return False
                time.sleep(0.001)
            return True
        except OSError as exc:
            print(f"autotriton judge: cgroup {self.freezer} not {'frozen' if frozen else 'thawed'}: {exc}",
                  file=sys.stderr)
            return False

    def _frozen(self) -> bool:
        assert self.freezer is not None
        if self.version == 2:
            return _counter(self.freezer / "cgroup.events", "frozen") == 1
        return (self.freezer / "freezer.state").read_text().strip() == "FROZEN"

    def limit_memory(self, nbytes: int) -> None:
        """Cap the slot's memory at `nbytes`, swap included (v1's memory+swap limit may never be below the memory
        limit, so the two are written in the order that keeps it so)."""
        files = self._files
        targets = [self.memory / files.limit]
        if self.version == 1 and (self.memory / files.swap).exists():
            lower = nbytes < int((self.memory / files.limit).read_text())
            targets = targets + [self.memory / files.swap] if lower else [self.memory / files.swap, *targets]
        for target in targets:
            _write(target, str(nbytes))

    def memory_used(self) -> int:
        return int((self.memory / self._files.usage).read_text())

    def processes(self) -> list[int] | None:
        """The pids of every process in the slot, or None where they cannot be read."""
        try:
            return [int(pid) for pid in (self.memory / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return None

    def oom_kills(self) -> int:
        """How many processes the kernel has killed in this cgroup for going past its memory cap."""
        return _counter(self.memory / self._files.events, "oom_kill")

    def met_cap(self) -> bool:
        """Whether the slot's memory met its cap since the last call (each call starts a new look): an OOM kill in
        the slot while it did not was the machine's OOM killer, whose kills count in the slot's `oom_kill` too. v1
        keeps no count of them (its failcnt read 0 after an OOM kill at the cap, kernel 6.18): the peak, reset here,
        within CAP_HEADROOM_BYTES of the cap says so. v2's `oom` event counts exactly the cap's OOMs."""
        files = self._files
        if self.version == 2:
            before, self._cap_ooms = self._cap_ooms, _counter(self.memory / files.peak, "oom")
            return self._cap_ooms > before
        met = int((self.memory / files.peak).read_text()) >= int((self.memory / files.limit).read_text()) \
            - CAP_HEADROOM_BYTES
        _write(self.memory / files.peak, "0")  # the kernel starts it again from what the slot holds now
        return met

    def cpu_seconds(self) -> float | None:
        """The CPU time of every process the slot has held, exited ones included (none can hide it by exiting
        unreaped), or None where it cannot be read."""
        if self.cpu_time is None:
            return None
        try:
            if self.version == 2:
                return _counter(self.cpu_time / "cpu.stat", "usage_usec") / 1e6
            return int((self.cpu_time / "cpuacct.usage").read_text()) / 1e9
        except (OSError, ValueError):
            return None

    def remove(self) -> None:
        for folder in (self.memory, self.pids, self.cpu, self.cpu_time, self.freezer):  # on v2 one folder
            if folder is not None:
                _remove(folder)


def _make(hierarchy: Hierarchy, name: str, controller: str, made: list[Path]) -> Path:
    """The slot's folder in `hierarchy`, below PARENT (made once, shared by judges, left in place); on v2 the parent
    hands the controller to its children, and holds no process itself."""
    parent = hierarchy.root / PARENT
    parent.mkdir(exist_ok=True)
    if hierarchy.version == 2:
        _write(parent / "cgroup.subtree_control", f"+{controller}")
    folder = parent / name
    folder.mkdir(exist_ok=True)  # a dead judge of the same pid left it: empty, as its sandboxes died with it
    made.append(folder)
    return folder


def _cpu_share(hierarchy: Hierarchy, name: str, slot: int) -> Path | None:
    """The slot's cpu cgroup, weighed as one task, under a parent weighed as one task per host CPU (capped by the
    kernel's most), or None where the host refuses it (v2 may not delegate cpu to the parent)."""
    file, one_task, most = CPU_WEIGHT[hierarchy.version]
    made: list[Path] = []
    try:
        folder = _make(hierarchy, name, "cpu", made)
        _write(folder.parent / file, str(min(one_task * (os.cpu_count() or 1), most)))
        _write(folder / file, str(one_task))
        return folder
    except OSError as exc:
        print(f"autotriton judge: no cpu share for slot {slot}: {exc}", file=sys.stderr)
        if hierarchy.version == 1:  # on v2 the folder is the slot's memory cgroup, which stays
            for folder in made:
                _remove(folder)
        return None


def _cpu_account(hierarchy: Hierarchy | None, name: str, slot: int) -> Path | None:
    """The slot's v1 cpuacct cgroup (the cpu one where the two controllers share a hierarchy), or None."""
    if hierarchy is None:
        return None
    made: list[Path] = []
    try:
        return _make(hierarchy, name, "cpuacct", made)
    except OSError as exc:
        print(f"autotriton judge: the slot's CPU time counted from /proc, slot {slot}: {exc}", file=sys.stderr)
        for folder in made:
            _remove(folder)
        return None


def _freezer(cgroup: SlotCgroup, hierarchy: Hierarchy | None, name: str, slot: int) -> Path | None:
    """The slot's freezer: v2's `cgroup.freeze` in its memory cgroup (no controller to enable), else v1's own
    hierarchy; None where there is neither."""
    if cgroup.version == 2:
        return cgroup.memory if (cgroup.memory / "cgroup.freeze").exists() else None
    if hierarchy is None or hierarchy.version != 1:
        return None
    made: list[Path] = []
    try:
        return _make(hierarchy, name, "freezer", made)
    except OSError as exc:
        print(f"autotriton judge: no freezer for slot {slot}: the baselines are timed with it running: {exc}",
              file=sys.stderr)
        for folder in made:
            _remove(folder)
        return None


def _remove(folder: Path) -> None:
    """Remove a cgroup once its processes are gone (a stopped sandbox's die moments after its outer half)."""
    deadline = time.monotonic() + REMOVE_TIMEOUT_S
    while True:
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError as exc:
            if exc.errno != errno.EBUSY or time.monotonic() > deadline:
                print(f"autotriton judge: cgroup {folder} left: {exc}", file=sys.stderr)
                return
            time.sleep(0.05)


def _thaw(folder: Path) -> None:
    for file, _, off in FREEZER.values():
        if (folder / file).exists():
            try:
                _write(folder / file, off)
            except OSError:
                pass


def sweep(found: dict[str, Hierarchy] | None = None) -> list[Path]:
    """Remove the slot cgroups of judges that are gone (killed before they could); returns those removed. One that
    still holds a process is in use (a judge of another PID namespace): it stays."""
    found = hierarchies() if found is None else found
    removed = []
    for hierarchy in set(found.values()):
        parent = hierarchy.root / PARENT
        for folder in parent.iterdir() if parent.is_dir() else ():
            match = NAME.fullmatch(folder.name)
            if match and not Path(f"/proc/{match.group(1)}").exists():
                _thaw(folder)  # a judge killed while its slots were frozen: their `contain` must run to see it gone
                try:
                    folder.rmdir()
                except OSError:
                    continue
                removed.append(folder)
    return removed
