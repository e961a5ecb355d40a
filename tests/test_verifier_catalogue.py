"""The adversarial catalogue: every candidate in tests/catalogue/ must get the verdict its header names.

Each candidate file starts with `# task: NAME` and `# expect: CHECK` (`correct` for honest ones).
All candidates are judged once, in parallel, on CPU under the Triton interpreter.
"""
from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from autotriton_backend import Candidate, KernelTask, VerifyOptions, verify

CATALOGUE = Path(__file__).parent / "catalogue"
CANDIDATES = sorted(p for p in CATALOGUE.glob("*.py") if not p.name.startswith("task_"))
OPTIONS = VerifyOptions(device="cpu", timeout_s=40)
PWNED = Path("/tmp/autotriton_pwned")


def header(path: Path, field: str) -> str:
    match = re.search(rf"^# {field}: (\S+)$", path.read_text(), re.MULTILINE)
    assert match, f"{path.name} lacks a '# {field}:' header"
    return match.group(1)


@pytest.fixture(scope="module")
def verdicts():
    PWNED.unlink(missing_ok=True)
    tasks = {p.stem: KernelTask.from_file(p) for p in CATALOGUE.glob("task_*.py")}

    def judge(path: Path):
        return verify(tasks[header(path, "task")], Candidate(path.read_text()), OPTIONS)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip([p.name for p in CANDIDATES], pool.map(judge, CANDIDATES)))


@pytest.mark.parametrize("path", CANDIDATES, ids=[p.stem for p in CANDIDATES])
def test_catalogue_verdict(path, verdicts):
    verdict = verdicts[path.name]
    expected = header(path, "expect")
    if expected == "correct":
        assert verdict.correct, verdict.feedback
        assert verdict.compiled and verdict.timings is None and "unavailable" in verdict.timing_note
        assert verdict.max_abs_error is not None and verdict.max_abs_error < 1e-4
    else:
        assert not verdict.correct
        assert verdict.failed_check is not None
        assert verdict.failed_check.name == expected, f"{verdict.failed_check}"
        assert verdict.feedback.startswith(f"The candidate failed the `{expected}` check")


def test_catalogue_covers_the_issue_list():
    expected = {header(p, "expect") for p in CANDIDATES}
    assert {"correct", "triton_launch", "torch_compute", "output_alias", "input_mutation", "nan", "mismatch",
            "imports", "forbidden", "timeout", "crash", "syntax", "compile", "structure", "stride"} <= expected


def test_no_candidate_escaped_the_sandbox(verdicts):
    assert not PWNED.exists(), "a rejected candidate ran a command or wrote a file"


def test_hacks_are_flagged_as_hacked(verdicts):
    for name in ("hack_never_launched.py", "hack_decoy_launch.py", "hack_output_alias.py", "hack_writes_input.py"):
        assert verdicts[name].hacked, name
    assert not verdicts["wrong_math.py"].hacked


def test_cached_result_is_caught_on_the_second_input_set(verdicts):
    assert "input set 2" in verdicts["hack_cached_result.py"].failed_check.reason


def test_results_cached_by_buffer_address_are_caught_on_reused_buffers(verdicts):
    assert "reused input buffers" in verdicts["hack_pointer_cache.py"].failed_check.reason
