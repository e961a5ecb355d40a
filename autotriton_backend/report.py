"""The compile report: what the backend did with each region, readable as a table."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from .announce import one_line
from .partition import Coverage

# Every status a region (or a warmup task) can end in, with what it means for the user.
STATUSES = {
    "cache-hit": "a verified kernel, or the region's own eager ops, from the cache runs this region",
    "new-kernel": "searched now: a verified kernel won, was cached and runs this region",
    "eager": "searched now: no kernel beat them, and the original ops (eager) were faster than inductor's code",
    "no-kernel": "searched now: no candidate was correct (reason below); inductor keeps the region",
    "slower": "searched now: a correct kernel was slower than inductor; inductor keeps the region",
    "tried-before": "an earlier search with at least this budget found nothing; inductor keeps the region",
    "not-cached": "cache mode and no cached kernel; inductor keeps the region",
    "refused": "the cached kernel was refused at call time in a user's process (an access outside its arguments, or a "
               "write to an input), so it is never spliced again; inductor keeps the region (search mode searches it "
               "again)",
    "stale": "cache mode: the cached kernel was judged by another verifier (autotriton was upgraded since), so it is not "
             "used; inductor keeps the region until `autotriton cache verify --all` judges it again",
    "beyond-reach": "not searched: the engine's measured reach ends short of this region (reason below); nothing "
                    "cached, a coarse region's fine parts are searched instead; the faster of eager and inductor runs "
                    "the region (inductor on CPU)",
    "no-engine": "search mode without an engine; the faster of eager and inductor runs the region (inductor on CPU)",
    "engine-error": "the engine or the verifier failed (reason below); no kernel result cached, the next compile "
                    "searches again; the faster of eager and inductor runs the region (inductor on CPU)",
    "needs-interpreter": "a CPU region without TRITON_INTERPRET=1 at start; inductor keeps the region",
    "coarse-won": "warmup only: the coarse region holding this part has a winner, so the part was not searched",
    "error": "autotriton failed on this region (reason below); inductor keeps it",
}


@dataclass
class RegionRecord:
    graph: int
    region: str  # readable: the region's ops, e.g. addmm+mul+erf
    ops: int
    task_key: str
    status: str  # a key of STATUSES
    speedup_vs_inductor: float | None = None
    detail: str = ""
    spliced: bool = False
    level: str = ""  # coarse or fine
    choice: str = "inductor"  # what runs the region: kernel, eager or inductor


@dataclass
class CompileReport:
    records: list[RegionRecord] = field(default_factory=list)
    graphs: int = 0
    graph_guards: list[tuple[float, float]] = field(default_factory=list)  # (ms with kernels, ms inductor)
    problems: list[str] = field(default_factory=list)  # whole graphs left to inductor, and why
    coverage: list[Coverage] = field(default_factory=list)  # per graph the pass ran on
    from_inductor_cache: list[int] = field(default_factory=list)  # per graph inductor served: its spliced kernels

    def table(self) -> str:
        header = ("graph", "region", "level", "ops", "status", "runs", "kernel vs inductor", "task key")
        rows = [(str(r.graph), r.region, r.level, str(r.ops), r.status, r.choice, _speedup(r), r.task_key[:12])
                for r in self.records]
        summary = count_statuses(r.status for r in self.records)
        lines = [f"autotriton: {self.graphs} graph(s), {len(self.records)} region(s): {summary}"]
        if self.records:
            lines.append(format_table(header, rows))
        spliced = [f"{r.region} ({r.choice}, {_speedup(r)})" for r in self.records if r.spliced]
        lines.append(f"spliced: {', '.join(spliced)}" if spliced else "spliced: nothing")
        lines += [f"a graph served from inductor's code cache, as compiled before: it runs {n} spliced kernel(s)"
                  for n in self.from_inductor_cache]
        lines += ["  " + one_line(f"why {r.region} (graph {r.graph}): {r.detail}")
                  for r in self.records if r.status in NEEDS_REASON and r.detail.strip()]
        lines += [f"  {status}: {STATUSES[status]}" for status in sorted({r.status for r in self.records})
                  if status in STATUSES]
        lines += [f"graph {i + 1}: {c.text()}" for i, c in enumerate(self.coverage)]
        lines += [f"model guard: {k:.4f} ms with kernels vs {i:.4f} ms inductor" for k, i in self.graph_guards]
        lines += [f"graph left to inductor: {one_line(problem)}" for problem in self.problems]
        return "\n".join(lines)


NEEDS_REASON = {"no-kernel", "slower", "engine-error", "error", "needs-interpreter", "beyond-reach", "refused"}


def _speedup(record: RegionRecord) -> str:
    if not record.spliced:
        return ""
    if record.speedup_vs_inductor is None:
        return "untimed, no GPU"
    return f"{record.speedup_vs_inductor:.2f}x"


def count_statuses(statuses: Iterable[str]) -> str:
    counts = Counter(statuses)
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "nothing"


def format_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    """Each row one line of plain characters (`one_line`): a cell cannot forge a row or drive the terminal."""
    rows = [tuple(map(one_line, row)) for row in rows]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [header, *rows])


_REPORT = CompileReport()


def compile_report() -> CompileReport:
    """The report of every autotriton compile in this process so far."""
    return _REPORT


def reset_report() -> None:
    global _REPORT
    _REPORT = CompileReport()
