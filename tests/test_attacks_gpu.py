"""Timing games on a GPU: every candidate in tests/attacks_gpu/ is judged with timing on.

Headers as in tests/test_attacks.py; `# expect: no_speedup` means the verifier may accept the
candidate (its checked outputs are right) but must not report a speedup it did not earn: no fp32
Triton matmul of this shape beats cuBLAS by half again, so an accepted attack must stay under 1.5x
eager. `# expect: correct` marks the honest baseline.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from autotriton_backend.candidate import Candidate
from autotriton_backend.task import KernelTask
from autotriton_backend.verifier import VerifyOptions, verify

FOLDER = Path(__file__).parent / "attacks_gpu"
FILES = sorted(p for p in FOLDER.glob("*.py") if not p.name.startswith("task_"))
HONEST_CEILING = 1.5  # speedup over eager that no honest fp32 matmul here reaches


def header(path: Path, field: str, default: str | None = None) -> str:
    match = re.search(rf"^# {field}: (\S+)$", path.read_text(), re.MULTILINE)
    assert match or default is not None, f"{path.name} lacks a '# {field}:' header"
    return match.group(1) if match else default  # type: ignore[return-value]


@pytest.mark.gpu
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_gpu_attack(path: Path) -> None:
    task = KernelTask.from_file(FOLDER / f"{header(path, 'task')}.py")
    verdict = verify(task, Candidate(path.read_text()), VerifyOptions(device="cuda"))
    expected = header(path, "expect")
    speedup = verdict.speedup_vs_eager
    print(f"{path.stem}: correct={verdict.correct} failed={verdict.failed_check} speedup_vs_eager={speedup} "
          f"timings={verdict.timings} note={verdict.timing_note!r}")
    if expected == "correct":
        assert verdict.correct, verdict.feedback
        assert speedup is not None and speedup < HONEST_CEILING
    elif expected == "no_speedup":
        if verdict.correct:
            assert speedup is not None and speedup < HONEST_CEILING, f"unearned speedup {speedup:.1f}x"
        elif header(path, "hacked", "no") == "yes":
            assert verdict.hacked, verdict.feedback
    else:
        assert not verdict.correct
        assert verdict.failed_check is not None and verdict.failed_check.name == expected, verdict.feedback
