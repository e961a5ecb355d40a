"""One sandboxed process judging several candidates in turn (runner.Host): when it may, and what it must not leak.

A GPU makes only about five CUDA contexts per second, so there a process serves up to `REUSE` gated candidates.
These tests force reuse on the CPU (the same code path but the device-memory scrub, which tests/test_verifier_gpu.py
covers) and check the rules: only after a gated candidate that ended cleanly, never more than `reuse` in a row,
never after a cheat, a crash, a timeout or a candidate that skipped the gate; and nothing the earlier candidate left
in memory is readable by the next.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from autotriton_backend import Candidate, KernelTask
from autotriton_backend.verifier import VerifierPool, VerifyOptions

TESTS = Path(__file__).parent
CATALOGUE = TESTS / "catalogue"
OPTIONS = VerifyOptions(device="cpu", timeout_s=20)
VERDICT_TIMEOUT_S = 120


def judge_in_turn(pool: VerifierPool, names: list[str], gated: bool = True):
    """Judge candidates one after another on a one-slot pool (each made distinct by a comment), each on the
    catalogue task its `# task:` header names."""
    verdicts = []
    for index, name in enumerate(names):
        path = CATALOGUE / f"{name}.py" if (CATALOGUE / f"{name}.py").exists() else TESTS / "attacks_reuse" / f"{name}.py"
        source = path.read_text()
        task_name = re.search(r"^# task: (\S+)", source, re.MULTILINE).group(1)
        task = KernelTask.from_file(CATALOGUE / f"{task_name}.py")
        candidate = Candidate(source + f"\n# {index}\n")
        verdicts.append(pool.submit(task, candidate, OPTIONS, static_gate=gated).result(VERDICT_TIMEOUT_S))
    return verdicts


@pytest.fixture(scope="module")
def one_slot():
    with VerifierPool("cpu", workers=1, reuse=3) as pool:
        yield pool


@pytest.fixture
def pool(one_slot):
    """The one-slot pool, its next candidate in a fresh process (one that skipped the gate is never kept)."""
    judge_in_turn(one_slot, ["honest_single_kernel"], gated=False)
    return one_slot


def test_gated_candidates_share_a_process_up_to_the_limit_and_are_judged_on_their_own_code(pool) -> None:
    names = ["honest_single_kernel", "wrong_math", "honest_multi_kernel", "honest_single_kernel"]  # two tasks
    verdicts = judge_in_turn(pool, names)
    assert [v.candidates_before_in_process for v in verdicts] == [0, 1, 2, 0]
    # wrong_math after an honest kernel, in its process: judged on its own source, not the cached earlier one
    assert [v.correct for v in verdicts] == [True, False, True, True]
    assert verdicts[1].failed_check.name == "mismatch"


@pytest.mark.parametrize("cheat, check", [("hack_output_alias", "output_alias"), ("hack_cached_result", "state")])
def test_no_process_serves_another_candidate_after_a_cheat(pool, cheat: str, check: str) -> None:
    honest, bad, after = judge_in_turn(pool, ["honest_single_kernel", cheat, "honest_single_kernel"])
    assert honest.correct and bad.candidates_before_in_process == 1  # it ran in a kept process...
    assert bad.failed_check is not None and bad.failed_check.name == check, bad.feedback
    assert after.correct and after.candidates_before_in_process == 0  # ...and no one runs in its process after it


def test_a_candidate_that_skipped_the_gate_never_leaves_its_process_to_the_next(pool) -> None:
    """Behind the gate nothing stops code from patching torch for whoever comes next: only gated code shares."""
    judge_in_turn(pool, ["honest_single_kernel"])
    (ungated,) = judge_in_turn(pool, ["honest_single_kernel"], gated=False)
    (after,) = judge_in_turn(pool, ["honest_single_kernel"])
    assert ungated.correct and ungated.candidates_before_in_process == 1  # it may use a kept process...
    assert after.correct and after.candidates_before_in_process == 0  # ...but never hands one on


def test_memory_an_earlier_candidate_freed_is_never_readable_by_the_next(pool) -> None:
    """stale_init_buffer returns a copy of a buffer it allocated in __init__, unwritten, hoping for the honest
    candidate's freed output: every allocation while a candidate loads is filled (NaN in one build of ModelNew,
    zeros in the other), and state that differs between the builds is refused before forward runs."""
    honest, stale = judge_in_turn(pool, ["honest_single_kernel", "stale_init_buffer"])
    assert honest.correct and stale.candidates_before_in_process == 1
    assert stale.failed_check is not None and stale.failed_check.name == "init" and not stale.hacked, stale.feedback
    assert "never written" in stale.failed_check.reason



@pytest.mark.parametrize("attack, refusal", [("dtype_lists_sabotage", "`.FP_TYPES`"),
                                             ("self_param_escape", "the name `self`"),
                                             ("loop_target_sabotage", "assigning to `tl.maximum`")])
def test_gated_code_cannot_reach_state_that_outlives_its_candidate(pool, attack: str, refusal: str) -> None:
    """Both passed the gate once and ran in a kept process. dtype_lists_sabotage passed, and took fp32 out of
    triton.language's float types for the rest of its process: the honest kernel after it failed to compile.
    self_param_escape reached builtins.getattr through a helper's `self` and passed computing in numpy.
    loop_target_sabotage rebound tl.maximum as tl.minimum with a for loop's target (found in round attack5)."""
    honest, bad, after = judge_in_turn(pool, ["honest_single_kernel", attack, "honest_single_kernel"])
    assert bad.failed_check is not None and bad.failed_check.name == "gate" and bad.failed_check.hacked
    assert refusal in bad.failed_check.reason, bad.failed_check.reason
    assert honest.correct and after.correct, after.feedback
    assert after.candidates_before_in_process == 1  # the honest kernels shared the process the attack was kept from

def test_names_the_interpreter_copies_into_a_candidates_globals_stay_unreadable(pool) -> None:
    """injected_patch_sabotage passed the gate (the names bound as an unused helper's parameters), read Triton's
    `_patch_attr` from its own globals after its first launch and replaced torch.empty_like for the rest of its
    process: the honest kernel after it failed with a TypeError. A name read is now resolved as Python does."""
    honest, bad, after = judge_in_turn(pool, ["honest_single_kernel", "injected_patch_sabotage", "honest_single_kernel"])
    assert bad.failed_check is not None and bad.failed_check.name == "gate", bad.feedback
    assert "`_patch_attr` is never defined: assign it" in bad.failed_check.reason
    assert honest.correct and after.correct, after.feedback
    assert after.candidates_before_in_process == 1


@pytest.mark.gpu
def test_freed_device_memory_is_cleared_before_anyone_gets_it_again() -> None:
    """The scrub between candidates: a freed block the caching allocator hands out again holds zeros (as fresh
    memory from the driver), not the values the last user left in it."""
    import torch

    from autotriton_backend.verifier.runner import clear_free_device_memory

    left = torch.full((1 << 20,), 3.0, device="cuda")
    address = left.data_ptr()
    del left
    clear_free_device_memory("cuda")
    again = torch.empty((1 << 20,), device="cuda")
    assert again.data_ptr() == address  # the same block: what it holds is what the scrub left
    assert bool((again == 0).all())


@pytest.mark.gpu
def test_a_gpu_process_judges_candidates_in_turn_after_its_check_passes() -> None:
    """On a GPU the host's own check (no live tensor, no unpoisoned memory returned, no CUDA error) must let it
    serve the next candidate: otherwise every candidate pays for a CUDA context again."""
    gpu = TESTS / "catalogue_gpu"
    task = KernelTask.from_file(gpu / "task_add_relu_large.py")
    with VerifierPool("cuda", workers=1, reuse=3) as pool:
        verdicts = [pool.submit(task, Candidate((gpu / "honest_add_relu.py").read_text() + f"\n# {i}\n"),
                                VerifyOptions(device="cuda")).result(VERDICT_TIMEOUT_S) for i in range(4)]
    assert all(v.correct and v.timings is not None for v in verdicts), [v.feedback for v in verdicts]
    assert [v.candidates_before_in_process for v in verdicts] == [0, 1, 2, 0]
