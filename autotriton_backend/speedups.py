"""Speedup rows: eager vs inductor vs autotriton per model, from the pytest plugin or its pytest-benchmark JSON.

One table format for the plugin's terminal summary, `autotriton report` and the GPU benchmark suite.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .report import format_table

BACKENDS = ("eager", "inductor", "autotriton")  # also the order of the plugin's interleaved rounds


@dataclass
class SpeedupRow:
    name: str  # the model or task
    device: str  # "cpu" or the GPU's name
    ms: dict[str, float]  # backend -> median milliseconds per call

    def speedup(self, backend: str, over: str) -> float | None:
        if backend not in self.ms or over not in self.ms or self.ms[backend] <= 0:
            return None
        return self.ms[over] / self.ms[backend]


def rows_from_benchmark_json(path: str | Path) -> list[SpeedupRow]:
    """Rows from a `pytest --benchmark-json` file written by the autotriton fixture (extra_info names the backend)."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read {path} as pytest-benchmark JSON: {exc}") from None
    rows: dict[str, SpeedupRow] = {}
    for bench in data.get("benchmarks", []) if isinstance(data, dict) else []:
        info: dict[str, Any] = bench.get("extra_info") or {}
        if info.get("backend") not in BACKENDS or "model" not in info:
            continue
        row = rows.setdefault(info["model"], SpeedupRow(info["model"], info.get("device", "?"), {}))
        row.ms[info["backend"]] = bench["stats"]["median"] * 1000.0
    if not rows:
        raise ValueError(f"{path} holds no autotriton benchmarks (run pytest with the autotriton_benchmark fixture "
                         "and --benchmark-json)")
    return list(rows.values())


def speedup_table(rows: list[SpeedupRow]) -> str:
    """A table of medians and speedups; devices are named, and CPU timings are labelled as such."""
    header = ("model", "device", "eager ms", "inductor ms", "autotriton ms", "inductor/eager", "autotriton/eager",
              "autotriton/inductor")

    def ms(row: SpeedupRow, backend: str) -> str:
        return f"{row.ms[backend]:.4f}" if backend in row.ms else "-"

    def x(value: float | None) -> str:
        return "-" if value is None else f"{value:.2f}x"

    cells = [(r.name, r.device, ms(r, "eager"), ms(r, "inductor"), ms(r, "autotriton"), x(r.speedup("inductor", "eager")),
              x(r.speedup("autotriton", "eager")), x(r.speedup("autotriton", "inductor"))) for r in rows]
    title = "autotriton speedups (median per call; a speedup above 1.00x is faster)"
    if any(r.device == "cpu" for r in rows):
        title += "; CPU numbers: Triton kernels run in the interpreter there, GPU speedups differ"
    return title + "\n" + format_table(header, cells)


def plot(rows: list[SpeedupRow], out: str | Path) -> Path:
    """A bar chart per model: eager, inductor and autotriton side by side, as speedup over eager."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError("plotting needs matplotlib: pip install autotriton[bench]") from None
    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    width = 0.26
    figure, axes = plt.subplots(figsize=(max(6.0, 1.6 * len(rows) + 2), 4.5))
    for i, backend in enumerate(BACKENDS):
        values = [r.speedup(backend, "eager") or 0.0 for r in rows]
        bars = axes.bar([k + (i - 1) * width for k in range(len(rows))], values, width, label=backend)
        axes.bar_label(bars, labels=[f"{v:.2f}x" if v else "n/a" for v in values], fontsize=7, padding=2)
    axes.axhline(1.0, color="grey", linewidth=0.8, linestyle="--")
    axes.set_xticks(range(len(rows)), [f"{r.name}\n({r.device})" for r in rows], fontsize=8)
    axes.set_ylabel("speedup over eager (higher is faster)")
    cpu = " (CPU numbers)" if any(r.device == "cpu" for r in rows) else ""
    axes.set_title(f"eager vs inductor vs autotriton{cpu}")
    axes.legend()
    figure.tight_layout()
    out = Path(out)
    figure.savefig(out, dpi=120)
    plt.close(figure)
    return out
