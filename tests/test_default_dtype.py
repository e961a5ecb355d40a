"""A spliced kernel runs only under the default dtype the verifier judged it under (float32), and the backend never
writes that default: it is one value for every thread of the user's process. Under another default the op runs the
region's own ops (tests/attacks/README.md, session 36, dtype47; tests/attacks_open/README.md, note 1)."""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterator

import pytest
import torch

from autotriton_backend import Candidate, VerifyOptions, verify
from autotriton_backend.collect import collect_tasks
from autotriton_backend.report import compile_report, reset_report
from autotriton_backend.verifier.monitors import counting_launches
from cache.environment import environment_key
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Verdict
from cache.store import CacheEntry, KernelCache

HONEST = (Path(__file__).parent / "catalogue" / "honest_single_kernel.py").read_text()  # add_relu(x, y)


def add_relu(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return torch.relu(x + y)


def inputs() -> tuple[torch.Tensor, torch.Tensor]:
    """float32 whatever the default: the region, its task and its cached kernel are the same under every default."""
    return torch.randn(5, 37, dtype=torch.float32), torch.randn(5, 37, dtype=torch.float32)


@pytest.fixture(scope="module")
def judged() -> tuple[KernelTask, Verdict]:
    (found,) = collect_tasks(add_relu, list(inputs())).tasks
    verdict = verify(found.task, Candidate(HONEST), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    return found.task, verdict


def compiled(judged: tuple[KernelTask, Verdict], tag: str) -> Callable[..., torch.Tensor]:
    """The compiled function, its cached winner a source of its own (a comment, `tag`): an op is defined once per
    process, and each test must find it defined, or not, under the default it sets."""
    task, verdict = judged
    candidate = Candidate(HONEST + f"# {tag}\n")
    verdict = replace(verdict, candidate_sha256=candidate.sha256)
    KernelCache().put_winner(CacheEntry.winner(task, candidate, verdict, environment_key("cpu")))
    torch._dynamo.reset()
    reset_report()
    return torch.compile(add_relu, backend="autotriton", options={"mode": "cache", "strict": True})


@contextmanager
def default_dtype(dtype: torch.dtype) -> Iterator[None]:
    """A user's process whose default dtype is `dtype` for a while (torch has no context manager for it)."""
    before = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        yield
    finally:
        torch.set_default_dtype(before)


def test_another_thread_never_sees_the_judged_default_while_the_op_runs(judged):
    """Round attack43: each call of a spliced op set the process's default to float32 while it ran, so 1,958 of
    2,000 `torch.empty(3)` of another thread were float32 under the user's float64 default. The op never writes it."""
    model, (x, y) = compiled(judged, "threads"), inputs()
    with default_dtype(torch.float64), torch.no_grad():
        model(x, y)  # compiled here, under the user's default
        stop, calls, seen = threading.Event(), [0], set()

        def calling() -> None:
            with torch.no_grad():
                while not stop.is_set():
                    model(x, y)
                    calls[0] += 1

        caller = threading.Thread(target=calling)
        caller.start()
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline or calls[0] < 20:
            seen.add(torch.empty(3).dtype)
        stop.set()
        caller.join()
    assert compile_report().records[0].status == "cache-hit"
    assert seen == {torch.float64}, f"{calls[0]} calls of the op; the user's thread saw {seen}"


def test_under_another_default_the_op_runs_the_region_s_own_ops(judged, monkeypatch):
    """Compiled under a float64 default, or compiled under float32 and called after the user set float64: eager's
    output and dtype, and no kernel launched. The compile says so once per process."""
    from autotriton_backend import announce

    monkeypatch.setattr(announce, "_warned", set())  # the one warning may have been given by an earlier test
    (x, y), model = inputs(), compiled(judged, "float64")
    with default_dtype(torch.float64), torch.no_grad(), counting_launches() as counter, \
            pytest.warns(RuntimeWarning, match="kernels run only under the torch.float32 they were judged under"):
        got = model(x, y)
    assert compile_report().records[0].status == "cache-hit" and counter.launches == 0
    assert got.dtype == torch.float32 and torch.equal(got, add_relu(x, y))

    model = compiled(judged, "float32 then float64")
    with torch.no_grad():
        model(x, y)
        with default_dtype(torch.float64), counting_launches() as counter:
            got = model(x, y)
    assert counter.launches == 0 and got.dtype == torch.float32 and torch.equal(got, add_relu(x, y))


def test_under_the_judged_default_the_kernel_runs(judged):
    """float32, torch's own default: the kernel is launched and right, also where the op was defined, and ran the
    region's own ops, under another default first (ModelNew is built only under the judged one)."""
    (x, y), model = inputs(), compiled(judged, "float32")
    with torch.no_grad(), counting_launches() as counter:
        got = model(x, y)
    assert counter.launches == 1 and torch.equal(got, add_relu(x, y))

    model = compiled(judged, "float64 then float32")
    with default_dtype(torch.float64), torch.no_grad():
        model(x, y)
    with torch.no_grad(), counting_launches() as counter:
        got = model(x, y)
    assert counter.launches == 1 and torch.equal(got, add_relu(x, y))
