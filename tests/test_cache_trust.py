"""What the kernel cache trusts besides its entries (round attack61): the key file that signs them, and the graph
records (`<cache>/graphs`) that decide which cached kernels load before the pass runs and which of inductor's cached
code is served.

The attacker: can write the cache directory (a shared or copied cache), or the key's path, but not the user's key.
Every test checks from outside whether a cached kernel was loaded (`splice._model_on` spied: it writes a marker when a
kernel's module is built in this process) and whether it ran (Triton launches counted), and compares the compiled
model's values with eager's.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import pwd
import re
import warnings
from pathlib import Path

import diskcache
import pytest
import torch

from autotriton_backend import announce, backend, splice
from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.cli import main
from autotriton_backend.report import reset_report
from autotriton_backend.verdict import Check, Verdict
from autotriton_backend.verifier import verifier_fingerprint
from autotriton_backend.verifier.monitors import counting_launches
from cache import auth
from cache.store import CacheEntry, KernelCache, _TextDisk, default_directory
from test_stale_verifier import (CACHED_RESULT_HACK, ENV, HONEST_ADD_RELU, OLDER_VERIFIERS, AddRelu, add_relu_task,
                                 compile_and_run, inputs, judged_by_an_older_verifier)

KEY_WARNING = "cache key"


@pytest.fixture
def loaded(tmp_path, monkeypatch) -> Path:
    """A marker made whenever a cached kernel's op is asked for in this process (`backend.kernel_op`: its module
    imported and ModelNew built, unless an earlier test of this process defined the op already) or its module built."""
    marker = tmp_path / "kernel-loaded"

    def spying(real):
        def spy(*args, **kwargs):
            marker.write_text("loaded")
            return real(*args, **kwargs)
        return spy

    monkeypatch.setattr(backend, "kernel_op", spying(backend.kernel_op))
    monkeypatch.setattr(splice, "_model_on", spying(splice._model_on))
    return marker


def _signed_with(key: bytes, entry: CacheEntry) -> str:
    """The entry as someone holding `key` signs it (cache/auth.py's message), as stored JSON."""
    message = json.dumps(entry.content(), sort_keys=True, separators=(",", ":")).encode()
    entry.tag = hmac.new(key, message, hashlib.sha256).hexdigest()
    return json.dumps(entry.to_json())


def _plant_entry(key: bytes) -> None:
    """An honest add+relu kernel signed with `key`, written behind KernelCache's back."""
    task = add_relu_task()
    candidate = Candidate(HONEST_ADD_RELU, Provenance(engine="files"))
    checks = [Check("static", True), Check("correctness", True), Check("state", True)]
    verdict = Verdict(task.key, candidate.sha256, "cpu", checks=checks).finish()
    entry = CacheEntry.winner(task, candidate, verdict, ENV, "fine")
    directory = default_directory()
    directory.mkdir(parents=True, exist_ok=True)
    with diskcache.Cache(str(directory), disk=_TextDisk, eviction_policy="none") as raw:
        raw[entry.key] = _signed_with(key, entry)


KNOWN = bytes(range(32))  # the attacker's key: they wrote it, read it, or own where it points


def _bad_key(case: str, path: Path, tmp_path: Path) -> bytes:
    """Put the key file in state `case`; returns the bytes an attacker can sign with (b"" where they cannot)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if case in ("symlink", "dangling_symlink"):
        target = tmp_path / "attacker" / "planted.key"
        target.parent.mkdir()
        if case == "symlink":
            target.write_text(KNOWN.hex())
            target.chmod(0o600)  # otherwise a fine key: only the link is wrong
        path.symlink_to(target)
        return KNOWN
    if case == "fifo":  # read as a file it blocked until someone wrote to it: every compile hung
        os.mkfifo(path, 0o600)
        return b""
    text = {"world_readable": KNOWN.hex(), "group_readable": KNOWN.hex(), "empty": "", "garbage": "not a key\n",
            "short": KNOWN.hex()[:32], "other_owner": KNOWN.hex()}[case]
    path.write_text(text)
    path.chmod({"world_readable": 0o644, "group_readable": 0o640}.get(case, 0o600))
    if case == "other_owner":
        os.chown(path, pwd.getpwnam("nobody").pw_uid, pwd.getpwnam("nobody").pw_gid)
    return {"empty": b"", "garbage": b"", "short": KNOWN[:16]}.get(case, KNOWN)


BAD_KEYS = ["world_readable", "group_readable", "empty", "garbage", "short", "symlink", "dangling_symlink",
            "other_owner", "fifo"]
FIXES = {"world_readable": "chmod 600", "group_readable": "chmod 600", "symlink": "replace the link"}


@pytest.mark.parametrize("case", BAD_KEYS)
def test_a_bad_key_file_fails_closed_with_a_clear_error(case, tmp_path, loaded, capsys, monkeypatch):
    path = auth.key_file()
    signing_key = _bad_key(case, path, tmp_path)
    _plant_entry(signing_key)  # signed with what the attacker knows: authentic under the bad key before the fix

    # the user's model: compiled, right, no kernel from the cache loaded or run, one warning saying what to do
    monkeypatch.setattr(announce, "_warned", set())
    torch._dynamo.reset()
    reset_report()
    model = torch.compile(AddRelu(), backend="autotriton", options={"mode": "cache"})
    calls = [inputs(), inputs()]
    with torch.no_grad(), counting_launches() as counter, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = [model(*call) for call in calls]
        model2 = torch.compile(lambda x, y: torch.relu(x + y) * 2, backend="autotriton", options={"mode": "cache"})
        got2 = model2(*calls[0])  # another graph: compiled with plain inductor too, not said again
    assert counter.launches == 0 and not loaded.exists()
    for ours, call in zip(got, calls):
        torch.testing.assert_close(ours, AddRelu()(*call))
    torch.testing.assert_close(got2, AddRelu()(*calls[0]) * 2)
    said = [str(w.message) for w in caught if "autotriton" in str(w.message)]
    assert len(said) == 1, said
    assert str(path) in said[0] and "plain inductor" in said[0] and "the kernel cache is not used" in said[0]

    # strict: the compile raises the key's error
    torch._dynamo.reset()
    strict = torch.compile(AddRelu(), backend="autotriton", options={"mode": "cache", "strict": True})
    with pytest.raises(Exception, match="the kernel cache is not used until it is fixed"):
        strict(*inputs())
    assert not loaded.exists()

    with pytest.raises(ValueError, match=re.escape(str(path))) as raised:  # auth.KeyFileError
        KernelCache()
    message = str(raised.value)
    assert "\n" not in message and "the kernel cache is not used until it is fixed" in message
    assert f"rm {path}" in message and FIXES.get(case, "rm ") in message

    # the CLI: exit 2 with the message
    capsys.readouterr()
    assert main(["cache", "ls"]) == 2
    assert "the kernel cache is not used until it is fixed" in capsys.readouterr().err
    if case == "dangling_symlink":
        assert not path.resolve().exists()  # creating a key never followed the link


def test_a_missing_key_is_created_private_and_used(tmp_path, loaded):
    path = auth.key_file()
    assert not path.exists()
    judged_by_an_older_verifier(add_relu_task(), HONEST_ADD_RELU, verifier_fingerprint())
    assert path.is_file() and not path.is_symlink() and (path.stat().st_mode & 0o777) == 0o600
    assert re.fullmatch(r"[0-9a-f]{64}", path.read_text())
    _, _, launches, _ = compile_and_run(mode="cache", strict=True)
    assert launches == 2 and loaded.exists()
    path.write_text(path.read_text() + "\n")  # a trailing newline (an editor's) is still the key
    assert KernelCache().get(add_relu_task().key, ENV) is not None


# --- graph records --------------------------------------------------------------------------------------------------

def _edit_records(edit) -> int:
    """Edit every graph record behind the backend's back, as whoever can write `<cache>/graphs` can: the record's
    JSON is edited, and any tag around it is kept (the attacker cannot make a new one)."""
    count = 0
    with diskcache.Cache(str(default_directory() / "graphs"), disk=_TextDisk, eviction_policy="none") as raw:
        for key in list(raw.iterkeys()):
            stored = json.loads(raw[key])
            record = stored["record"] if "tag" in stored else stored
            edit(record)
            raw[key] = json.dumps(stored)
            count += 1
    return count


def test_a_planted_graph_record_does_not_serve_a_now_stale_hack():
    """A hack an older verifier passed, compiled while that verifier ran (inductor's FX cache holds code calling it
    under the record's token), then stale after the upgrade. Emptying the record's states made it hold: its token
    served that code, and the hack ran (the second call returned the first call's result)."""
    task = add_relu_task()
    cache = KernelCache()
    fresh = judged_by_an_older_verifier(task, CACHED_RESULT_HACK, verifier_fingerprint())
    _, _, launches, _ = compile_and_run(mode="cache")
    assert launches >= 1  # the hack, then judged by the running verifier, was spliced
    cache.remove(fresh.key)
    judged_by_an_older_verifier(task, CACHED_RESULT_HACK, OLDER_VERIFIERS[1])  # the upgrade: now stale
    assert _edit_records(lambda record: record.update(states={})) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got, expected, launches, _ = compile_and_run(mode="cache")
    assert launches == 0
    for ours, eager in zip(got, expected):
        torch.testing.assert_close(ours, eager)


def test_a_planted_graph_record_loads_no_kernel(loaded):
    """A record listing a stale kernel as spliced, with no states: `_recorded` imported it and built its ModelNew
    before the pass ran, a kernel `resolve` never loads until the running verifier judged it again."""
    task = add_relu_task()
    compile_and_run(mode="cache")  # no entry yet: a record with nothing spliced
    judged_by_an_older_verifier(task, HONEST_ADD_RELU, OLDER_VERIFIERS[1])  # stale
    planted = {"task_key": task.key, "environment": ENV, "level": "fine"}
    assert _edit_records(lambda record: record.update(states={}, spliced=[planted])) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, _, launches, _ = compile_and_run(mode="cache")
    assert launches == 0 and not loaded.exists()


def test_a_planted_guard_decision_does_not_drop_the_kernels(loaded):
    """A record saying the kernels lost to inductor on this graph: the graph compiled with plain inductor, and its
    kernels were never used (availability only: no code ran)."""
    task = add_relu_task()
    judged_by_an_older_verifier(task, HONEST_ADD_RELU, verifier_fingerprint())
    _, _, launches, _ = compile_and_run(mode="cache")
    assert launches == 2
    lost = {"kernels_win": False, "kernels_ms": 2.0, "inductor_ms": 1.0}
    assert _edit_records(lambda record: record.update(guard=lost)) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, _, launches, _ = compile_and_run(mode="cache")
    assert launches == 2


def test_a_record_moved_to_another_graph_is_refused():
    """The tag covers the graph key a record is stored under: a record of one graph copied under another's key fails."""
    from cache.graph_records import GraphRecord, GraphRecords

    records = GraphRecords(default_directory())
    records.put("a" * 64, GraphRecord())
    assert records.get("a" * 64) is not None
    with diskcache.Cache(str(default_directory() / "graphs"), disk=_TextDisk, eviction_policy="none") as raw:
        raw["b" * 64] = raw["a" * 64]
    with pytest.warns(UserWarning, match="refusing graph record bbbbbbbbbbbb"):
        assert records.get("b" * 64) is None
