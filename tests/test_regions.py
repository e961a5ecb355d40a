"""Coarse regions end to end on CPU: new op families, coarse then fine, eager as a choice, warm compiles, budgets.

Kernels run in Triton's interpreter (conftest sets TRITON_INTERPRET=1 without a GPU). Timings exist
only on a GPU, so the choices that depend on them are tested with Verdicts and Timings given directly.
"""
from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

from agent.engines import REACH_FILE
from autotriton_backend.backend import compile_graph
from autotriton_backend.choice import judged_baselines
from autotriton_backend.collect import collect_tasks
from autotriton_backend.candidate import Candidate
from autotriton_backend.verifier import shared_pool
from autotriton_backend.verifier.pool import close_shared_pools
from autotriton_backend.verifier.monitors import counting_launches
from autotriton_backend.verifier.inputs import make_inputs, random_sizes
from autotriton_backend.options import BackendOptions
from autotriton_backend.partition import coverage, find_regions, fine_regions, regions_are_spliceable
from autotriton_backend.region_task import region_to_task
from autotriton_backend.report import compile_report, reset_report
from autotriton_backend.resolve import resolve
from autotriton_backend.searching import SearchOutcome
from autotriton_backend.task import KernelTask, load_reference
from autotriton_backend.verdict import Check, Timings, Verdict
from cache.environment import environment_key
from cache.store import CacheEntry, KernelCache
from test_partition import capture, graph_values

GEMM_SUM_KERNEL = (Path(__file__).parent.parent / "examples" / "kernels" / "gemm_div_sum_scale.py").read_text()
ENV = environment_key("cpu")


class GemmDivideSumScale(nn.Module):
    """The fused matmul-and-reduction case: the best kernel rewrites sum(x @ W.T) as x @ W.sum(0)."""

    def __init__(self, k: int = 24, n: int = 16) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n, k))

    def forward(self, x):
        return torch.sum(torch.matmul(x, self.weight.T) / 2, dim=1, keepdim=True) * 1.5


class SumOverDim1(nn.Module):
    def forward(self, x):
        return torch.sum(x, dim=1, keepdim=True)


class Pooling(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        return F.avg_pool2d(F.max_pool2d(torch.relu(self.conv(x)), 2), 2) * 2


class MaskedScan(nn.Module):
    def forward(self, x, mask):
        positions = torch.arange(x.shape[1], device=x.device, dtype=x.dtype)
        return torch.cumsum(torch.where(mask, x, 0.0), dim=1).cumprod(dim=1) + positions


class Gathers(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.embedding = nn.Embedding(10, 8)
        self.table = nn.Parameter(torch.randn(12, 8))

    def forward(self, tokens, rows, picks):
        looked_up = self.embedding(tokens).sum(1)
        selected = torch.index_select(self.table, 0, rows)
        return looked_up * 2 + torch.gather(selected, 1, picks).tanh()


FAMILIES = {
    "pooling": (Pooling().eval(), lambda: (torch.randn(2, 3, 8, 8),),
                {torch.ops.aten.convolution.default, torch.ops.aten.avg_pool2d.default}),
    "scan": (MaskedScan(), lambda: (torch.randn(3, 7), torch.rand(3, 7) > 0.5),
             {torch.ops.aten.cumsum.default, torch.ops.aten.cumprod.default, torch.ops.aten.where.self}),
    "gathers": (Gathers(), lambda: (torch.randint(0, 10, (4, 5)), torch.randint(0, 12, (4,)), torch.randint(0, 8, (4, 8))),
                {torch.ops.aten.gather.default, torch.ops.aten.index.Tensor}),  # inductor writes index_select as index
}


def fresh(model: nn.Module, **options: Any) -> nn.Module:
    torch._dynamo.reset()
    reset_report()
    return torch.compile(model, backend="autotriton", options=options)


def records() -> list[tuple[str, str, str]]:
    return [(r.level, r.status, r.choice) for r in compile_report().records]


def correct_verdict(task: KernelTask, candidate: Candidate, timings: Timings | None) -> Verdict:
    return Verdict(task.key, candidate.sha256, "cuda", checks=[Check("mismatch", True)], timings=timings).finish()


class FixedSearcher:
    """A searcher whose result is given (what a GPU search would have measured); counts its calls."""

    def __init__(self, outcome: SearchOutcome) -> None:
        self.outcome = outcome
        self.calls = 0

    def search(self, task: KernelTask, device: str) -> SearchOutcome:
        self.calls += 1
        return self.outcome

    def beyond_reach(self, task: KernelTask) -> str:
        return ""


def top_task(model: nn.Module, inputs: list[torch.Tensor]) -> KernelTask:
    """The task of the model's only top-level region (coarse when it has fine parts)."""
    (task,) = [c.task for c in collect_tasks(model, inputs).tasks if not c.parents]
    return task


# ---------------------------------------------------------------- partition


def test_matmul_and_reduction_form_one_coarse_region_with_fine_parts():
    collection = collect_tasks(GemmDivideSumScale(), [torch.randn(4, 24)])
    assert [c.level for c in collection.tasks] == ["coarse", "fine", "fine"]
    coarse, *fine = [c.task for c in collection.tasks]
    assert "mm.default" in coarse.source and "sum.dim_IntList" in coarse.source
    assert "sum" not in fine[0].source and "mm" not in fine[1].source  # (mm, div) and (sum, mul), as before
    assert collection.coverage[0].whole


@pytest.mark.parametrize("name", FAMILIES)
def test_new_families_partition_convexly_and_render_runnable_tasks(name):
    model, make, anchors = FAMILIES[name]
    torch.manual_seed(0)
    with torch.no_grad():
        (gm,) = capture(model, make(), dynamic=False)
    regions = find_regions(gm.graph)
    assert coverage(gm.graph, regions).whole, [str(n.target) for n in gm.graph.nodes]
    assert anchors <= {n.target for n in regions[0].nodes}
    assert regions_are_spliceable(gm.graph, regions) and regions_are_spliceable(gm.graph, fine_regions(regions))
    values = graph_values(gm)
    for region in [*regions, *fine_regions(regions)]:
        task = region_to_task(region, name)
        reference = load_reference(task.source)["Model"]()
        with torch.no_grad():
            ours = reference(*[values[n] for n in region.inputs])
            for seed in (1, 2):  # the verifier's inputs: indices must stay in range
                reference(*make_inputs(task, seed, random_sizes(task, seed), "cpu"))
        ours = ours if isinstance(ours, tuple) else (ours,)
        for node, value in zip(region.outputs, ours):
            torch.testing.assert_close(value, values[node], rtol=1e-5, atol=1e-5)


def test_collecting_one_model_many_times_in_a_process_finds_its_tasks_every_time():
    """Each call compiles under a backend of its own: the ninth passed dynamo's recompile limit (8) and found none."""
    model, x = SumOverDim1(), torch.randn(4, 6, 5)
    counts = [len(collect_tasks(model, [x]).tasks) for _ in range(10)]
    assert counts == [counts[0]] * 10 and counts[0] >= 1


# ---------------------------------------------------------------- coarse then fine


def test_coarse_kernel_wins_and_its_fine_tasks_are_never_searched(tmp_path):
    model, x = GemmDivideSumScale(), torch.randn(4, 24)
    (tmp_path / f"{top_task(model, [x]).key}.py").write_text(GEMM_SUM_KERNEL)
    with torch.no_grad(), counting_launches() as counter:
        y = fresh(model, engine=f"files:{tmp_path}", search_turns=1, search_samples=1)(x)
    assert records() == [("coarse", "new-kernel", "kernel")]
    assert counter.launches == 2  # column sums, then row dots: no matmul left
    torch.testing.assert_close(y, model(x), rtol=1e-4, atol=1e-4)
    (entry,) = KernelCache().entries()
    assert entry.level == "coarse" and entry.is_kernel


def test_fine_tasks_are_searched_where_the_coarse_task_finds_nothing(tmp_path):
    model, x = GemmDivideSumScale(), torch.randn(4, 24)
    for item in collect_tasks(model, [x]).tasks:  # every task gets an answer, and none is right
        (tmp_path / f"{item.task.key}.py").write_text(GEMM_SUM_KERNEL.replace("ModelNew", "NotModelNew"))
    with torch.no_grad():
        y = fresh(model, engine=f"files:{tmp_path}", search_turns=1, search_samples=1)(x)
    assert records() == [("coarse", "no-kernel", "inductor"), ("fine", "no-kernel", "inductor"),
                         ("fine", "no-kernel", "inductor")]
    torch.testing.assert_close(y, model(x))
    entries = KernelCache().entries()
    assert sorted(e.level for e in entries) == ["coarse", "fine", "fine"]
    assert all(e.budget == {"turns": 1, "samples": 1, "seconds": 600.0, "tokens": None} for e in entries)


def test_a_coarse_task_past_the_engine_s_reach_is_not_searched_and_its_fine_parts_are(tmp_path):
    """The engine directory's reach.json (the bundled model's: 10 statements) says the coarse task (5 statements) is
    too long: it is neither asked nor cached, and its parts (3 and 2) are searched."""
    model, x = GemmDivideSumScale(), torch.randn(4, 24)
    for item in collect_tasks(model, [x]).tasks:  # an answer for every task: only a search that runs reads one
        (tmp_path / f"{item.task.key}.py").write_text(GEMM_SUM_KERNEL.replace("ModelNew", "NotModelNew"))
    (tmp_path / REACH_FILE).write_text(json.dumps({"max_statements": 4}))
    with torch.no_grad():
        y = fresh(model, engine=f"files:{tmp_path}", search_turns=1, search_samples=1)(x)
    assert records() == [("coarse", "beyond-reach", "inductor"), ("fine", "no-kernel", "inductor"),
                         ("fine", "no-kernel", "inductor")]
    assert "5 statements in forward, past the 4" in compile_report().records[0].detail
    torch.testing.assert_close(y, model(x))
    assert sorted(e.level for e in KernelCache().entries()) == ["fine", "fine"]  # the coarse task stays open


# ---------------------------------------------------------------- eager as a choice


@pytest.mark.parametrize("timings, kept", [
    (Timings(candidate_ms=3.0, eager_ms=1.0, inductor_ms=2.0), "eager"),
    (Timings(candidate_ms=1.0, eager_ms=3.0, inductor_ms=2.0), "kernel"),
    (Timings(candidate_ms=3.0, eager_ms=2.5, inductor_ms=2.0), "inductor"),
    (None, "kernel"),  # not timed (interpreter): a correct kernel is kept, eager never is
])
def test_the_fastest_of_kernel_eager_and_inductor_is_kept(timings, kept):
    task = top_task(GemmDivideSumScale(), [torch.randn(4, 24)])
    candidate = Candidate(GEMM_SUM_KERNEL)
    searcher = FixedSearcher(SearchOutcome(candidate, correct_verdict(task, candidate, timings)))
    options = BackendOptions.resolve({"engine": "files:/unused"})
    resolution = resolve(task, "cpu", KernelCache(), options, lambda: searcher, "coarse")
    entry = KernelCache().get(task.key, ENV)
    assert entry.level == "coarse"
    if kept == "inductor":
        assert resolution.entry is None and resolution.status == "slower" and not entry.is_winner
        return
    assert resolution.status == ("eager" if kept == "eager" else "new-kernel")
    assert resolution.entry.is_eager == (kept == "eager")
    if kept == "eager":
        assert entry.budget["turns"] == options.search_turns and entry.speedup_vs_inductor == 2.0
        again = resolve(task, "cpu", KernelCache(), BackendOptions.resolve({"mode": "cache"}), lambda: None)
        assert again.status == "cache-hit" and again.entry.is_eager


def test_eager_wins_over_inductor_even_when_no_kernel_is_correct():
    task = top_task(SumOverDim1(), [torch.randn(4, 6, 5)])
    searcher = FixedSearcher(SearchOutcome(None, None, error="no correct kernel"))
    measured = Timings(eager_ms=2.07, inductor_ms=2.32)  # KernelBench level 1 #47 on an H200
    resolution = resolve(task, "cpu", KernelCache(), BackendOptions.resolve({"engine": "files:/unused"}),
                         lambda: searcher, baseline_timer=lambda t, d: measured)
    assert resolution.status == "eager" and resolution.entry.is_eager
    assert "eager: 2.0700 ms vs inductor 2.3200 ms" in resolution.detail


class FailingSearcher:
    """An engine that cannot answer (what a missing `files:` file or an unreachable server gives)."""

    def search(self, task: KernelTask, device: str) -> SearchOutcome:
        return SearchOutcome(None, None, error="files engine: no kernel file", transient=True)

    def beyond_reach(self, task: KernelTask) -> str:
        return ""


class OutOfReachSearcher:
    """An engine whose measured reach ends short of every task."""

    def search(self, task: KernelTask, device: str) -> SearchOutcome:
        pytest.fail("a task past the engine's reach is not searched")

    def beyond_reach(self, task: KernelTask) -> str:
        return "past this engine's reach"


SUM_DIM1_H100 = Timings(eager_ms=3.03, inductor_ms=3.52)  # KernelBench level 1 #47 on an H100


@pytest.mark.parametrize("engine, searcher, status", [
    (None, None, "no-engine"),
    ("files:/unused", FailingSearcher(), "engine-error"),
    ("files:/unused", OutOfReachSearcher(), "beyond-reach"),
])
def test_eager_competes_without_an_engine_answer_and_blocks_no_later_search(engine, searcher, status):
    """Timings given as the judge would measure them on a GPU (the device only names the cache environment)."""
    task = top_task(SumOverDim1(), [torch.randn(4, 6, 5)])
    cache = KernelCache()
    options = BackendOptions.resolve({"engine": engine})
    resolution = resolve(task, "cpu", cache, options, lambda: searcher, baseline_timer=lambda t, d: SUM_DIM1_H100)
    assert resolution.status == status and resolution.entry.is_eager  # the region runs eager
    (stored,) = cache.entries()  # a measured fact about eager and inductor, and no kernel result
    assert stored.is_eager and stored.budget == {} and stored.speedup_vs_inductor == pytest.approx(3.52 / 3.03)
    again = resolve(task, "cpu", cache, BackendOptions.resolve({"mode": "cache"}), lambda: None)
    assert again.status == "cache-hit" and again.entry.is_eager

    working = FixedSearcher(SearchOutcome(None, None, error="no correct kernel", budget={"turns": 2}))
    untimed = lambda t, d: pytest.fail("an eager entry is the measurement: nothing is timed again")  # noqa: E731
    later = resolve(task, "cpu", cache, BackendOptions.resolve({"engine": "files:/unused"}), lambda: working,
                    baseline_timer=untimed)
    assert working.calls == 1 and later.status == "eager" and later.entry.is_eager
    assert cache.get(task.key, ENV).budget["turns"] == 2  # now it settles searches this long


@pytest.mark.parametrize("timings", [Timings(eager_ms=3.6, inductor_ms=3.52), None])  # eager slower; not timed (CPU)
def test_where_eager_does_not_win_an_engine_failure_leaves_nothing_cached(timings):
    task = top_task(SumOverDim1(), [torch.randn(4, 6, 5)])
    cache = KernelCache()
    options = BackendOptions.resolve({"engine": "files:/unused"})
    resolution = resolve(task, "cpu", cache, options, lambda: FailingSearcher(), baseline_timer=lambda t, d: timings)
    assert resolution.status == "engine-error" and resolution.entry is None
    assert cache.entries() == []


def test_on_cpu_nothing_is_timed_and_eager_is_never_chosen():
    """The default timer asks the judge only for GPU regions: a CPU compile starts no judge for baselines."""
    task = top_task(SumOverDim1(), [torch.randn(4, 6, 5)])
    assert judged_baselines(task, "cpu") is None
    resolution = resolve(task, "cpu", KernelCache(), BackendOptions.resolve({}), lambda: None)
    assert resolution.status == "no-engine" and resolution.entry is None and KernelCache().entries() == []


def test_the_judge_answers_a_baseline_only_job_through_the_real_pool():
    task = top_task(SumOverDim1(), [torch.randn(4, 6, 5)])
    baselines = shared_pool("cpu").baselines(task).result(timeout=300)
    assert baselines.eager_ms is None and baselines.inductor_ms is None
    assert "timing unavailable on cpu" in baselines.note
    judge = shared_pool("cpu").process
    close_shared_pools()  # benchmarks stop the judge before timing compiles; the next request starts a new one
    assert judge.poll() is not None and shared_pool("cpu").process is not judge


def test_an_eager_region_is_spliced_as_its_original_ops():
    model, x = SumOverDim1(), torch.randn(4, 6, 5)
    (collected,) = collect_tasks(model, [x]).tasks
    KernelCache().put_winner(CacheEntry.eager(collected.task, ENV, 1.0, 2.0, {"turns": 1}, "fine"))
    with torch.no_grad():
        y = fresh(model, mode="cache", strict=True)(x)
    assert records() == [("fine", "cache-hit", "eager")]
    torch.testing.assert_close(y, model(x))


def test_a_faster_kernel_replaces_eager_and_a_newer_negative_does_not_replace_a_kernel():
    task = top_task(GemmDivideSumScale(), [torch.randn(4, 24)])
    cache = KernelCache()
    assert cache.put_winner(CacheEntry.eager(task, ENV, 2.0, 3.0, {"turns": 1}))
    candidate = Candidate(GEMM_SUM_KERNEL)
    slower = correct_verdict(task, candidate, Timings(candidate_ms=2.5, eager_ms=2.0, inductor_ms=3.0))
    assert not cache.put_winner(CacheEntry.winner(task, candidate, slower, ENV))
    faster = correct_verdict(task, candidate, Timings(candidate_ms=1.0, eager_ms=2.0, inductor_ms=3.0))
    assert cache.put_winner(CacheEntry.winner(task, candidate, faster, ENV)) and cache.get(task.key, ENV).is_kernel
    assert not cache.put_negative(task.key, ENV, {"turns": 9}, task) and cache.get(task.key, ENV).is_kernel


# ---------------------------------------------------------------- warm compile


class CountingTimer:
    """The model guard's timer, with given times (timing means nothing in the interpreter)."""

    def __init__(self, kernels_ms: float, inductor_ms: float) -> None:
        self.times = (kernels_ms, inductor_ms)
        self.calls = 0

    def can_time(self, example_inputs: list[Any]) -> bool:
        return True

    def time(self, with_kernels, baseline, example_inputs) -> tuple[float, float]:
        self.calls += 1
        return self.times


def test_a_warm_compile_reuses_the_record_without_running_the_pass_or_timing():
    model, x = SumOverDim1(), torch.randn(4, 6, 5)
    (collected,) = collect_tasks(model, [x]).tasks
    cache = KernelCache()
    cache.put_winner(CacheEntry.eager(collected.task, ENV, 1.0, 2.0, {"turns": 1}, "fine"))
    timer = CountingTimer(1.0, 2.0)
    options = BackendOptions.resolve({"mode": "cache"})

    def compile_once() -> torch.Tensor:
        torch._dynamo.reset()
        reset_report()
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compiled = torch.compile(model, backend=lambda gm, inputs: compile_graph(gm, inputs, options, timer))
            return compiled(x)

    torch.testing.assert_close(compile_once(), model(x))
    assert timer.calls == 1 and compile_report().graphs == 1
    torch.testing.assert_close(compile_once(), model(x))  # warm: inductor serves its cached code
    assert timer.calls == 1 and compile_report().graphs == 0  # neither the pass nor the guard ran again
    assert compile_report().graph_guards == [(1.0, 2.0)]  # the recorded decision
    cache.remove(cache.get(collected.task.key, ENV).key)  # the eager winner is gone: the record no longer holds
    torch.testing.assert_close(compile_once(), model(x))
    assert compile_report().graphs == 1 and records() == [("fine", "not-cached", "inductor")]


def test_a_guard_decision_against_the_kernels_skips_them_on_the_warm_compile():
    model, x = SumOverDim1(), torch.randn(4, 6, 5)
    (collected,) = collect_tasks(model, [x]).tasks
    KernelCache().put_winner(CacheEntry.eager(collected.task, ENV, 1.0, 2.0, {"turns": 1}, "fine"))
    timer = CountingTimer(3.0, 2.0)  # the spliced graph is slower as a whole
    options = BackendOptions.resolve({"mode": "cache"})
    for expected_calls in (1, 1):
        torch._dynamo.reset()
        reset_report()
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            y = torch.compile(model, backend=lambda gm, inputs: compile_graph(gm, inputs, options, timer))(x)
        torch.testing.assert_close(y, model(x))
        assert timer.calls == expected_calls
    assert compile_report().graphs == 0  # plain inductor, without the pass


# ---------------------------------------------------------------- budgets


@pytest.mark.parametrize("stored, searched", [
    ({"turns": 1, "samples": 2, "seconds": 600.0, "tokens": None}, True),  # fewer turns: a short search
    ({"turns": 4, "samples": 2}, True),  # an old entry without seconds and tokens settles nothing
    ({"turns": 2, "samples": 2, "seconds": 600.0, "tokens": 1000}, True),  # a token cap vs an unlimited search
    ({"turns": 2, "samples": 4, "seconds": 900.0, "tokens": None}, False),  # at least as much everywhere
])
def test_a_short_search_never_blocks_a_longer_one(stored, searched):
    task = top_task(SumOverDim1(), [torch.randn(4, 6, 5)])
    KernelCache().put_negative(task.key, ENV, stored, task)
    searcher = FixedSearcher(SearchOutcome(None, None, error="nothing"))
    options = BackendOptions.resolve({"engine": "files:/unused", "search_turns": 2, "search_samples": 2})
    resolution = resolve(task, "cpu", KernelCache(), options, lambda: searcher, baseline_timer=lambda t, d: None)
    assert searcher.calls == int(searched)
    assert resolution.status == ("no-kernel" if searched else "tried-before")
    if searched:
        assert KernelCache().get(task.key, ENV).budget == {"turns": 2, "samples": 2, "seconds": 600.0, "tokens": None}
