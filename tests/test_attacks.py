"""Adaptive attacks on the verifier: every candidate in tests/attacks/ must be refused, and nothing it
tries may happen outside its sandbox.

Each attack file starts with `# task: NAME` and `# expect: CHECK` (the check that must reject it),
optionally `# reason: TEXT` (words the rejection must give), `# hacked: yes` (a cheat: the verdict must say so), `# effect: PATH` (a marker the attack
tries to create; it must not exist afterwards) and `# listen: PORT` (a localhost listener the attack
tries to reach; a connection writes the effect marker). The honest candidates of tests/catalogue/
are judged in the same run and must be accepted. Everything runs once, on CPU, two at a time; ATTACK_DEVICE=cuda
judges them all on the GPU instead, eight at a time (examples/results/run_session22_gpu.sh).
Set ATTACK_REPORT=path.json to also write a per-attack summary (used for tests/attacks/README.md).
"""
from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import glob
import json
import os
import re
import shutil
import signal
import socket
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest

from autotriton_backend.candidate import Candidate
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import shown_otherwise
from autotriton_backend.verifier import VerifyOptions, verify

TESTS = Path(__file__).parent
ATTACKS = TESTS / "attacks"
CATALOGUE = TESTS / "catalogue"
ATTACK_FILES = sorted(p for p in ATTACKS.glob("*.py") if not p.name.startswith("task_"))
HONEST_FILES = sorted(CATALOGUE.glob("honest_*.py"))
MARKER_ROOTS = ("/tmp/autotriton-attack-", "/var/tmp/autotriton-attack-")
PROCESS_MARK = "autotriton-attack"
FEEDBACK_LIMIT = 20_000
# Files an attack plants in Triton's cache (a fake compiler, an importable module, a hubconf).
PLANTED_NAMES = ("gcc", "cc", "hubconf.py", "payload.py")
DEVICE = os.environ.get("ATTACK_DEVICE", "cpu")


def headers(path: Path, field: str) -> list[str]:
    return re.findall(rf"^# {field}: (\S+)$", path.read_text(), re.MULTILINE)


def header(path: Path, field: str, default: str | None = None) -> str:
    found = headers(path, field)
    if not found:
        assert default is not None, f"{path.name} lacks a '# {field}:' header"
        return default
    return found[0]


def task_for(path: Path) -> KernelTask:
    name = header(path, "task")
    for folder in (ATTACKS, CATALOGUE):
        if (folder / f"{name}.py").is_file():
            return KernelTask.from_file(folder / f"{name}.py")
    raise AssertionError(f"{path.name}: task {name} not found in tests/attacks or tests/catalogue")


def options() -> VerifyOptions:
    names = {f.name for f in dataclasses.fields(VerifyOptions)}
    kwargs: dict[str, Any] = {"device": DEVICE}
    if "timeout_s" in names:
        kwargs["timeout_s"] = 120.0
    return VerifyOptions(**kwargs)


def cache_contents(kernels) -> dict[str, Any]:
    """The cache as its users see it: every entry, and every file beside the database (SQLite rewrites
    its own pages on open and close, so the database's bytes say nothing)."""
    files = sorted(str(p.relative_to(kernels.directory)) for p in kernels.directory.rglob("*")
                   if p.is_file() and not p.name.startswith("cache.db"))
    return {"entries": [e.to_json() for e in kernels.entries()], "files": files}


def clear_markers() -> None:
    for root in MARKER_ROOTS:
        for path in glob.glob(root + "*"):
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path, ignore_errors=True)
            else:
                os.unlink(path)


def marked_processes() -> dict[int, str]:
    """Processes whose command line names an attack marker (an orphan the judgement left alive)."""
    found = {}
    for cmdline in glob.glob("/proc/[0-9]*/cmdline"):
        try:
            text = Path(cmdline).read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        pid = int(cmdline.split("/")[2])
        if PROCESS_MARK in text and pid != os.getpid():
            found[pid] = text.strip()
    return found


class Listener:
    """Accept connections on 127.0.0.1:port; the first one writes `marker`."""

    def __init__(self, port: int, marker: str) -> None:
        self.marker = marker
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            Path(self.marker).write_text("connected")
            conn.close()

    def close(self) -> None:
        self.stopped.set()
        self.thread.join()
        self.sock.close()


@dataclasses.dataclass
class Outcome:
    verdict: Any
    seconds: float


@dataclasses.dataclass
class Run:
    outcomes: dict[str, Outcome]
    markers: set[str]  # effect markers that exist after the run
    survivors: dict[int, str]  # marked processes alive right after the last verdict
    cache_before: dict[str, Any]
    cache_after: dict[str, Any]
    planted: list[str]  # planted files found in Triton's cache


@contextlib.contextmanager
def one_run_at_a_time() -> Iterator[None]:
    """Effect markers, listener ports and the scan for surviving processes are the host's, not a run's: a second
    run at once would bind the first's ports, clear its markers and kill its processes (two helpers did, session
    21: 391 errors). The second run waits for the first."""
    with open(Path(tempfile.gettempdir()) / "autotriton-attacks.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("test_attacks: another run holds the host's markers and ports; waiting for it", flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Run:
    with one_run_at_a_time():
        result = _run_every_file(tmp_path_factory)
    if os.environ.get("ATTACK_REPORT"):
        write_report(Path(os.environ["ATTACK_REPORT"]), result)
    return result


def _run_every_file(tmp_path_factory) -> Run:
    root = tmp_path_factory.mktemp("attacks")
    cache_dir, triton_dir = root / "kernel-cache", root / "triton-cache"
    triton_dir.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("AUTOTRITON_CACHE_DIR", str(cache_dir))
        patch.setenv("TRITON_CACHE_DIR", str(triton_dir))
        from cache import KernelCache

        kernels = KernelCache(cache_dir)  # held open during the run, as a searching backend holds it
        cache_before = cache_contents(kernels)
        clear_markers()
        listeners = [Listener(int(port), header(p, "effect")) for p in ATTACK_FILES for port in headers(p, "listen")]
        files = ATTACK_FILES + HONEST_FILES
        tasks = {p.name: task_for(p) for p in files}

        def judge(path: Path) -> Outcome:
            start = time.monotonic()
            verdict = verify(tasks[path.name], Candidate(path.read_text()), options())
            return Outcome(verdict, time.monotonic() - start)

        try:
            with ThreadPoolExecutor(max_workers=2 if DEVICE == "cpu" else 8) as pool:
                outcomes = dict(zip([p.name for p in files], pool.map(judge, files)))
        finally:
            for listener in listeners:
                listener.close()
            cache_after = cache_contents(kernels)
            kernels.close()
        survivors = marked_processes()
        for pid in survivors:  # processes the attacks started: end them by id
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        markers = {m for p in ATTACK_FILES for m in headers(p, "effect") if os.path.exists(m)}
        planted = [str(p) for p in triton_dir.rglob("*") if p.name in PLANTED_NAMES or "attack" in p.name]
        return Run(outcomes, markers, survivors, cache_before, cache_after, planted)


def write_report(path: Path, run: Run) -> None:
    rows = {}
    for name, outcome in run.outcomes.items():
        verdict = outcome.verdict
        failed = verdict.failed_check
        source = ATTACKS / name if (ATTACKS / name).exists() else CATALOGUE / name
        effects = headers(source, "effect")
        rows[name] = {
            "expect": header(source, "expect"),
            "correct": verdict.correct,
            "failed_check": failed.name if failed else None,
            "reason": (failed.reason[:2000] if failed else ""),
            "hacked": verdict.hacked,
            "failure": getattr(verdict, "failure", None),
            "effects": sorted(m for m in effects if m in run.markers),
            "survivors": [c for c in run.survivors.values() if any(Path(m).name in c for m in effects)],
            "seconds": round(outcome.seconds, 1),
            "feedback_chars": len(verdict.feedback),
        }
    summary = {
        "rows": rows,
        "cache_changed": run.cache_before != run.cache_after,
        "planted_in_triton_cache": run.planted,
        "survivors": run.survivors,
    }
    path.write_text(json.dumps(summary, indent=2))


@pytest.mark.parametrize("path", ATTACK_FILES, ids=[p.stem for p in ATTACK_FILES])
def test_attack_is_refused(path: Path, run: Run) -> None:
    verdict = run.outcomes[path.name].verdict
    expected = header(path, "expect")
    failed = verdict.failed_check
    assert not verdict.correct, f"accepted as correct: {verdict.feedback[:500]}"
    assert failed is not None and failed.name == expected, f"{failed}"
    reason = re.search(r"^# reason: (.+)$", path.read_text(), re.MULTILINE)
    assert reason is None or reason.group(1).strip() in failed.reason, f"{failed}"
    if header(path, "hacked", "no") == "yes":
        assert verdict.hacked, f"a cheat rejected without `hacked`: {failed}"
    assert len(verdict.feedback) < FEEDBACK_LIMIT, f"feedback of {len(verdict.feedback)} characters"


@pytest.mark.parametrize("path", ATTACK_FILES, ids=[p.stem for p in ATTACK_FILES])
def test_attack_left_no_effect(path: Path, run: Run) -> None:
    effects = headers(path, "effect")
    assert not set(effects) & run.markers, f"side effect happened: {sorted(set(effects) & run.markers)}"
    alive = [c for c in run.survivors.values() if any(Path(m).name in c for m in effects)]
    assert not alive, f"processes outlived the judgement: {alive}"


def test_no_process_outlived_its_judgement(run: Run) -> None:
    assert not run.survivors, run.survivors


def test_kernel_cache_is_unchanged(run: Run) -> None:
    assert run.cache_after == run.cache_before


def test_nothing_planted_in_the_triton_cache(run: Run) -> None:
    assert not run.planted, run.planted


def test_host_files_never_reach_the_feedback(run: Run) -> None:
    hostname = Path("/etc/hostname").read_text().strip() if Path("/etc/hostname").exists() else ""
    for name, outcome in run.outcomes.items():
        assert "hostname=" + hostname not in outcome.verdict.feedback, name
        assert "hostfile=" not in outcome.verdict.feedback, name


def test_feedback_is_printable_text(run: Run) -> None:
    """Nothing shown otherwise than read but newline and tab (control, format and bidirectional characters, lone
    surrogates, letters drawn as nothing): the feedback reaches terminals, prompts and UTF-8 files
    (round42_feedback_control_characters, round46_feedback_format_characters)."""
    for name, outcome in run.outcomes.items():
        feedback = outcome.verdict.feedback
        assert not [c for c in feedback if c not in "\n\t" and shown_otherwise(c)], name


@pytest.mark.parametrize("path", HONEST_FILES, ids=[p.stem for p in HONEST_FILES])
def test_honest_candidate_is_accepted(path: Path, run: Run) -> None:
    verdict = run.outcomes[path.name].verdict
    assert verdict.correct, verdict.feedback
    assert not verdict.hacked


def test_every_issue_class_has_an_attack() -> None:
    stems = {p.stem for p in ATTACK_FILES}
    prefixes = ("reflect_", "api_", "native_", "toolchain_", "file_rename", "orphan_", "verdict_forge", "blind_",
                "duck_", "grid_", "host_", "seeds_", "memo_", "flood_", "cache_plant", "network_", "read_host")
    missing = [p for p in prefixes if not any(s.startswith(p) for s in stems)]
    assert not missing, missing
