"""Kernel cache: storage rules, integrity checks, cross-process writes, export/import and the CLI."""
from __future__ import annotations

import json
import multiprocessing
import os
import re
import sqlite3
import stat
import warnings
from pathlib import Path

import diskcache
import pytest
import torch
import triton
from diskcache.core import MODE_RAW

from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.cli import main
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Check, Timings, Verdict
from autotriton_backend.verifier.allowlist import MAX_SOURCE_BYTES
from cache import CacheEntry, CacheIntegrityWarning, EntryError, KernelCache, default_directory, environment_key

ENV = "sm90-triton3.4-torch2.9"

TASK_SOURCE = '''import torch


class Model(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.randn(4, 33)]


def get_init_inputs():
    return []
'''

GOOD_SOURCE = '''import torch
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64)
        return out
'''

# Passes the static gate, computes the wrong thing: only running it exposes it.
BAD_SOURCE = GOOD_SOURCE.replace("tl.maximum(x, 0.0)", "tl.minimum(x, 0.0)")


def relu_task() -> KernelTask:
    return KernelTask.from_source(TASK_SOURCE, name="relu")


def make_winner(
    source: str = GOOD_SOURCE, ms: float | None = 1.0, correct: bool = True, env: str = ENV, task: KernelTask | None = None
) -> CacheEntry:
    """A winner entry with a verdict as the verifier would write it (timings None = untimed CPU run)."""
    task = task or relu_task()
    candidate = Candidate(source, Provenance(engine="vllm", model="m"))
    timings = None if ms is None else Timings(candidate_ms=ms, eager_ms=3 * ms, inductor_ms=2 * ms)
    checks = [Check("syntax", True), Check("correctness", correct, "" if correct else "max abs error 1.0")]
    verdict = Verdict(task.key, candidate.sha256, "cuda", checks=checks, timings=timings).finish()
    return CacheEntry.winner(task, candidate, verdict, env)


def variant(i: object) -> str:
    """A distinct source (hence sha256) with the same behaviour."""
    return GOOD_SOURCE + f"# variant {i}\n"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    directory = tmp_path / "kernels"
    monkeypatch.setenv("AUTOTRITON_CACHE_DIR", str(directory))
    return directory


@pytest.fixture
def cache(cache_dir):
    with KernelCache() as kc:
        yield kc


def tamper(directory: Path, key: str, edit) -> None:
    """Edit an entry behind KernelCache's back, through plain diskcache."""
    with diskcache.Cache(str(directory)) as raw:
        data = json.loads(raw[key])
        edit(data)
        raw[key] = json.dumps(data)


class _Boom:
    """Unpickling this creates a directory: proof of whether a pickle was ever loaded."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (str(self.marker),))


# --- storage ----------------------------------------------------------------------------


def test_directory_is_private_and_defaults_under_user_cache(cache_dir, tmp_path, monkeypatch):
    KernelCache().close()
    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o700
    monkeypatch.delenv("AUTOTRITON_CACHE_DIR")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_directory() == tmp_path / "home" / ".cache" / "autotriton" / "kernels"


def test_environment_key_names_arch_and_versions():
    triton_mm = ".".join(triton.__version__.split(".")[:2])
    torch_mm = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    assert environment_key("cpu") == f"cpu-triton{triton_mm}-torch{torch_mm}"
    with pytest.raises(ValueError, match="unknown device"):
        environment_key("meta")
    if not torch.cuda.is_available():
        with pytest.raises(ValueError, match="no CUDA GPU"):
            environment_key("cuda")
    else:
        assert re.fullmatch(r"(sm\d+|gfx\w+)-triton\d+\.\d+-torch\d+\.\d+", environment_key("cuda"))


@pytest.mark.parametrize("padding", [0, 100_000], ids=["small", "large"])
def test_round_trip_stores_text_never_pickles(cache, cache_dir, padding):
    """Text in the database row, however large (`store.INLINE_BYTES`): a value in a file of its own can vanish between
    a reader's row and its file when another process replaces the entry, and diskcache's get then returns None, a miss
    right after a put (test_two_processes_writing_the_same_key_lose_nothing met it once under load)."""
    entry = make_winner(GOOD_SOURCE + "#" * padding + "\n")
    assert cache.put_winner(entry)
    loaded = cache.get(entry.task_key, ENV)
    assert loaded == entry
    assert loaded.speedup_vs_inductor == pytest.approx(2.0)
    assert cache.get(entry.task_key, "cpu-triton3.4-torch2.9") is None  # another environment is another key
    with sqlite3.connect(cache_dir / "cache.db") as db:
        rows = db.execute("SELECT key, raw, mode FROM Cache").fetchall()
    assert rows == [(entry.key, 1, MODE_RAW)]
    assert [p.name for p in cache_dir.rglob("*") if p.is_file() and not p.name.startswith("cache.db")] == []


def test_planted_pickle_is_refused_without_unpickling(cache, cache_dir, tmp_path):
    entry = make_winner()
    marker = tmp_path / "unpickled"
    with diskcache.Cache(str(cache_dir)) as raw:
        raw.set(entry.key, _Boom(marker))  # plain diskcache pickles it
    with pytest.warns(CacheIntegrityWarning, match="pickled"):
        assert cache.get(entry.task_key, ENV) is None
    assert not marker.exists()
    with pytest.raises(TypeError):
        cache._cache.set("x", {"not": "text"})  # and we cannot write one either


def test_first_writer_wins(cache):
    first, second = make_winner(variant(1), ms=1.0), make_winner(variant(2), ms=1.0)
    assert cache.put_winner(first)
    assert not cache.put_winner(second)  # equal time is not faster
    assert cache.get(first.task_key, ENV).source == first.source
    untimed = [make_winner(variant(i), ms=None, env="cpu-t") for i in (3, 4)]
    assert cache.put_winner(untimed[0])
    assert not cache.put_winner(untimed[1])  # no timing, nothing to beat with
    assert cache.get(first.task_key, "cpu-t").source == untimed[0].source


def test_only_faster_verified_kernel_replaces(cache):
    assert cache.put_winner(make_winner(variant("a"), ms=1.0))
    assert not cache.put_winner(make_winner(variant("slower"), ms=2.0))
    assert not cache.put_winner(make_winner(variant("untimed"), ms=None))
    with pytest.raises(EntryError, match="correct verdict"):
        cache.put_winner(make_winner(variant("wrong"), ms=0.1, correct=False))
    forged = make_winner(variant("forged"), ms=0.1, correct=False)
    forged.verdict["correct"] = True  # a flag is not enough: correctness is re-derived from the checks
    with pytest.raises(EntryError):
        cache.put_winner(forged)
    key = relu_task().key
    assert cache.get(key, ENV).source == variant("a")
    assert cache.put_winner(make_winner(variant("faster"), ms=0.5))
    stored = cache.get(key, ENV)
    assert stored.source == variant("faster") and stored.candidate_ms == 0.5


def test_negative_entries_never_overwrite_winners(cache):
    task = relu_task()
    assert cache.put_negative(task.key, ENV, {"turns": 2, "samples": 4}, task)
    negative = cache.get(task.key, ENV)
    assert not negative.is_winner and negative.budget == {"turns": 2, "samples": 4}
    assert KernelTask.from_json(negative.task) == task
    assert cache.put_negative(task.key, ENV, {"turns": 8, "samples": 4}, task)  # newer budget recorded
    assert cache.get(task.key, ENV).budget["turns"] == 8
    assert cache.put_winner(make_winner(ms=1.0))  # a winner supersedes "nothing found"
    assert not cache.put_negative(task.key, ENV, {"turns": 16}, task)
    assert cache.get(task.key, ENV).is_winner
    with pytest.raises(EntryError, match="task key"):
        cache.put_negative("0" * 64, ENV, {"turns": 1}, task)  # the stored task must be the keyed one


def test_tampered_entry_is_refused(cache, cache_dir):
    entry = make_winner()
    cache.put_winner(entry)
    tamper(cache_dir, entry.key, lambda d: d.update(source=d["source"] + "import os\n"))
    with pytest.warns(CacheIntegrityWarning, match=re.escape(entry.key) + ".*sha256"):
        assert cache.get(entry.task_key, ENV) is None
    with pytest.warns(CacheIntegrityWarning):
        assert cache.entries() == []
    with pytest.warns(CacheIntegrityWarning):
        assert cache.put_winner(entry)  # a valid winner may replace the refused entry
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cache.get(entry.task_key, ENV) == entry


def test_a_kernel_refused_at_call_time_is_marked_signed_shown_and_never_stored_again(cache, cache_dir, tmp_path,
                                                                                     capsys):
    """Round attack63: a kernel whose call was refused in a user's process (an access outside its arguments) is
    replaced by a signed refusal naming its sha256 and why: not a winner, shown as `refused`, and that same source is
    never stored again (a search or an import finding it), while another kernel, or a later search's negative, may
    take its place (the negative keeps the refusal)."""
    task, entry = relu_task(), make_winner()
    assert cache.put_winner(entry)
    assert not cache.refuse_kernel(task.key, ENV, "0" * 64, "not this kernel")  # the entry is no longer that one
    assert cache.get(task.key, ENV).is_kernel
    assert cache.refuse_kernel(task.key, ENV, entry.source_sha256, "a Triton kernel's load reaches memory outside")
    refused = cache.get(task.key, ENV)
    assert not refused.is_winner and refused.budget is None and refused.task == entry.task
    assert refused.refused["source_sha256"] == entry.source_sha256 and "reaches memory" in refused.refused["reason"]
    assert not cache.refuse_kernel(task.key, ENV, entry.source_sha256, "again")  # refused already
    assert not cache.put_winner(make_winner())  # the same source, found again
    assert main(["cache", "ls"]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"{ENV}\s+refused\s+-", out) and "1 refused" in out
    assert main(["cache", "show", task.key[:12]]) == 0
    assert f"refused     kernel {entry.source_sha256}" in capsys.readouterr().out
    export = tmp_path / "export.json"
    cache.export(export)
    cache.clear()
    assert cache.import_(export) == (1, 0)  # a refusal travels as any entry, signed again on import
    assert cache.get(task.key, ENV).refused == refused.refused
    assert not cache.put_winner(make_winner())
    assert cache.put_negative(task.key, ENV, {"turns": 4}, task)  # a later search: its budget, the refusal kept
    assert cache.get(task.key, ENV).refused == refused.refused and cache.get(task.key, ENV).budget == {"turns": 4}
    tamper(cache_dir, entry.key, lambda d: d.update(refused=None))
    with pytest.warns(CacheIntegrityWarning, match="authentication"):  # a refusal cannot be removed without the key
        assert cache.get(task.key, ENV) is None
    with pytest.warns(CacheIntegrityWarning):
        assert cache.put_negative(task.key, ENV, {"turns": 8}, task)
    assert cache.put_winner(make_winner(variant("other")))  # another kernel may win the task
    assert cache.get(task.key, ENV).is_kernel


def test_entry_moved_to_another_key_is_refused(cache, cache_dir):
    entry = make_winner()
    cache.put_winner(entry)
    with diskcache.Cache(str(cache_dir)) as raw:
        raw[f"{entry.task_key}:other-env"] = raw[entry.key]
    with pytest.warns(CacheIntegrityWarning, match="wrong key"):
        assert cache.get(entry.task_key, "other-env") is None


# --- two processes ------------------------------------------------------------------------

ROUNDS = 60
# about the largest source the gate accepts: it widens the read-compare-write window a missing lock leaves open
PADDING = "#" * (MAX_SOURCE_BYTES - 8 * 1024) + "\n"


def _times(proc: int) -> list[float]:
    """Each round both processes offer a faster kernel than last round; process 0's is always the faster.

    So every call races the other process's read-compare-write on the shared key, and a lost
    update shows up as the stored time going back up.
    """
    return [2.0 + 0.01 * proc - 0.02 * i for i in range(ROUNDS)]


def _writer(directory: str, proc: int, barrier) -> None:
    task = relu_task()
    with KernelCache(directory) as kc:
        barrier.wait()
        for i, ms in enumerate(_times(proc)):
            kc.put_winner(make_winner(variant(f"p{proc}-{i}") + PADDING, ms=ms, task=task))
            stored = kc.get(task.key, ENV)
            # the stored time only ever goes down, so it is at most what we just offered
            assert stored.is_winner and stored.candidate_ms <= ms, (proc, i, ms, stored.candidate_ms)
            assert not kc.put_negative(task.key, ENV, {"proc": proc, "round": i}, task)
            assert kc.put_winner(make_winner(variant(f"own{proc}-{i}"), ms=ms, env=f"own-{proc}-{i}", task=task))


def test_two_processes_writing_the_same_key_lose_nothing(cache_dir):
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_writer, args=(str(cache_dir), p, barrier)) for p in (0, 1)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=120)
    assert [p.exitcode for p in procs] == [0, 0]
    task_key = relu_task().key
    with KernelCache(cache_dir) as kc, warnings.catch_warnings():
        warnings.simplefilter("error")  # every entry must load cleanly
        assert len(kc) == 1 + 2 * ROUNDS
        shared = kc.get(task_key, ENV)
        assert shared.source == variant(f"p0-{ROUNDS - 1}") + PADDING  # the fastest of all offers
        assert shared.candidate_ms == pytest.approx(min(_times(0)))
        for proc in (0, 1):
            for i in range(ROUNDS):
                own = kc.get(task_key, f"own-{proc}-{i}")
                assert own is not None and own.source == variant(f"own{proc}-{i}")


# --- export / import ----------------------------------------------------------------------


def test_export_import_round_trip_and_tampered_file(cache, tmp_path):
    task = relu_task()
    winner = make_winner()
    cache.put_winner(winner)
    cache.put_negative(task.key, "cpu-triton3.9-torch2.13", {"turns": 4}, task)
    exported = tmp_path / "kernels.json"
    assert cache.export(exported) == 2

    with KernelCache(tmp_path / "deploy") as other:
        assert other.import_(exported) == (2, 0)
        assert sorted(e.key for e in other.entries()) == sorted(e.key for e in cache.entries())
        assert other.get(task.key, ENV) == winner
        assert other.import_(exported) == (0, 2)  # nothing new the second time

    payload = json.loads(exported.read_text())
    for item in payload["entries"]:
        if item["source"] is not None:
            item["source"] = item["source"].replace("0.0", "-1.0")
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(payload))
    with KernelCache(tmp_path / "victim") as victim:
        with pytest.warns(CacheIntegrityWarning, match="sha256"):
            assert victim.import_(tampered) == (1, 1)
        assert victim.get(task.key, ENV) is None
        assert victim.get(task.key, "cpu-triton3.9-torch2.13") is not None
        (tmp_path / "junk.json").write_text(json.dumps({"entries": []}))
        with pytest.raises(EntryError, match="not an autotriton cache export"):
            victim.import_(tmp_path / "junk.json")


def test_import_respects_put_winner_rules(cache, tmp_path):
    cache.put_winner(make_winner(variant("fast"), ms=0.5))
    source_file = tmp_path / "slow.json"
    with KernelCache(tmp_path / "elsewhere") as other:
        other.put_winner(make_winner(variant("slow"), ms=2.0))
        other.export(source_file)
    assert cache.import_(source_file) == (0, 1)
    assert cache.get(relu_task().key, ENV).source == variant("fast")


# --- CLI ----------------------------------------------------------------------------------


def test_cli_ls_show_and_bad_prefixes(cache, capsys):
    task = relu_task()
    cache.put_winner(make_winner(ms=1.0))
    cache.put_negative(task.key, "cpu-triton3.9-torch2.13", {"turns": 4}, task)

    assert main(["cache", "ls"]) == 0
    out = capsys.readouterr().out
    assert task.key[:12] in out and ENV in out
    assert re.search(rf"{ENV}\s+winner\s+2\.00x\s+vllm/m\s+\d+s", out)
    assert re.search(r"cpu-triton3\.9-torch2\.13\s+negative\s+-", out)

    assert main(["cache", "show", task.key[:8]]) == 2  # one task, two environments
    err = capsys.readouterr().err
    assert "ambiguous" in err and "--env" in err

    assert main(["cache", "show", task.key[:8], "--env", ENV]) == 0
    out = capsys.readouterr().out
    assert "tl.maximum(x, 0.0)" in out and '"candidate_sha256"' in out and "engine=vllm" in out

    assert main(["cache", "show", "zzzz"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "autotriton cache: error: no cache entry matches key prefix 'zzzz'"


def test_a_source_hiding_terminal_controls_is_never_cached_nor_printed(cache, capsys):
    """Round attack43: a kernel whose comment held terminal escapes and a bidi override passed the gate, was judged
    correct, cached, and `autotriton cache show` printed it raw to the user's terminal
    (tests/attacks/round43_source_terminal_escapes.py). The gate refuses such characters, so no entry holds one."""
    hidden = GOOD_SOURCE.replace("        return out\n", "        return out  # \x1b]52;c;cHduZWQ=\x07\x1b[2K \u202e\n")
    with pytest.raises(EntryError, match="static gate"):
        cache.put_winner(make_winner(hidden))
    assert main(["cache", "ls"]) == 0
    assert "\x1b" not in capsys.readouterr().out and cache.entries() == []


@pytest.mark.parametrize("shown", [
    "        return out  # \u202e",  # round 43's bidirectional control, now through `verdict.shown_otherwise`
    "        n = x.numel()\r        # (relu applied by the caller)",  # a lone CR: the terminal prints the comment over it
    "        n\u3164 = 0  # a Hangul filler: a name that reads as `n`",
    "        mode = \"fast\u200b\"  # a zero-width space inside a string",
    "        # \U000e0049\U000e0067\U000e006e\U000e006f\U000e0072\U000e0065 (tag characters: invisible, read by a model)",
], ids=["bidi", "lone_cr", "hangul_filler", "zero_width", "tags"])
def test_a_source_shown_otherwise_than_python_reads_it_is_never_cached(cache, shown):
    """Round attack46: round 43's rule listed control and bidirectional characters; a lone carriage return (Python ends
    the line, a terminal returns to its start and prints the next line over the code), zero-width and tag characters
    and the Hangul fillers (letters Python takes in a name, drawn as nothing) passed the gate, were judged correct and
    cached, and `autotriton cache show` printed them. The gate refuses what `verdict.shown_otherwise` names and a lone
    carriage return (`allowlist._hidden`), so no entry holds one."""
    source = GOOD_SOURCE.replace("        return out\n", shown + "\n        return out\n")
    assert source != GOOD_SOURCE
    with pytest.raises(EntryError, match="static gate"):
        cache.put_winner(make_winner(source))
    assert cache.entries() == []


def test_cli_export_clear_import(cache, tmp_path, capsys):
    cache.put_winner(make_winner())
    exported = tmp_path / "out.json"
    assert main(["cache", "export", str(exported)]) == 0
    assert "exported 1 entries" in capsys.readouterr().out

    assert main(["cache", "clear"]) == 2  # stdin is not a terminal: no silent wipe
    assert "--yes" in capsys.readouterr().err
    assert len(cache) == 1
    assert main(["cache", "clear", "--yes"]) == 0
    assert "deleted 1 entries" in capsys.readouterr().out
    assert len(cache) == 0

    assert main(["cache", "import", str(exported)]) == 0
    assert "imported 1 entries" in capsys.readouterr().out
    assert cache.get(relu_task().key, ENV) is not None

    assert main(["cache", "import", str(tmp_path / "missing.json")]) == 2
    assert "import file not found" in capsys.readouterr().err


def test_cli_verify_keeps_passing_kernels_and_drops_failing_ones(cache, capsys):
    """Runs the real verifier: the good kernel under the Triton interpreter, the bad one fails static checks."""
    task = relu_task()
    good = make_winner(GOOD_SOURCE, ms=None, env="cpu-good")
    bad = make_winner(BAD_SOURCE, ms=None, env="cpu-bad")  # its stored verdict claims it passed
    cache.put_winner(good)
    cache.put_winner(bad)
    cache.put_negative(task.key, "cpu-none", {"turns": 1}, task)

    assert main(["cache", "verify", task.key[:10], "--env", "cpu-bad", "--keep", "--device", "cpu"]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "mismatch" in out and "dropped" not in out
    assert cache.get(task.key, "cpu-bad") is not None

    assert main(["cache", "verify", "--all", "--device", "cpu"]) == 1
    out = capsys.readouterr().out
    assert re.search(r"PASS\s+\w+\s+cpu-good\s+on cpu", out)
    assert re.search(r"FAIL\s+\w+\s+cpu-bad .*dropped", out)
    assert "1 passed, 1 failed, 1 skipped" in out
    assert cache.get(task.key, "cpu-good") == good
    assert cache.get(task.key, "cpu-bad") is None


def _tag_after(barrier, results) -> None:
    from cache.auth import tag

    barrier.wait()  # every process looks for the key file at the same moment
    results.put(tag({"entry": 1}))


def test_processes_creating_the_key_at_once_all_sign_with_the_same_key(tmp_path, monkeypatch):
    """The first use of a fresh key file races: no process may read it half written (an empty key)."""
    key = tmp_path / "config" / "cache.key"
    monkeypatch.setenv("AUTOTRITON_KEY_FILE", str(key))
    context = multiprocessing.get_context("fork")
    barrier, results = context.Barrier(6), context.Queue()
    procs = [context.Process(target=_tag_after, args=(barrier, results)) for _ in range(6)]
    for proc in procs:
        proc.start()
    tags = [results.get(timeout=60) for _ in procs]
    for proc in procs:
        proc.join(60)
    assert len(set(tags)) == 1
    assert len(bytes.fromhex(key.read_text())) == 32 and stat.S_IMODE(key.stat().st_mode) == 0o600
    assert [p.name for p in key.parent.iterdir()] == ["cache.key"]  # no draft left behind


# --- the module file a cached kernel is imported from (round attack59) --------------------------------------------

# Planted Python inside the kernel's body: creates the marker when it runs (each program).
PLANTED_BODY = GOOD_SOURCE.replace(
    "    offs = tl.program_id(0)", "    __import__('os').makedirs({marker!r}, exist_ok=True)\n    offs = tl.program_id(0)")

# Another user who can write the cache directory (hence `modules/`), run as a process of its own: it feeds a FIFO
# planted as the kernel's module file the verified text on the first read and planted text on every later one.
FIFO_ATTACKER = '''import sys, time
fifo, honest, planted = sys.argv[1], open(sys.argv[2]).read(), open(sys.argv[3]).read()
for text in (honest, planted, planted, planted):
    with open(fifo, "w") as h:
        h.write(text)
    time.sleep(0.5)  # the reader sees this text's end before the next one starts
'''


def _module_dir_with_fifo(tmp_path: Path, source: str, marker: Path):
    import hashlib
    import subprocess
    import sys

    module_dir = tmp_path / "kernels" / "modules"
    module_dir.mkdir(parents=True)
    fifo = module_dir / f"kernel_{hashlib.sha256(source.encode()).hexdigest()[:32]}.py"
    os.mkfifo(fifo)
    (tmp_path / "honest.py").write_text(source)
    (tmp_path / "planted.py").write_text("__import__('os').makedirs(%r, exist_ok=True)\n" % str(marker) + source)
    attacker = subprocess.Popen([sys.executable, "-c", FIFO_ATTACKER, str(fifo), str(tmp_path / "honest.py"),
                                 str(tmp_path / "planted.py")])
    return module_dir, attacker


@pytest.mark.parametrize("how", ["fifo", "rewritten_after_load"])
def test_a_planted_module_file_never_runs(tmp_path, how):
    """`modules/kernel_<sha>.py` lies in the cache directory: whoever can write that directory but not sign an entry
    can plant the file. A FIFO there handed the sha check the verified text and the import planted text; a file
    rewritten after the kernel loaded was what the interpreter read at its first launch (triton.jit reads the body
    through inspect and linecache, which reloads a file whose size or mtime changed). Planted code ran in the user's
    process both ways; the kernel must run as verified, whatever the file holds."""
    from autotriton_backend.splice import kernel_op

    marker = tmp_path / "planted-code-ran"
    task = relu_task()
    attacker = None
    try:
        if how == "fifo":
            module_dir, attacker = _module_dir_with_fifo(tmp_path, variant(how), marker)
            op = kernel_op(task, variant(how), module_dir)
        else:
            module_dir = tmp_path / "kernels" / "modules"
            op = kernel_op(task, variant(how), module_dir)
            (module,) = module_dir.glob("kernel_*.py")
            module.write_text(PLANTED_BODY.format(marker=str(marker)))  # after the load, before the first launch
        x = torch.randn(4, 33)
        assert torch.equal(op(x), torch.relu(x))
    finally:
        if attacker is not None:
            attacker.kill()
            attacker.wait()
    assert not marker.exists()


# The kernels' folder (`splice.private_module_dir`) after a fork or a removal (round attack64). A process, its child,
# and another user (nobody) who can write /tmp. Each scenario: the folder's name freed, the other user takes it if
# they can and plants the module file the kernel names, something clears linecache, then the kernel's first launch.
FOLDER_SCRIPT = r'''
import hashlib, linecache, os, shutil, subprocess, sys, torch
from pathlib import Path
from autotriton_backend import splice
from autotriton_backend.task import KernelTask

how, work = sys.argv[1], Path(sys.argv[2])
task = KernelTask.from_source((work / "task.py").read_text(), name="relu")


def other_user(command, stdin=b""):
    done = subprocess.run(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "sh", "-c", command],
                          input=stdin, capture_output=True)
    return done.returncode == 0


first = (work / "first.py").read_text()
first_op = splice.kernel_op(task, first)  # loaded (module written, ModelNew built), never launched yet
folder = splice.private_module_dir()
if how == "folder_removed":  # e.g. a /tmp cleaner while the process runs
    shutil.rmtree(folder)
else:
    r, w = os.pipe()
    if os.fork():
        os.close(r)
        sys.exit(0)  # the parent ends first (as a main whose multiprocessing children run on), its exit handlers run
    os.close(w)
    os.read(r, 1)  # EOF: the parent has exited
other_user(f"mkdir -m 777 {folder}")  # the name, if free
if how == "loaded_before_fork":
    source, op = first, first_op
else:
    source = (work / "second.py").read_text()
    op = splice.kernel_op(task, source)
module = folder / f"kernel_{hashlib.sha256(source.encode()).hexdigest()[:32]}.py"
planted = other_user(f"rm -f {module} && cat > {module}", (work / "planted.py").read_bytes())
linecache.clearcache()
x = torch.randn(4, 33)
right = torch.equal(op(x), torch.relu(x))
shutil.rmtree(folder, ignore_errors=True)  # the name's folder, whoever made it (a parent that forked keeps its own)
print("planted" if planted else "not-planted", "right" if right else "wrong", flush=True)
'''


@pytest.mark.skipif(os.geteuid() != 0, reason="plays another user (setpriv) and so needs root")
@pytest.mark.parametrize("how", ["loaded_before_fork", "loaded_after_fork", "folder_removed"])
def test_a_kernel_module_folder_freed_under_a_running_process_never_serves_planted_code(tmp_path, how):
    """Round attack64. The kernels' module files lie in a `mkdtemp` folder of the process, removed at its exit, so
    that no one else can rewrite them (round attack59: once linecache is cleared, the interpreter reads the file again
    at a kernel's first launch). A forked child kept using its parent's folder after the parent had exited and removed
    it, and a process whose folder was removed while it ran (a /tmp cleaner) wrote its next modules into whatever
    then had the name (`mkdir(exist_ok=True)`): another user who took the name planted code that ran in the user's
    process at the kernel's first launch after linecache was cleared."""
    import subprocess
    import sys

    marker = tmp_path / "planted-code-ran"
    (tmp_path / "task.py").write_text(TASK_SOURCE)
    (tmp_path / "first.py").write_text(variant(f"{how} first"))
    (tmp_path / "second.py").write_text(variant(f"{how} second"))
    (tmp_path / "planted.py").write_text(PLANTED_BODY.format(marker=str(marker)))
    env = {**os.environ, "TRITON_INTERPRET": "1", "TMPDIR": "/tmp", "OMP_NUM_THREADS": "1",
           "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, "-c", FOLDER_SCRIPT, how, str(tmp_path)], capture_output=True, text=True,
                          timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[-1:] == ["right"], done.stdout + done.stderr[-2000:]
    assert not marker.exists(), done.stdout
