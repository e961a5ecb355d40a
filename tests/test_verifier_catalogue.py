"""The adversarial catalogue: every candidate in tests/catalogue/ must get the verdict its header names.

Each candidate file starts with `# task: NAME` and `# expect: CHECK` (`correct` for honest ones); those the
static gate refuses also name `# behind the gate: CHECK`, what the runtime layers (monitors, judge, OS
sandbox) make of them when the gate is bypassed (`contained`: any verdict, but no effect on the host).
All candidates are judged in parallel, on CPU under the Triton interpreter.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions

CATALOGUE = Path(__file__).parent / "catalogue"
CANDIDATES = sorted(p for p in CATALOGUE.glob("*.py") if not p.name.startswith("task_"))
BEHIND_GATE = [p for p in CANDIDATES if "# behind the gate:" in p.read_text()]
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
    with VerifierPool("cpu", workers=2) as pool:
        gated = {p.name: pool.submit(tasks[header(p, "task")], Candidate(p.read_text()), OPTIONS) for p in CANDIDATES}
        ungated = {p.name: pool.submit(tasks[header(p, "task")], Candidate(p.read_text()), OPTIONS, static_gate=False)
                   for p in BEHIND_GATE}
        return {name: f.result() for name, f in gated.items()}, {name: f.result() for name, f in ungated.items()}


@pytest.mark.parametrize("path", CANDIDATES, ids=[p.stem for p in CANDIDATES])
def test_catalogue_verdict(path, verdicts):
    verdict = verdicts[0][path.name]
    expected = header(path, "expect")
    if expected == "correct":
        assert verdict.correct, verdict.feedback
        assert verdict.compiled and verdict.timings is None and "unavailable" in verdict.timing_note
        half = "float16" in KernelTask.from_file(CATALOGUE / f"{header(path, 'task')}.py").inputs[0].dtype
        # rounding: small in absolute terms, or relative to the elements where a heavy tail's are large (tan near pi/2
        # in task_heavy_tails reached thousands on one CI draw: 1.7e-4 absolute, rounding of float32 there)
        assert verdict.max_abs_error is not None and (verdict.max_abs_error < (5e-2 if half else 1e-4)
                                                      or verdict.max_rel_error < (1e-2 if half else 1e-5))
        assert verdict.reference_basis == "float64"
    else:
        assert not verdict.correct
        assert verdict.failed_check is not None
        assert verdict.failed_check.name == expected, f"{verdict.failed_check}"
        assert verdict.feedback.startswith(f"The candidate failed the `{expected}` check")


@pytest.mark.parametrize("path", BEHIND_GATE, ids=[p.stem for p in BEHIND_GATE])
def test_layers_behind_the_gate_still_stop_it(path, verdicts):
    verdict = verdicts[1][path.name]
    expected = header(path, "behind the gate")
    if expected != "contained":
        assert not verdict.correct and verdict.failed_check.name == expected, verdict.failed_check
        assert verdict.hacked == (expected in ("torch_compute", "triton_launch", "state"))
    assert {"net", "mount", "pid", "uid"} <= set(verdict.layers)


def test_catalogue_covers_the_checks():
    expected = {header(p, "expect") for p in CANDIDATES}
    # no `crash`: on a CPU the interpreter's bounds check stops a wild store first (hack_crash.py); a sandbox that
    # dies behind the gate is tests/attacks_sandbox/log_fifo.py
    assert {"correct", "gate", "output_alias", "input_mutation", "nan", "mismatch", "state", "timeout", "runtime",
            "syntax", "compile", "structure", "stride"} <= expected
    behind = {header(p, "behind the gate") for p in BEHIND_GATE}
    assert {"torch_compute", "triton_launch", "state", "mismatch", "contained"} <= behind


def test_no_candidate_had_an_effect_on_the_host(verdicts):
    assert not PWNED.exists(), "a candidate wrote a file outside its sandbox"


def test_hacks_are_flagged_as_hacked(verdicts):
    gated = verdicts[0]
    for name in ("hack_never_launched.py", "hack_decoy_launch.py", "hack_output_alias.py", "hack_writes_input.py",
                 "hack_shell.py", "hack_cached_result.py"):
        assert gated[name].hacked and gated[name].failure == "hacked", name
    assert not gated["wrong_math.py"].hacked and gated["wrong_math.py"].failure == "mismatch"
    assert gated["hack_infinite_loop.py"].failure == "timeout"
    assert gated["syntax_error.py"].failure == "static" and not gated["syntax_error.py"].compiled
    assert gated["wrong_math.py"].compiled  # it built and ran: staged rewards need this
