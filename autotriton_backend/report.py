"""The compile report: what the backend did with each region, readable as a table."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from .partition import Coverage


@dataclass
class RegionRecord:
    graph: int
    region: str
    ops: int
    task_key: str
    status: str  # cache-hit, searched-won, searched-lost, negative-cached, no-engine, cache-miss, failed
    speedup_vs_inductor: float | None = None
    detail: str = ""
    level: str = ""  # coarse or fine
    choice: str = "inductor"  # what runs the region: kernel, eager or inductor


@dataclass
class CompileReport:
    records: list[RegionRecord] = field(default_factory=list)
    graphs: int = 0
    graph_guards: list[tuple[float, float]] = field(default_factory=list)  # (ms with kernels, ms inductor)
    coverage: list[Coverage] = field(default_factory=list)  # per graph the pass ran on

    def table(self) -> str:
        header = ("graph", "region", "level", "ops", "key", "status", "runs", "speedup", "detail")
        rows = [
            (str(r.graph), r.region, r.level, str(r.ops), r.task_key[:12], r.status, r.choice,
             "-" if r.speedup_vs_inductor is None else f"{r.speedup_vs_inductor:.2f}x", r.detail[:60])
            for r in self.records
        ]
        summary = count_statuses(r.status for r in self.records)
        covered = [f"graph {i + 1}: {c.text()}" for i, c in enumerate(self.coverage)]
        guards = [f"model guard: {k:.4f} ms with kernels vs {i:.4f} ms inductor" for k, i in self.graph_guards]
        lines = [f"autotriton: {self.graphs} graph(s), {len(self.records)} region(s): {summary}", format_table(header, rows)]
        return "\n".join(lines + covered + guards)


def count_statuses(statuses: Iterable[str]) -> str:
    counts = Counter(statuses)
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "nothing"


def format_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [header, *rows])


_REPORT = CompileReport()


def compile_report() -> CompileReport:
    """The report of every autotriton compile in this process so far."""
    return _REPORT


def reset_report() -> None:
    global _REPORT
    _REPORT = CompileReport()

