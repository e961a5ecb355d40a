"""Write a partition Region as a standalone KernelTask in KernelBench form.

The reference `Model.forward` replays the region's ATen ops one by one (`torch.ops.aten.*`),
so it computes exactly what the graph computes; names are canonical (inputs x0.., values
v0.., sizes s0..) so identical regions in repeated layers render identically and share a key.
"""
from __future__ import annotations

import json
import math
import operator

import torch
import torch.fx as fx
from torch.utils._sympy.printers import PythonPrinter

from .partition import MAX_POOL_OFFSETS, VIEW_OPS, DimNames, Region, example_tensor, hint, index_bounds, is_dense
from .task import FLOAT_DTYPES, InputSpec, KernelTask, SymbolRange, dim_order_of

aten, prims = torch.ops.aten, torch.ops.prims

SIGNATURE_FORMAT = "aten-region/1"
POSITIVE_RANGE = (0.5, 2.0)  # inputs that reach sqrt/log must not make the reference NaN
INTEGER_RANGE = (0, 8)
# Ops that need positive inputs, and ops through which that need travels back to an input.
DOMAIN_OPS = {aten.sqrt, aten.rsqrt, aten.log, aten.log2, aten.log10, aten.reciprocal}
SIGN_KEEPING_OPS = {aten.add, aten.mul, aten.div, aten.clone, aten.expand, prims.convert_element_type}


def region_signature(lines: list[str]) -> str:
    """A region task's signature (its key's computation): the canonical lines of its forward, the return included."""
    return json.dumps({"format": SIGNATURE_FORMAT, "forward": lines}, separators=(",", ":"))


def is_region_signature(signature: str) -> bool:
    return signature.startswith(f'{{"format":"{SIGNATURE_FORMAT}"')


def region_to_task(region: Region, name: str) -> KernelTask:
    """The region as a KernelBench program; its signature is the canonical forward body.

    `Model.forward(*region.inputs)` returns the values of `region.outputs`: one tensor when
    there is one output, else a tuple in that order. Kernels are verified on dense inputs laid
    out as `task.inputs[i].dim_order` says; the graph may pass other strides (a slice, or
    strides that change with the sizes), so the splice copies such inputs into that layout.
    """
    names = DimNames(region.inputs)
    body = _Body(region, names)
    members = set(region.nodes)
    specs = tuple(_spec(node, names, requires_positive(node, members), index_bound(node, members))
                  for node in region.inputs)
    symbols = {symbol: _symbol_range(region.inputs, names, symbol) for symbol in names.sources}
    return KernelTask(name=name, source=kernelbench_source(body.lines, specs, symbols), inputs=specs,
                      signature=region_signature(body.lines), symbols=symbols)


def requires_positive(node: fx.Node, within: set[fx.Node]) -> bool:
    """Does the value reach sqrt/rsqrt/log/reciprocal inside `within` through sign-keeping ops only?

    A heuristic for input ranges: BatchNorm's running variance, an epsilon held as a tensor.
    """
    stack, seen = [node], {node}
    while stack:
        value = stack.pop()
        for user in value.users:
            if user not in within or not isinstance(user.target, torch._ops.OpOverload):
                continue
            packet = user.target.overloadpacket
            if user.args and user.args[0] is value and (packet in DOMAIN_OPS or _fractional_power(user)):
                return True
            if (packet in SIGN_KEEPING_OPS or user.target in VIEW_OPS) and user not in seen:
                seen.add(user)
                stack.append(user)
    return False


def index_bound(node: fx.Node, within: set[fx.Node]) -> int | None:
    """The smallest dim size the value indexes inside `within` (through views), or None if it indexes nothing.

    Integer inputs that are indices must stay below it, or the reference itself fails.
    """
    bounds, stack, seen = [], [node], {node}
    while stack:
        value = stack.pop()
        for user in value.users:
            if user not in within:
                continue
            bound = index_bounds(user).get(value)
            if bound is not None:
                bounds.append(bound)
            if user.target in VIEW_OPS and user not in seen:
                seen.add(user)
                stack.append(user)
    return min(bounds) if bounds else None


def _fractional_power(node: fx.Node) -> bool:
    exponent = node.args[1] if len(node.args) > 1 else None
    return node.target.overloadpacket is aten.pow and isinstance(exponent, float) and not exponent.is_integer()


class _Body:
    """The lines of `Model.forward` after its signature, with canonical names."""

    def __init__(self, region: Region, names: DimNames):
        self.names = names
        self.env = {node: f"x{i}" for i, node in enumerate(region.inputs)}
        self.sizes: set[str] = set()
        ops = []
        for i, node in enumerate(region.nodes):
            ops.append(f"v{i} = {self._call(node)}")
            self.env[node] = f"v{i}"
        results = ", ".join(self.env[n] for n in region.outputs)
        bindings = [f"{s} = x{names.sources[s][0]}.shape[{names.sources[s][1]}]"
                    for s in names.sources if s in self.sizes]
        self.lines = bindings + ops + [f"return {results}"]

    def _call(self, node: fx.Node) -> str:
        if node.target is operator.getitem:
            return f"{self._arg(node.args[0])}[{node.args[1]}]"
        op = node.target
        if op in (aten.view.default, aten._unsafe_view.default):
            op = aten.reshape.default  # same values, and also valid on the dense copies the verifier feeds
        args = [self._arg(a) for a in node.args] + [f"{k}={self._arg(v)}" for k, v in node.kwargs.items()]
        if op.namespace == "prims" and op._opname == "fma":
            return "torch.addcmul({2}, {0}, {1})".format(*args)  # inductor's prim is not in a fresh torch
        if op.namespace == "prims" and op._opname == MAX_POOL_OFFSETS:  # only its values are used
            return f"torch.ops.aten.max_pool{len(node.args[1])}d_with_indices.default({', '.join(args)})"
        return f"torch.ops.{op.namespace}.{op._opname}.{op._overloadname}({', '.join(args)})"

    def _arg(self, arg: object) -> str:
        if isinstance(arg, fx.Node):
            if arg in self.env:
                return self.env[arg]
            expr = self.names.express(arg)
            if expr is None:
                raise ValueError(f"size {arg} is not derivable from the region's inputs")
            self.sizes |= {str(s) for s in expr.free_symbols}
            return PythonPrinter().doprint(expr)
        if isinstance(arg, list):
            return "[" + ", ".join(self._arg(a) for a in arg) + "]"
        if isinstance(arg, tuple):
            return _tuple_text([self._arg(a) for a in arg])
        if isinstance(arg, float) and not math.isfinite(arg):
            return f"float('{arg}')"
        if isinstance(arg, (torch.dtype, torch.memory_format, torch.layout)):
            return str(arg)
        if isinstance(arg, torch.device):
            return "x0.device"  # constants are made where the inputs live (the partitioner checked they agree)
        return repr(arg)


def _spec(node: fx.Node, names: DimNames, positive: bool, index_limit: int | None) -> InputSpec:
    value = node.meta["val"]
    dtype = str(value.dtype).removeprefix("torch.")
    low = high = None
    if dtype in FLOAT_DTYPES and positive:
        low, high = POSITIVE_RANGE
    elif dtype not in FLOAT_DTYPES and dtype != "bool":  # an index over every row a user's may name, not 0..7 of
        # them: a kernel honest only there was judged correct
        # (tests/fixtures/user_process/round34_index_range_trigger.py)
        low, high = INTEGER_RANGE if index_limit is None else (0, max(1, index_limit))
    order = dim_order_of(example_tensor(value)) if is_dense(value) else None
    return InputSpec(shape=tuple(names.size(s) for s in value.shape), dtype=dtype, dim_order=order, low=low, high=high)


def _symbol_range(inputs: tuple[fx.Node, ...], names: DimNames, name: str) -> SymbolRange:
    """Example = the size this compilation saw; range = the shape env's bounds, capped for testing.

    The cap is a power-of-two bucket of the example, so nearby first sizes give the same range
    (and so the same task key, which ignores the example itself).
    """
    index, dim = names.sources[name]
    size = inputs[index].meta["val"].shape[dim]
    example = hint(size)
    bounds = size.node.shape_env.bound_sympy(size.node.expr)
    low = max(1, int(bounds.lower)) if bounds.lower.is_Integer else 1
    high = max(64, 2 ** (2 * example - 1).bit_length())
    if bounds.upper.is_Integer:
        high = min(high, int(bounds.upper))
    return SymbolRange(example=example, low=min(low, example), high=max(high, example))


def kernelbench_source(lines: list[str], specs: tuple[InputSpec, ...], symbols: dict[str, SymbolRange]) -> str:
    """A KernelBench program whose `Model.forward(x0, x1, ...)` runs `lines` on inputs made as `specs` say."""
    params = "".join(f", x{i}" for i in range(len(specs)))
    forward = "\n".join(f"        {line}" for line in lines)
    sizes = {name: sym.example for name, sym in symbols.items()}
    made = ",\n        ".join(_make_input(spec, sizes) for spec in specs)
    return (
        "import torch\n"
        "import torch.nn as nn\n\n\n"
        "class Model(nn.Module):\n"
        f"    def forward(self{params}):\n"
        f"{forward}\n\n\n"
        "def get_inputs():\n"
        f"    return [\n        {made},\n    ]\n\n\n"
        "def get_init_inputs():\n"
        "    return []\n"
    )


def _make_input(spec: InputSpec, sizes: dict[str, int]) -> str:
    """An expression building one example input with the spec's dtype, layout and range."""
    shape = [sizes[d] if isinstance(d, str) else d for d in spec.shape]
    order = spec.dim_order or tuple(range(len(shape)))
    physical = _tuple_text([str(shape[d]) for d in order])
    dtype = f"torch.{spec.dtype}"
    if spec.dtype == "bool":
        made = f"torch.randint(0, 2, {physical}).bool()"
    elif spec.dtype not in FLOAT_DTYPES:
        made = f"torch.randint({int(spec.low)}, {int(spec.high)}, {physical}, dtype={dtype})"
    elif spec.low is not None:
        made = f"torch.empty({physical}, dtype={dtype}).uniform_({spec.low}, {spec.high})"
    else:
        made = f"torch.randn({physical}, dtype={dtype})"
    if spec.dim_order is None:
        return made
    inverse = ", ".join(str(spec.dim_order.index(d)) for d in range(len(shape)))
    return f"{made}.permute({inverse})"


def _tuple_text(items: list[str]) -> str:
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
