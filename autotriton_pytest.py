"""pytest plugin (entry point `pytest11`): benchmark a model under eager, inductor and autotriton.

    def test_my_model(autotriton_benchmark):
        result = autotriton_benchmark(model, [x], options={"mode": "cache"})
        assert result.max_abs_error["autotriton"] < 1e-3

Built on pytest-benchmark: each backend becomes one benchmark entry (`test_my_model[eager]`, ...,
grouped by test), so `--benchmark-json`, `--benchmark-compare` and `--benchmark-histogram` work as
usual. Rounds are interleaved (eager, inductor, autotriton, then the next round in rotated order)
so drift hits all three alike. Each entry's `extra_info` holds the backend, the device, the model
name and the speedups; the terminal summary ends with a speedup table. Without the entry point
installed, load it with `pytest -p autotriton_pytest`.

pytest loads this module in every session of an environment where autotriton is installed, so it
imports nothing heavy at module level: torch and autotriton load when the fixture is first used.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pytest

if TYPE_CHECKING:
    from autotriton_backend.speedups import SpeedupRow

_RESULTS = pytest.StashKey[list["SpeedupRow"]]()


@dataclass
class BackendComparison:
    """What one `autotriton_benchmark(...)` call measured."""

    name: str
    device: str
    ms: dict[str, float] = field(default_factory=dict)  # backend -> median ms per call (empty when disabled)
    max_abs_error: dict[str, float] = field(default_factory=dict)  # backend -> max |output - eager output|
    regions: list[str] = field(default_factory=list)  # the autotriton compile report's statuses

    def speedup(self, backend: str, over: str = "eager") -> float | None:
        from autotriton_backend.speedups import SpeedupRow

        return SpeedupRow(self.name, self.device, self.ms).speedup(backend, over)


@pytest.fixture
def autotriton_benchmark(request: pytest.FixtureRequest) -> Callable[..., BackendComparison]:
    """Call it once per test with (model, example_inputs); options go to torch.compile(backend="autotriton")."""
    session = getattr(request.config, "_benchmarksession", None)
    if session is None:
        raise pytest.UsageError("autotriton_benchmark needs the pytest-benchmark plugin: pip install autotriton[bench], "
                                "and do not disable it (-p no:benchmark)")
    if session.skip:
        pytest.skip("benchmarks are skipped (--benchmark-skip)")
    used = []

    def run(model: Callable, example_inputs: Sequence[Any], options: dict[str, Any] | None = None, rounds: int = 7,
            warmup: int = 3, name: str | None = None) -> BackendComparison:
        if used:
            raise pytest.UsageError("call autotriton_benchmark once per test")
        used.append(True)
        comparison = _compare(request.node, session, model, list(example_inputs), options, rounds, warmup,
                              name or request.node.name)
        if comparison.ms:
            from autotriton_backend.speedups import SpeedupRow

            request.config.stash.setdefault(_RESULTS, []).append(SpeedupRow(comparison.name, comparison.device, comparison.ms))
        return comparison

    return run


def _compare(node: pytest.Item, session: Any, model: Callable, inputs: list[Any], options: dict[str, Any] | None,
             rounds: int, warmup: int, name: str) -> BackendComparison:
    import torch

    from autotriton_backend.backend import autotriton
    from autotriton_backend.report import compile_report, reset_report
    from autotriton_backend.speedups import BACKENDS

    torch._dynamo.reset()
    reset_report()
    variants = {
        "eager": model,
        "inductor": torch.compile(model),
        "autotriton": torch.compile(model, backend=autotriton, options=options or {}),
    }
    device = _device(inputs)
    comparison = BackendComparison(name, device)
    with torch.no_grad():
        reference = _flat(model(*inputs))
        for backend, fn in variants.items():  # compiles, then checks every backend against eager
            for _ in range(max(1, warmup)):
                output = _flat(fn(*inputs))
            comparison.max_abs_error[backend] = max((float((o.float() - r.float()).abs().max()) for o, r in
                                                     zip(output, reference)), default=0.0)
        comparison.regions = [record.status for record in compile_report().records]
        if session.disabled:  # --benchmark-disable: run once for correctness, time nothing
            return comparison
        sync = _synchronizer(device)
        call = {b: (lambda fn=fn: fn(*inputs)) for b, fn in variants.items()}
        iterations = _iterations(call, sync, target_s=float(session.options["max_time"]) / rounds)
        fixtures = {b: _fixture(node, session, b, name) for b in BACKENDS}
        stats = {b: fixtures[b]._make_stats(iterations) for b in BACKENDS}  # pytest-benchmark's own entries
        samples: dict[str, list[float]] = {b: [] for b in BACKENDS}
        for round_index in range(rounds):
            order = BACKENDS[round_index % 3:] + BACKENDS[:round_index % 3]  # rotate who goes first
            for backend in order:
                sync()
                start = time.perf_counter()
                for _ in range(iterations):
                    call[backend]()
                sync()  # once per round: per-call syncs would add the same overhead to all three
                elapsed = time.perf_counter() - start
                stats[backend].update(elapsed)
                samples[backend].append(elapsed / iterations * 1000.0)
    comparison.ms = {b: statistics.median(s) for b, s in samples.items()}
    for backend, fixture in fixtures.items():
        fixture.extra_info.update(backend=backend, model=name, device=device,
                                  speedup_vs_eager=comparison.speedup(backend, "eager"),
                                  speedup_vs_inductor=comparison.speedup(backend, "inductor"),
                                  max_abs_error_vs_eager=comparison.max_abs_error[backend])
    fixtures["autotriton"].extra_info["regions"] = comparison.regions
    return comparison


def _fixture(node: pytest.Item, session: Any, backend: str, name: str) -> Any:
    """A pytest-benchmark fixture for one backend, made the way pytest-benchmark makes its own."""
    from pytest_benchmark.fixture import BenchmarkFixture

    fixture = BenchmarkFixture(node, add_stats=session.benchmarks.append, logger=session.logger, warner=node.warn,
                               disabled=session.disabled, **dict(session.options, group=name))
    fixture.name, fixture.fullname, fixture.param = f"{node.name}[{backend}]", f"{node.nodeid}[{backend}]", backend
    return fixture


def _synchronizer(device: str) -> Callable[[], None]:
    """Waits for queued GPU work, so a round's time covers its kernels; nothing to wait for on a CPU."""
    import torch

    return (lambda: None) if device == "cpu" else torch.cuda.synchronize


def _iterations(calls: dict[str, Callable[[], None]], sync: Callable[[], None], target_s: float) -> int:
    """Calls per round so that the slowest backend's round lasts about `target_s` (at least one call)."""
    slowest = 0.0
    for call in calls.values():
        times = []
        for _ in range(3):  # the median of three: one stray slow call must not set the pace
            sync()
            start = time.perf_counter()
            call()
            sync()
            times.append(time.perf_counter() - start)
        slowest = max(slowest, statistics.median(times))
    return max(1, min(1000, int(target_s / max(slowest, 1e-7))))


def _device(inputs: list[Any]) -> str:
    import torch

    for x in inputs:
        if isinstance(x, torch.Tensor) and x.is_cuda:
            return torch.cuda.get_device_name(x.device)
    return "cpu"


def _flat(output: Any) -> list[Any]:
    if isinstance(output, (tuple, list)):
        return [t for item in output for t in _flat(item)]
    return [output]


@pytest.hookimpl(trylast=True)  # after pytest-benchmark's own tables
def pytest_terminal_summary(terminalreporter: Any) -> None:
    rows = terminalreporter.config.stash.get(_RESULTS, [])
    if rows:
        from autotriton_backend.speedups import speedup_table

        terminalreporter.write_sep("-", "autotriton")
        terminalreporter.write_line(speedup_table(rows))
