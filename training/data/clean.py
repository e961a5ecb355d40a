"""Turn inductor's generated module into plain KernelBench candidates (`ModelNew` + `@triton.jit`).

Inductor's output leans on its runtime: heuristics decorators that autotune at launch, helper
functions from `torch._inductor.runtime.triton_helpers`, `libdevice` aliases, a `call(args)`
function with stream handles, allocation helpers and debug asserts. A candidate may import only
torch, triton and math and use torch only to allocate, so each piece is rewritten:

- each kernel keeps its body; its decorator becomes `@triton.jit`, and the configs the heuristics
  would have tried become fixed launch parameters (one candidate per config: the variants);
- `triton_helpers.f` becomes a copy of `f` (and of the helpers it calls) as a plain jit function;
  `libdevice.f` becomes `tl.math.f` where Triton has it (also under the interpreter), else
  `tl.extra.libdevice.f`;
- `call(args)` becomes `ModelNew.forward`: inductor's buffers are `torch.empty_strided` on the
  inputs' device, `reinterpret_tensor` a view, `x.size()` `x.shape`, `kernel.run(...)` a launch
  `kernel[grid](...)` with the grid inductor would compute for that config (after the helper variables
  some grids assign); asserts, streams and device guards go.

Anything else (an extern kernel such as cuBLAS, an ATen fallback) raises CleanError: the pair is
skipped and counted, never patched up by hand.
"""
from __future__ import annotations

import ast
import builtins
import inspect
import textwrap
from dataclasses import dataclass
from typing import Any
from unittest import mock

import triton
import triton.language as tl
from torch._inductor.runtime import triton_heuristics, triton_helpers
from torch._inductor.runtime.hints import AutotuneHint, DeviceProperties, ReductionHint, TileHint

from .teacher import InductorOutput

DROPPED_CALLS = frozenset({"assert_size_stride", "assert_alignment", "torch.cuda.set_device", "args.clear"})
ALLOCATORS = frozenset({"empty_strided_cuda", "empty_strided"})
NUMEL_NAMES = ("xnumel", "ynumel", "znumel", "r0_numel", "r1_numel")
_HINT_NAMES = {"DeviceProperties": DeviceProperties, "ReductionHint": ReductionHint, "TileHint": TileHint,
               "AutotuneHint": AutotuneHint, "__file__": "inductor_kernel.py"}


class CleanError(ValueError):
    """Inductor's module uses something a plain candidate cannot express."""


@dataclass(frozen=True)
class Kernel:
    """One `async_compile.triton(...)` kernel: its jit function, launch configs and grid rule."""

    name: str
    function: ast.FunctionDef
    params: tuple[str, ...]
    runtime_params: tuple[str, ...]  # what `.run(...)` passes positionally, in order
    configs: tuple[triton.Config, ...]
    inductor_meta: dict[str, Any]
    local_functions: tuple[ast.FunctionDef, ...]  # jit functions the kernel's module defines (scan combiners)


def clean(output: InductorOutput, forward_params: list[str], init_params: str = "",
          max_variants: int = 3) -> list[str]:
    """Candidate sources for the captured module, one per launch-config variant (deduplicated)."""
    module = ast.parse(output.code)
    kernels = _kernels(module)
    call = _call_function(module)
    helpers: dict[str, str] = {}
    kernel_sources = [_kernel_source(kernel, helpers) for kernel in kernels.values()]
    count = max([len(k.configs) for k in kernels.values()] + [1])
    sources = []
    for variant in range(min(count, max_variants)):
        chosen = {name: k.configs[min(variant, len(k.configs) - 1)] for name, k in kernels.items()}
        forward = _Forward(output, forward_params, kernels, chosen).translate(call)
        source = _assemble(list(helpers.values()) + kernel_sources, forward, forward_params, init_params)
        if source not in sources:
            sources.append(source)
    return sources


# --- kernels -------------------------------------------------------------------------------------

def _kernels(module: ast.Module) -> dict[str, Kernel]:
    kernels = {}
    for node in module.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        func = ast.unparse(node.value.func)
        if not func.startswith("async_compile."):
            continue
        if func != "async_compile.triton":
            raise CleanError(f"inductor used a non-Triton kernel ({func})")
        name, source = (a.value for a in node.value.args[:2])
        kernels[name] = _parse_kernel(name, source)
    if not kernels:
        raise CleanError("inductor generated no Triton kernel")
    return kernels


def _parse_kernel(name: str, source: str) -> Kernel:
    tree = ast.parse(source)
    function = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None)
    if function is None:
        raise CleanError(f"kernel {name} has no function definition")
    local = tuple(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name != name)
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.Import, ast.ImportFrom)) and ast.unparse(node) != (
                "triton_helpers.set_driver_to_gpu()"):
            raise CleanError(f"kernel {name}'s module has unsupported code: {ast.unparse(node)[:80]}")
    heuristics = [d for d in function.decorator_list if isinstance(d, ast.Call)
                  and ast.unparse(d.func).startswith("triton_heuristics.")]
    if len(heuristics) != 1:
        raise CleanError(f"kernel {name} has no inductor heuristics decorator")
    decorator = heuristics[0]
    kwargs = {kw.arg: eval(compile(ast.Expression(kw.value), "<meta>", "eval"), dict(_HINT_NAMES))  # noqa: S307
              for kw in decorator.keywords}  # inductor's own literals, from our own compile
    kind = ast.unparse(decorator.func).split(".", 1)[1]
    configs = _heuristic_configs(kind, kwargs)
    meta = kwargs.get("inductor_meta") or {}
    signature = kwargs["triton_meta"]["signature"]
    params = tuple(a.arg for a in function.args.args)
    # inductor's launcher takes every parameter except the declared `tl.constexpr`s that a config or the constants
    # supply: a size that is merely *specialized* to a constant (`xnumel: 'constexpr'` with `constants: {xnumel: 1}`
    # for a reduction to one value) is still passed to `.run`.
    declared = {a.arg for a in function.args.args if a.annotation is not None and ast.unparse(a.annotation) in (
        "tl.constexpr", "triton.language.constexpr")}
    supplied = set(kwargs["triton_meta"].get("constants") or {}) | {k for config in configs for k in config.kwargs}
    runtime = tuple(p for p in params if not (p in declared and p in supplied)) + tuple(meta.get("extra_launcher_args", ()))
    return Kernel(name, function, params, runtime, tuple(configs), meta, local)


def _heuristic_configs(kind: str, kwargs: dict[str, Any]) -> list[triton.Config]:
    """The configs inductor's heuristics would autotune over, without building an autotuner."""
    heuristic = getattr(triton_heuristics, kind, None)
    if heuristic is None:
        raise CleanError(f"unknown inductor heuristic {kind}")
    with mock.patch.object(triton_heuristics, "cached_autotune", lambda size_hints, configs, **_: configs):
        configs = heuristic(**kwargs)
    if not configs:
        raise CleanError(f"inductor's {kind} heuristic offered no config")
    return list(configs)


def _kernel_source(kernel: Kernel, helpers: dict[str, str]) -> str:
    """The kernel as a plain jit function; functions its module defined become helpers too."""
    renames = {}
    for local in kernel.local_functions:
        text = ast.unparse(_plain_jit(_Rewriter(helpers).visit(_copy(local))))
        renamed = _helper_name(local.name)
        while renamed in helpers and helpers[renamed] != text.replace(f"def {local.name}(", f"def {renamed}(", 1):
            renamed += "_"  # another kernel's combiner of the same name but a different body
        helpers[renamed] = text.replace(f"def {local.name}(", f"def {renamed}(", 1)
        renames[local.name] = renamed
    function = _Rewriter(helpers).visit(_copy(kernel.function))
    function = _Renamer(renames).visit(_plain_jit(function))
    return ast.unparse(function)


def _copy(function: ast.FunctionDef) -> ast.FunctionDef:
    return ast.parse(ast.unparse(function)).body[0]


def _plain_jit(function: ast.FunctionDef) -> ast.FunctionDef:
    function.decorator_list = [ast.parse("triton.jit", mode="eval").body]
    return function


class _Rewriter(ast.NodeTransformer):
    """`libdevice.f`/`tl_math.f` -> Triton's own names; `triton_helpers.f` -> an inlined copy of f."""

    def __init__(self, helpers: dict[str, str], helper_globals: frozenset[str] = frozenset()):
        self.helpers = helpers
        self.helper_globals = helper_globals  # inside a helper: its sibling helpers, called by bare name
        # A kernel imports `libdevice, math as tl_math`; triton_helpers itself calls them libdevice and math.
        self.math_aliases = {"libdevice", "math"} if helper_globals else {"libdevice", "tl_math"}

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if isinstance(node.value, ast.Name):
            if node.value.id in self.math_aliases:
                return ast.parse(_math_name(node.attr), mode="eval").body
            if node.value.id == "triton_helpers":
                return ast.Name(_inline_helper(node.attr, self.helpers), ast.Load())
        return self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.helper_globals:
            return ast.Name(_inline_helper(node.id, self.helpers), ast.Load())
        return node


def _math_name(name: str) -> str:
    return f"tl.math.{name}" if hasattr(tl.math, name) else f"tl.extra.libdevice.{name}"


def _is_jit(value: object) -> bool:
    """A `@triton.jit` function, compiled or (under TRITON_INTERPRET=1) interpreted."""
    return isinstance(value, triton.runtime.jit.KernelInterface) and inspect.isfunction(getattr(value, "fn", None))


def _helper_name(name: str) -> str:
    plain = name.lstrip("_")
    return f"{plain}_" if hasattr(builtins, plain) else plain


def _inline_helper(name: str, helpers: dict[str, str]) -> str:
    """Copy `triton_helpers.name` (and what it calls) into the candidate; returns the local name."""
    local = _helper_name(name)
    if local in helpers:
        return local
    helper = getattr(triton_helpers, name, None)
    if not _is_jit(helper):
        raise CleanError(f"triton_helpers.{name} is not a Triton function")
    helpers[local] = ""  # placeholder: recursion through mutually calling helpers stops here
    siblings = frozenset(n for n, v in vars(triton_helpers).items() if _is_jit(v))
    function = ast.parse(textwrap.dedent(inspect.getsource(helper.fn))).body[0]
    unknown = {n.id for n in ast.walk(function) if isinstance(n, ast.Name)} & (
        set(vars(triton_helpers)) - siblings - {"tl", "triton", "libdevice", "math"})
    if unknown:
        raise CleanError(f"triton_helpers.{name} uses module state {sorted(unknown)}")
    function = _plain_jit(_Rewriter(helpers, siblings).visit(function))
    function.name = local
    helpers.pop(local)
    helpers[local] = ast.unparse(function)  # after its own helpers, so definitions come before use
    return local


# --- host code -----------------------------------------------------------------------------------

def _call_function(module: ast.Module) -> ast.FunctionDef:
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef) and node.name == "call":
            return node
    raise CleanError("inductor's module has no call() function")


class _Forward:
    """`call(args)` -> the lines of `ModelNew.forward` for one choice of configs."""

    def __init__(self, output: InductorOutput, params: list[str], kernels: dict[str, Kernel],
                 chosen: dict[str, triton.Config]):
        self.output, self.params, self.kernels, self.chosen = output, params, kernels, chosen
        self.names: dict[str, str] = {}
        self.device = ""
        self.lines: list[str] = []

    def translate(self, call: ast.FunctionDef) -> list[str]:
        for stmt in call.body:
            self._statement(stmt)
        return self.lines

    def _statement(self, stmt: ast.stmt) -> None:
        if isinstance(stmt, ast.With):
            for inner in stmt.body:
                self._statement(inner)
        elif isinstance(stmt, (ast.Delete, ast.Pass)):
            return
        elif isinstance(stmt, ast.Assign) and ast.unparse(stmt.value) == "args":
            self._bind_args(stmt.targets[0])
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            self._call_statement(stmt.value)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            self._assign(stmt.targets[0].id, stmt.value)
        elif isinstance(stmt, ast.Return):
            self._return(stmt.value)
        else:
            raise CleanError(f"unsupported host statement: {ast.unparse(stmt)[:120]}")

    def _bind_args(self, target: ast.expr) -> None:
        names = [e.id for e in target.elts] if isinstance(target, ast.Tuple) else [target.id]
        if len(names) != len(self.output.args):
            raise CleanError(f"call() takes {len(names)} arguments, the graph had {len(self.output.args)}")
        for name, arg in zip(names, self.output.args):
            param = self.params[arg.index]
            if arg.dim is None:
                self.names[name] = param
                self.device = self.device or param
            else:
                self.lines.append(f"{name} = {param}.shape[{arg.dim}]")

    def _call_statement(self, call: ast.Call) -> None:
        func = ast.unparse(call.func)
        if func in DROPPED_CALLS:
            return
        if isinstance(call.func, ast.Attribute) and call.func.attr == "run" and ast.unparse(call.func.value) in self.kernels:
            self.lines.extend(self._launch(self.kernels[ast.unparse(call.func.value)], call))
            return
        raise CleanError(f"unsupported host call: {ast.unparse(call)[:120]}")

    def _assign(self, name: str, value: ast.expr) -> None:
        text = ast.unparse(value)
        if isinstance(value, ast.Call):
            func = ast.unparse(value.func)
            if func in ("get_raw_stream",):
                return
            if func == "copy_if_misaligned":
                return  # inputs come from torch allocations: aligned
            if func in ALLOCATORS:
                size, stride, dtype = (self._expr(a) for a in value.args[:3])
                if not self.device:
                    raise CleanError("a buffer is allocated before any tensor input is known")
                self.lines.append(f"{name} = torch.empty_strided({size}, {stride}, dtype={dtype}, device={self.device}.device)")
                return
            if _is_view(value):
                self.lines.append(f"{name} = {self._view(value)}")
                return
            if _is_size(value):  # a dynamic size read off an input: `s0 = arg1_1_size[0]` follows
                self.lines.append(f"{name} = {self._expr(value.func.value)}.shape")
                return
            raise CleanError(f"unsupported host call: {text[:120]}")
        if any(isinstance(n, ast.Call) for n in ast.walk(value)):
            raise CleanError(f"unsupported host expression: {text[:120]}")
        self.lines.append(f"{name} = {self._expr(value)}")  # size arithmetic

    def _return(self, value: ast.expr | None) -> None:
        items = value.elts if isinstance(value, ast.Tuple) else ([value] if value is not None else [])
        names = [self._view(item) if _is_view(item) else self._expr(item) for item in items]
        if not self.output.returns_tuple:
            if len(names) != 1:
                raise CleanError(f"Model returns one tensor but inductor returns {len(names)} values")
            self.lines.append(f"return {names[0]}")
        else:
            self.lines.append(f"return ({', '.join(names)}{',' if len(names) == 1 else ''})")

    def _launch(self, kernel: Kernel, call: ast.Call) -> list[str]:
        """The launch line, after the helper variables its grid needs."""
        if any(kw.arg != "stream" for kw in call.keywords) or len(call.args) != len(kernel.runtime_params):
            raise CleanError(f"launch of {kernel.name} does not match its signature")
        values = dict(zip(kernel.runtime_params, (self._expr(a) for a in call.args)))
        config = self.chosen[kernel.name]
        setup, grid = _grid(kernel, config, values)
        args = [values[p] for p in kernel.params if p in values]
        constexprs = [f"{k}={v}" for k, v in config.kwargs.items() if k in kernel.params]
        options = [f"num_warps={config.num_warps}", f"num_stages={config.num_stages}"]
        return setup + [f"{kernel.name}[{grid}]({', '.join(args + constexprs + options)})"]

    def _view(self, call: ast.Call) -> str:
        """inductor's `reinterpret_tensor(buf, size, stride, offset)` as the public `as_strided` view."""
        base, size, stride, offset = (self._expr(a) for a in call.args[:4])
        return f"{base}.as_strided({size}, {stride}, {offset})"

    def _expr(self, node: ast.expr) -> str:
        renamed = _Renamer(self.names).visit(ast.parse(ast.unparse(node), mode="eval").body)
        return ast.unparse(renamed)


def _is_view(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and ast.unparse(node.func) == "reinterpret_tensor"


def _is_size(node: ast.Call) -> bool:
    """`tensor.size()`, inductor's read of a dynamic input's sizes."""
    return isinstance(node.func, ast.Attribute) and node.func.attr == "size" and not node.args and not node.keywords


class _Renamer(ast.NodeTransformer):
    def __init__(self, names: dict[str, str]):
        self.names = names

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return ast.Name(self.names.get(node.id, node.id), node.ctx)


def _grid(kernel: Kernel, config: triton.Config, values: dict[str, str]) -> tuple[list[str], str]:
    """The launch grid inductor computes for this config, written with `triton.cdiv`, and the assignments of the
    helper variables it uses (Grid2DWithYZOverflow folds a y grid over 65535 blocks into z)."""
    grid_type = kernel.inductor_meta.get("grid_type")
    grid_class = getattr(triton_heuristics, str(grid_type), None)
    if grid_class is None:
        raise CleanError(f"kernel {kernel.name} has an unknown grid type {grid_type}")
    readable = type("ReadableGrid", (grid_class,), {"ceildiv": _ceildiv})
    grid = readable(inductor_meta=kernel.inductor_meta, mode="python")
    grid.generate({**config.kwargs})
    setup = [_substitute_assignment(line, values) for line in grid.prefix]
    dims = [_substitute(str(d), values) for d in (grid.x_grid, grid.y_grid, grid.z_grid)]
    while len(dims) > 1 and dims[-1] == "1":
        dims.pop()
    return setup, f"({', '.join(dims)}{',' if len(dims) == 1 else ''})"


def _substitute_assignment(line: str, values: dict[str, str]) -> str:
    """`name = expr` from the grid, with the launch's sizes substituted into `expr`."""
    target, expr = line.split(" = ", 1)
    return f"{target} = {_substitute(expr, values)}"


def _ceildiv(self: Any, numel: str | int, block: int | str | None) -> str | int:
    if block is None or block == 1:
        return numel
    if isinstance(numel, int) and isinstance(block, int):
        return -(numel // -block)
    return f"triton.cdiv({numel}, {block})"


def _substitute(expr: str, values: dict[str, str]) -> str:
    tree = ast.parse(expr, mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id.startswith("_grid_") and node.id not in values:
            raise CleanError("template grid argument missing")
    renamed = _Renamer({k: v for k, v in values.items() if k in NUMEL_NAMES or k.startswith("_grid_")}).visit(tree.body)
    return ast.unparse(renamed)


# --- assembly ------------------------------------------------------------------------------------

def _assemble(functions: list[str], forward: list[str], params: list[str], init_params: str) -> str:
    body = "\n".join(f"        {line}" for line in forward)
    init = f"    def __init__(self{', ' + init_params if init_params else ''}):\n        super().__init__()\n\n"
    return (
        "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n\n"
        + "\n\n\n".join(functions)
        + "\n\n\nclass ModelNew(nn.Module):\n"
        + init
        + f"    def forward(self, {', '.join(params)}):\n{body}\n"
    )
