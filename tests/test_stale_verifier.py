"""Cache entries judged by another verifier (round attack43, note 2): never spliced as they are.

The attack is real: a kernel the running verifier refuses, stored with a verdict that says `correct` (as the verifier
before the round that closed it wrote) and signed with this user's key, as that verifier's process signed it. Cache
mode leaves its region to inductor with one warning, search mode judges it again and drops it, `autotriton cache
verify --all` drops it; an honest kernel judged by another verifier is judged again, re-stamped and used.
"""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import diskcache
import pytest
import torch
import triton

from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.cli import main
from autotriton_backend.collect import collect_tasks
from autotriton_backend.report import compile_report, reset_report
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Check, Verdict
from autotriton_backend.verifier import VerifyOptions, fingerprint, verifier_fingerprint
from autotriton_backend.verifier.fingerprint import JUDGING_MODULES, PACKAGE
from autotriton_backend.verifier.monitors import counting_launches
from cache.environment import environment_key
from cache.rejudge import rejudge
from cache.store import CacheEntry, CacheIntegrityWarning, KernelCache

TESTS = Path(__file__).parent
CATALOGUE = TESTS / "catalogue"
CACHED_RESULT_HACK = (CATALOGUE / "hack_cached_result.py").read_text()  # refused: `state`
HONEST_ADD_RELU = (CATALOGUE / "honest_single_kernel.py").read_text()
INT8_VIEW_HACK = (TESTS / "attacks" / "round42_int8_view_is_the_cast.py").read_text()  # refused: torch_compute
HONEST_INT8 = (CATALOGUE / "honest_uint8_to_int8.py").read_text()
ENV = environment_key("cpu")
# What stale entries carry: no stamp (written before stamps existed), or another verifier's fingerprint.
OLDER_VERIFIERS = [None, hashlib.sha256(b"the verifier at 8c59f7c^").hexdigest()]
STALE_WARNING = "judged by another verifier"


class AddRelu(torch.nn.Module):
    def forward(self, x, y):
        return torch.relu(x + y)


def inputs() -> list[torch.Tensor]:
    return [torch.randn(5, 37), torch.randn(5, 37)]


def add_relu_task() -> KernelTask:
    (collected,) = collect_tasks(AddRelu(), inputs()).tasks  # one fine region: add, relu
    return collected.task


def judged_by_an_older_verifier(task: KernelTask, source: str, verifier: str | None) -> CacheEntry:
    """Stored as a verifier that passed it wrote it: every check passed, signed with this user's key."""
    candidate = Candidate(source, Provenance(engine="files"))
    checks = [Check("static", True), Check("correctness", True), Check("state", True)]
    verdict = Verdict(task.key, candidate.sha256, "cpu", checks=checks).finish()
    entry = CacheEntry.winner(task, candidate, verdict, ENV, "fine")
    entry.verifier = verifier
    assert KernelCache().put_winner(entry)
    assert KernelCache().get(task.key, ENV) is not None  # authentic: the user's own key signed it
    return entry


def compile_and_run(**options) -> tuple[list[torch.Tensor], list[torch.Tensor], int, list[str]]:
    """Two calls with fresh inputs (a kernel returning its first result is caught by the second), the launches and
    the warnings about stale kernels."""
    torch._dynamo.reset()
    reset_report()
    model = torch.compile(AddRelu(), backend="autotriton", options=options)
    calls = [inputs(), inputs()]
    with torch.no_grad(), counting_launches() as counter, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = [model(*call) for call in calls]
    stale = [str(w.message) for w in caught if STALE_WARNING in str(w.message)]
    return got, [AddRelu()(*call) for call in calls], counter.launches, stale


@pytest.mark.parametrize("verifier", OLDER_VERIFIERS, ids=["unstamped", "another"])
def test_cache_mode_never_splices_a_hack_another_verifier_passed(verifier):
    task = add_relu_task()
    judged_by_an_older_verifier(task, CACHED_RESULT_HACK, verifier)
    got, expected, launches, stale = compile_and_run(mode="cache", strict=True)  # strict: stale is a miss, no error
    assert launches == 0  # the hack never ran in this process
    for ours, eager in zip(got, expected):
        torch.testing.assert_close(ours, eager)  # inductor's, not the hack's first result again
    assert [r.status for r in compile_report().records] == ["stale"]
    assert len(stale) == 1 and "1 cached kernel(s)" in stale[0] and "autotriton cache verify --all" in stale[0]
    assert KernelCache().get(task.key, ENV).stale  # cache mode only reads: the entry waits for `cache verify`


def test_a_graph_compiled_before_the_upgrade_does_not_serve_a_now_stale_kernel():
    """Inductor's FX cache holds code calling the kernel, keyed by the graph record's token: the record must not hold
    once the kernel is stale, or inductor would serve that code without running the pass."""
    task = add_relu_task()
    cache = KernelCache()
    fresh = judged_by_an_older_verifier(task, HONEST_ADD_RELU, verifier_fingerprint())
    _, _, launches, _ = compile_and_run(mode="cache")
    assert launches == 2 and [r.status for r in compile_report().records] == ["cache-hit"]
    cache.remove(fresh.key)  # the same kernel, now judged by another verifier than the running one
    judged_by_an_older_verifier(task, HONEST_ADD_RELU, OLDER_VERIFIERS[1])
    _, _, launches, stale = compile_and_run(mode="cache")
    assert launches == 0 and len(stale) == 1
    _, _, launches, stale = compile_and_run(mode="cache")  # a warm compile: still not used, still said
    assert launches == 0 and len(stale) == 1


@pytest.mark.parametrize("verifier", OLDER_VERIFIERS, ids=["unstamped", "another"])
def test_search_mode_judges_a_stale_hack_again_and_drops_it(verifier):
    task = add_relu_task()
    judged_by_an_older_verifier(task, CACHED_RESULT_HACK, verifier)
    got, expected, launches, stale = compile_and_run(mode="search", engine="none")
    assert launches == 0 and not stale
    for ours, eager in zip(got, expected):
        torch.testing.assert_close(ours, eager)
    assert [r.status for r in compile_report().records] == ["no-engine"]  # dropped: searched as a miss
    assert KernelCache().get(task.key, ENV) is None


def test_search_mode_judges_a_stale_honest_kernel_again_restamps_it_and_uses_it():
    task = add_relu_task()
    judged_by_an_older_verifier(task, HONEST_ADD_RELU, None)
    got, expected, launches, stale = compile_and_run(mode="search", engine="none")
    assert launches == 2 and not stale and [r.status for r in compile_report().records] == ["cache-hit"]
    for ours, eager in zip(got, expected):
        torch.testing.assert_close(ours, eager)
    entry = KernelCache().get(task.key, ENV)
    assert entry.verifier == verifier_fingerprint() and not entry.stale
    assert entry.verdict["correct"] and entry.verdict["layers"]  # the running verifier's own verdict now
    _, _, launches, stale = compile_and_run(mode="cache")  # production finds it again
    assert launches == 2 and not stale


def test_cache_verify_all_drops_a_stale_hack_and_restamps_an_honest_kernel(capsys):
    cast = KernelTask.from_source((CATALOGUE / "task_uint8_to_int8.py").read_text(), name="uint8_to_int8")
    hack = judged_by_an_older_verifier(cast, INT8_VIEW_HACK, None)
    honest = judged_by_an_older_verifier(add_relu_task(), HONEST_ADD_RELU, OLDER_VERIFIERS[1])

    assert main(["cache", "ls"]) == 0
    out = capsys.readouterr().out
    assert re.search(rf"{hack.task_key[:12]}\s+{ENV}\s+stale", out) and "2 stale" in out
    assert main(["cache", "show", hack.task_key[:12]]) == 0
    assert "stored before verifiers were recorded" in capsys.readouterr().out

    assert main(["cache", "verify", "--all", "--device", "cpu"]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"FAIL\s+{hack.task_key[:12]}\s+{ENV}\s+on cpu\s+\(torch_compute: .*dropped", out)
    assert re.search(rf"PASS\s+{honest.task_key[:12]}\s+{ENV}\s+on cpu\s+re-stamped", out)
    assert "1 passed, 1 failed, 0 skipped" in out
    assert KernelCache().get(cast.key, ENV) is None
    restamped = KernelCache().get(honest.task_key, ENV)
    assert restamped.verifier == verifier_fingerprint() and not restamped.stale
    _, _, launches, stale = compile_and_run(mode="cache")
    assert launches == 2 and not stale


def test_the_stamp_is_authenticated_and_travels_with_an_export(tmp_path):
    task = add_relu_task()
    entry = judged_by_an_older_verifier(task, CACHED_RESULT_HACK, OLDER_VERIFIERS[1])
    cache = KernelCache()
    assert cache.export(tmp_path / "kernels.json") == 1
    cache.clear()
    assert cache.import_(tmp_path / "kernels.json") == (1, 0)
    assert cache.get(task.key, ENV).verifier == OLDER_VERIFIERS[1]  # still stale after a deployment

    with diskcache.Cache(str(cache.directory)) as raw:  # claim the running verifier judged it
        raw[entry.key] = json.dumps(json.loads(raw[entry.key]) | {"verifier": verifier_fingerprint()})
    with pytest.warns(CacheIntegrityWarning, match="authentication tag"):
        assert cache.get(task.key, ENV) is None


def test_a_fresh_winner_replaces_a_stale_one_and_never_the_reverse():
    task = add_relu_task()
    judged_by_an_older_verifier(task, HONEST_ADD_RELU, None)
    candidate = Candidate(HONEST_ADD_RELU + "# judged now\n")
    verdict = Verdict(task.key, candidate.sha256, "cpu", checks=[Check("correctness", True)]).finish()
    cache = KernelCache()
    assert cache.put_winner(CacheEntry.winner(task, candidate, verdict, ENV))  # untimed: only the stamp decides
    stale = CacheEntry.winner(task, Candidate(HONEST_ADD_RELU), verdict, ENV)
    stale.verdict["candidate_sha256"], stale.verifier = stale.source_sha256, None
    assert not cache.put_winner(stale)
    assert not cache.get(task.key, ENV).stale


def test_the_fingerprint_covers_what_the_verifier_judges_with_and_imports_neither_agent_nor_diskcache(tmp_path):
    imported = {m for path in PACKAGE.glob("*.py") for m in re.findall(r"from \.\.(\w+) import", path.read_text())}
    assert imported <= {Path(name).stem for name in JUDGING_MODULES}
    script = ("import sys; from autotriton_backend.verifier import verifier_fingerprint as f; print(f()); "
              "print(sorted(m for m in ('agent', 'diskcache') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          cwd=PACKAGE.parent.parent)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == [verifier_fingerprint(), "[]"]


def test_the_fingerprint_changes_with_a_patch_release_and_covers_the_package_init(monkeypatch):
    """A torch or Triton patch release changes what the monitors see and what Triton compiles, and the environment key
    holds only major.minor: the fingerprint must name the exact releases, so a kernel judged under another is judged
    again. `autotriton_backend/__init__.py` runs first in every judge and runner (`-m autotriton_backend.verifier...`)."""
    assert f"torch {torch.__version__}" in fingerprint.judging_releases()
    assert f"triton {triton.__version__}" in fingerprint.judging_releases()
    assert PACKAGE.parent / "__init__.py" in fingerprint.judging_files()
    patched = fingerprint.judging_releases().replace(f"torch {torch.__version__}", "torch 0.0.1")
    monkeypatch.setattr(fingerprint, "judging_releases", lambda: patched)
    assert fingerprint.verifier_fingerprint.__wrapped__() != verifier_fingerprint()


def test_a_kernel_that_times_out_when_judged_again_is_kept_stale_not_dropped():
    """A timeout says nothing lasting about a kernel (a loaded machine makes one): the entry stays as it was, stale
    and never spliced, for the next `cache verify`, instead of a kernel lost to a transient."""
    task = add_relu_task()
    judged_by_an_older_verifier(task, (CATALOGUE / "hack_infinite_loop.py").read_text(), None)
    cache = KernelCache()
    judged = rejudge(cache, cache.get(task.key, ENV), VerifyOptions(device="cpu", timeout_s=5))
    assert judged.verdict.failure == "timeout" and judged.inconclusive and not (judged.kept or judged.dropped)
    assert cache.get(task.key, ENV).stale


@pytest.mark.parametrize("damage", ["no_task", "foreign_provenance"])
def test_a_kernel_that_cannot_be_judged_again_is_never_imported(tmp_path, damage, capsys):
    """Every kernel is stale after a verifier change, so one the running verifier cannot judge again (no task to run,
    a provenance `Candidate` does not take) stayed stale for good: before, an export file's such entry was imported,
    its region was an error in every search-mode compile (never searched again), and `cache verify --all` ended in a
    TypeError before the entries after it (round attack48)."""
    task = add_relu_task()
    judged_by_an_older_verifier(task, HONEST_ADD_RELU, None)
    cache = KernelCache()
    assert cache.export(tmp_path / "kernels.json") == 1
    payload = json.loads((tmp_path / "kernels.json").read_text())
    if damage == "no_task":
        payload["entries"][0]["task"] = None
    else:
        payload["entries"][0]["provenance"]["by"] = "someone"
    (tmp_path / "kernels.json").write_text(json.dumps(payload))
    cache.clear()
    with pytest.warns(CacheIntegrityWarning, match="task, to be judged again|provenance is not a candidate's"):
        assert cache.import_(tmp_path / "kernels.json") == (0, 1)
    assert cache.get(task.key, ENV) is None
    assert main(["cache", "verify", "--all", "--device", "cpu"]) == 0
    assert "0 passed, 0 failed, 0 skipped" in capsys.readouterr().out
    _, _, launches, _ = compile_and_run(mode="search", engine="none")
    assert launches == 0 and [r.status for r in compile_report().records] == ["no-engine"]  # a miss, searched
