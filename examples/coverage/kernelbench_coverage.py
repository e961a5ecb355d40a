"""How much of each KernelBench problem one region covers: the partitioner's coverage figure.

Every level-1 and level-2 problem of a KernelBench checkout is loaded with its sizes scaled down
(integer literals above 64 in the module's size assignments and in `get_inputs`/`get_init_inputs`
are halved until at most 64, odd ones mapped to a small odd size; the op structure is unchanged),
put in eval mode, and compiled through the real hook (`post_grad_custom_pre_pass`) on the CPU; the
recording pass stops inductor right after capture, so nothing is generated or run (not even eager). A problem counts
as covered when one top-level (coarse) region holds every compute op of its graph.

    python examples/coverage/kernelbench_coverage.py /path/to/KernelBench [--levels 1 2] [--json out.json]

KernelBench is evaluation material: read from a checkout given on the command line, never copied here.
"""
from __future__ import annotations

import argparse
import ast
import json
import logging
import sys
import time
import traceback
import warnings
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

import torch
import torch.fx as fx
from torch._inductor.compile_fx import compile_fx
from torch._inductor.custom_graph_pass import CustomGraphPass
from torch._inductor.exc import InductorError

from autotriton_backend.partition import MAX_COARSE_OPS, Coverage, compute_nodes, coverage, find_regions, fine_regions

SMALL = 64  # sizes at most this stay as written (kernel sizes, strides, dims, group and channel counts)


@dataclass
class ProblemCoverage:
    level: int
    problem: str
    graphs: int
    compute_ops: int
    coarse_ops: int
    fine_ops: int
    regions: int
    fine_regions: int  # one-kernel regions inside them (a coarse region splits into several)
    whole: bool  # one coarse region holds every compute op
    uncovered: list[str]
    error: str = ""


def scaled(value: int) -> int:
    """A small size with the same parity structure: powers of two stay powers of two."""
    while value > SMALL and value % 2 == 0:
        value //= 2
    return value if value <= SMALL else 65 + value % 14  # a small odd size: irregular stays irregular


class _ShrinkSizes(ast.NodeTransformer):
    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if type(node.value) is int and node.value > SMALL:
            return ast.copy_location(ast.Constant(scaled(node.value)), node)
        return node


def scaled_source(source: str) -> str:
    """The problem with module-level sizes and the sizes in its input functions scaled down."""
    tree = ast.parse(source)
    for statement in tree.body:
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) or (
                isinstance(statement, ast.FunctionDef) and statement.name in ("get_inputs", "get_init_inputs")):
            _ShrinkSizes().visit(statement)
    return ast.unparse(tree)


class _Captured(Exception):
    pass


def _not_run(*args: object) -> None:
    raise _Captured  # the graph was seen; running it would only cost time


class _Recorder(CustomGraphPass):
    """Partitions each post-grad graph it is shown, then stops inductor (nothing is generated)."""

    def __init__(self) -> None:
        self.results: list[tuple[Coverage, int, int, list[str]]] = []

    def __call__(self, graph: fx.Graph) -> None:
        regions = find_regions(graph)
        measured = coverage(graph, regions)
        covered = {n for r in regions for n in r.nodes}
        uncovered = [str(n.target) for n in compute_nodes(graph) if n not in covered]
        self.results.append((measured, len(regions), len(fine_regions(regions)), uncovered))
        raise _Captured

    def uuid(self) -> None:
        return None


def measure(path: Path, level: int) -> ProblemCoverage:
    namespace: dict = {"__name__": f"kernelbench_{path.stem}"}
    recorder = _Recorder()

    def backend(gm: fx.GraphModule, example_inputs: list) -> object:
        try:
            return compile_fx(gm, example_inputs, config_patches={"post_grad_custom_pre_pass": recorder})
        except InductorError as exc:
            if not isinstance(exc.inner_exception, _Captured):
                raise
            return _not_run

    try:
        exec(compile(scaled_source(path.read_text()), str(path), "exec"), namespace)
        torch.manual_seed(0)
        model = namespace["Model"](*namespace["get_init_inputs"]()).eval()
        inputs = namespace["get_inputs"]()
        torch._dynamo.reset()
        with torch.no_grad():
            torch.compile(model, backend=backend)(*inputs)
    except _Captured:
        pass
    except Exception as exc:  # a problem that does not capture counts as not covered
        line = traceback.format_exception_only(exc)[-1].strip()
        return ProblemCoverage(level, path.stem, 0, 0, 0, 0, 0, 0, False, [], line[:200])
    graphs = recorder.results
    return ProblemCoverage(
        level, path.stem, len(graphs), sum(c.compute_ops for c, *_ in graphs),
        sum(c.coarse_ops for c, *_ in graphs), sum(c.fine_ops for c, *_ in graphs),
        sum(g[1] for g in graphs), sum(g[2] for g in graphs), len(graphs) == 1 and graphs[0][0].whole,
        [op for *_, ops in graphs for op in ops])


def problems(root: Path, level: int) -> list[Path]:
    folder = root / f"level{level}"
    if not folder.is_dir():
        raise SystemExit(f"no {folder}: pass the KernelBench directory that holds level1/, level2/ ...")
    return sorted(folder.glob("*.py"), key=lambda p: int(p.name.split("_")[0]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kernelbench", type=Path, help="directory holding level1/ and level2/ (KernelBench/KernelBench)")
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--json", type=Path, help="also write every problem's counts here")
    parser.add_argument("--verbose", action="store_true", help="list the problems not covered and the ops left out")
    args = parser.parse_args(argv)
    logging.getLogger("torch._functorch._aot_autograd.graph_compile").setLevel(logging.ERROR)
    warnings.filterwarnings("ignore")
    start = time.monotonic()
    rows = [measure(path, level) for level in args.levels for path in problems(args.kernelbench, level)]
    print(f"KernelBench coverage (size cap {MAX_COARSE_OPS} compute ops per coarse region), "
          f"{time.monotonic() - start:.0f} s on {torch.get_num_threads()} CPU thread(s)")
    print("level  problems  whole problem in one region  of which split into fine parts  "
          "compute ops covered: coarse  fine  errors")
    for level in args.levels:
        mine = [r for r in rows if r.level == level]
        ops = sum(r.compute_ops for r in mine) or 1
        print(f"{level:>5}  {len(mine):>8}  {sum(r.whole for r in mine):>26}  "
              f"{sum(r.whole and r.fine_regions > 1 for r in mine):>30}  "
              f"{100 * sum(r.coarse_ops for r in mine) / ops:>26.1f}%  {100 * sum(r.fine_ops for r in mine) / ops:>4.1f}%"
              f"  {sum(bool(r.error) for r in mine):>6}")
    if args.verbose:
        for r in rows:
            if not r.whole:
                print(f"  level{r.level}/{r.problem}: {r.regions} region(s), {r.coarse_ops}/{r.compute_ops} ops"
                      f"{'; left out: ' + ', '.join(sorted(set(r.uncovered))) if r.uncovered else ''}"
                      f"{'; error: ' + r.error if r.error else ''}")
        left = Counter(op for r in rows for op in set(r.uncovered))
        print("ops left out (problems):", ", ".join(f"{op} ({n})" for op, n in left.most_common()))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
