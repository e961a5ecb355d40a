"""The direct teacher: a task's `Model.forward`, each PyTorch call renamed to the library's `op_NAME`.

Inductor's kernels hard-code a task's sizes (`xnumel = 8192`, `x0 = xindex % 64`): to write one for a new
task a model must do the task's arithmetic, which a small model trained from scratch does not learn. The
direct teacher's answer is instead a forward that is the task's own, line for line, with `torch.exp(v0)` written
`op_exp(v0)` and `v0 + x1` written `op_add(v0, x1)`, then the library functions it calls (`library.py`: kernels
whose sizes are read from the tensors at run time). A size the task writes out in a size argument
(`reshape(v1, [2, 16, 64])`, `expand`, `view`, `full`, `iota`, `as_strided`, `layer_norm`) is written as a read from
a tensor in scope where one holds it (`[x2.shape[0], -1, v1.shape[1]]`, `shapes.py` traces the forward on the meta
device): the SFT model of run 54 copied a train task's reshape sizes into held-out answers. The verified answer
(`direct_answer`) carries only the library functions its forward calls; the model learns `whole_library_view` of
it, the same forward followed by every library definition, so it never has to choose them: run 47's SFT model, taught
the chosen ones, called an `op_` it had not defined in 16 of its 18 held-out answers that failed the gate. A task
whose ops the library lacks has no answer (`Unsupported`). The answers are honest kernels, judged by the verifier like
any other.
"""
from __future__ import annotations

import ast
import inspect
import math
from functools import cache
from pathlib import Path

from autotriton_backend.prompt import LIBRARY_BREAK, with_library_tail
from autotriton_backend.task import KernelTask

from . import library
from .shapes import Scope, output_dtypes, statement_scopes

HEADER = "import math\n\nimport torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n"
# Keyword arguments PyTorch's factories take that say nothing a kernel needs (and name torch attributes the
# static gate refuses, such as torch.strided).
DROPPED_KEYWORDS = frozenset({"layout", "pin_memory", "requires_grad"})
RENAMED_KEYWORDS = {"min": "low", "max": "high", "input": "x"}  # the library may not bind builtin names
BINARY_OPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.Pow: "pow", ast.MatMult: "matmul"}
COMPARE_OPS = {ast.Gt: "gt", ast.GtE: "ge", ast.Lt: "lt", ast.LtE: "le", ast.Eq: "eq", ast.NotEq: "ne"}
CALL_PREFIXES = ("torch.ops.aten.", "torch.ops.prims.", "torch.nn.functional.", "F.", "torch.")
SCALAR_SOURCES = frozenset({"shape", "size", "numel", "dim"})  # tensor attributes and methods that give ints
SCALAR_BUILTINS = frozenset({"float", "int"})
HALF_DTYPES = frozenset({"float16", "bfloat16"})  # computed in float32 (`_in_float32`)
# op -> (the argument holding sizes: position, keyword; the tensor they describe: position or None; how a size
# equal to that tensor's is written: "keep" (-1 for expand), "end" (its dim counted from the end), "dim")
SIZE_ARGUMENTS = {"reshape": (1, "shape", 0, "dim"), "view": (1, "shape", 0, "dim"), "expand": (1, "size", 0, "keep"),
                  "full": (0, "size", None, None), "iota": (0, "length", None, None),
                  "as_strided": (1, "size", 0, "dim"), "layer_norm": (1, "normalized_shape", 0, "end")}
INFERRED = frozenset({"reshape", "view"})  # ops where one size may be -1


class Unsupported(ValueError):
    """The task uses an op, or a form of Python, that the library has no kernel for."""


@cache
def _library() -> tuple[dict[str, str], dict[str, set[str]], list[str]]:
    """The library's top-level definitions: source text and referenced names by name, and their order."""
    source = Path(inspect.getsourcefile(library)).read_text()
    tree = ast.parse(source)
    texts: dict[str, str] = {}
    uses: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            name = node.name
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            name = node.targets[0].id
        else:
            continue
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        texts[name] = "\n".join(source.splitlines()[first - 1:node.end_lineno])
        uses[name] = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    return texts, uses, list(texts)


def supported_ops() -> frozenset[str]:
    return frozenset(name.removeprefix("op_") for name in _library()[0] if name.startswith("op_"))


def op_name(call: ast.Call) -> str | None:
    """The PyTorch op a call names (`torch.ops.aten.sum.dim_IntList` -> "sum"), or None for a method call."""
    text = ast.unparse(call.func)
    for prefix in CALL_PREFIXES:
        if text.startswith(prefix):
            parts = text.removeprefix(prefix).split(".")
            return parts[0]
    return None


class _Forward(ast.NodeTransformer):
    """Rewrites forward's expressions; names bound to sizes (`s0 = x0.shape[0]`) stay Python arithmetic."""

    def __init__(self, literal_sizes: bool = False) -> None:
        self.literal_sizes = literal_sizes  # size arguments stay as the task writes them (run 128)
        self.scalars: set[str] = set()
        self.used: set[str] = set()
        self.scopes: list[Scope] = []  # per trace, the tensors' shapes before the statement being rewritten

    def scalar(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return True
        if isinstance(node, ast.Name):
            return node.id in self.scalars
        if isinstance(node, ast.Attribute):
            return node.attr in SCALAR_SOURCES
        if isinstance(node, ast.Subscript):
            return self.scalar(node.value)
        if isinstance(node, ast.Call) and op_name(node) is None:
            return (isinstance(node.func, ast.Attribute) and node.func.attr in SCALAR_SOURCES
                    or isinstance(node.func, ast.Name) and node.func.id in SCALAR_BUILTINS)
        if isinstance(node, ast.BinOp):
            return self.scalar(node.left) and self.scalar(node.right)
        if isinstance(node, ast.UnaryOp):
            return self.scalar(node.operand)
        return False

    def op(self, name: str, args: list[ast.expr], keywords: list[ast.keyword] | None = None) -> ast.Call:
        if name not in supported_ops():
            raise Unsupported(f"no library kernel for `{name}`")
        self.used.add(f"op_{name}")
        return ast.Call(ast.Name(f"op_{name}", ast.Load()), args, keywords or [])

    def visit_Assign(self, node: ast.Assign) -> ast.Assign:
        if self.scalar(node.value):
            self.scalars.update(n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name))
            return node
        return self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        name = op_name(node)
        if name is None:
            if self.scalar(node):
                return node
            raise Unsupported(f"method call `{ast.unparse(node.func)}`")
        args = [self.visit(a) for a in node.args]
        keywords = [ast.keyword(RENAMED_KEYWORDS.get(k.arg, k.arg), self.visit(k.value))
                    for k in node.keywords if k.arg not in DROPPED_KEYWORDS]
        if name in SIZE_ARGUMENTS:
            self.read_sizes(name, args, keywords)
        return self.op(name, args, keywords)

    def shapes(self, tensor: str | None) -> list[tuple[int, ...]] | None:
        """`tensor`'s shape in every trace, or None where it is not a tensor in scope."""
        shapes = [scope.get(tensor) for scope in self.scopes] if tensor else []
        return shapes if shapes and all(s is not None for s in shapes) else None

    def holds(self, tensor: str, start: int, stop: int, size: int) -> bool:
        shapes = self.shapes(tensor)
        return shapes is not None and all(stop <= len(s) and math.prod(s[start:stop]) == size for s in shapes)

    def own(self, size: int, source: str | None, index: int, count: int, form: str) -> ast.expr | None:
        """`size` as the call's own tensor's dim in its place (`index` of `count` sizes): counted from the front
        for a reshape, from the end for an expand (-1: kept) or a layer_norm."""
        shapes = self.shapes(source)
        if shapes is None:
            return None
        rank = len(shapes[0])
        dim = index - count + rank if form in ("keep", "end") else index
        if not 0 <= dim < rank or not self.holds(source, dim, dim + 1, size):
            return None
        return ast.Constant(-1) if form == "keep" else _dim(source, dim - rank if form == "end" else dim)

    def other(self, size: int) -> ast.expr | None:
        """`size` as any tensor's dim (the forward's arguments first, then in the order they were named), else as a
        product of one tensor's adjacent dims; None if no tensor in scope holds it in every trace."""
        names = list(self.scopes[0]) if self.scopes else []
        for name in names:
            for index in range(len(self.shapes(name)[0])):
                if self.holds(name, index, index + 1, size):
                    return _dim(name, index)
        for name in names:
            rank = len(self.shapes(name)[0])
            for start in range(rank):
                for stop in range(start + 2, rank + 1):
                    if self.holds(name, start, stop, size):
                        product = _dim(name, start)
                        for index in range(start + 1, stop):
                            product = ast.BinOp(product, ast.Mult(), _dim(name, index))
                        return product
        return None

    def read_sizes(self, name: str, args: list[ast.expr], keywords: list[ast.keyword]) -> None:
        """Rewrite, in place, the literal sizes (2 and up) of `name`'s size argument as reads from tensors: the call's
        own tensor's dim where the size keeps its place; in a reshape or view, -1 for one size (one no tensor
        holds, if any); any tensor's dim or product of dims; else the literal stays."""
        position, keyword, tensor, form = SIZE_ARGUMENTS[name]
        if not self.scopes or self.literal_sizes:
            return
        if len(args) > position:
            value, put = args[position], lambda new: args.__setitem__(position, new)
        else:
            found = next((k for k in keywords if k.arg == keyword), None)
            if found is None:
                return
            value, put = found.value, lambda new: setattr(found, "value", new)
        if isinstance(value, (ast.List, ast.Tuple)):
            items = value.elts
        elif isinstance(value, ast.Constant):
            items = [value]
        else:
            return
        literal = [i for i, e in enumerate(items) if isinstance(e, ast.Constant) and type(e.value) is int
                   and e.value >= 2]
        source = args[tensor].id if tensor is not None and len(args) > tensor and isinstance(args[tensor], ast.Name) \
            else None
        reads: dict[int, ast.expr | None] = {}
        for i in literal:
            reads[i] = self.own(items[i].value, source, i, len(items), form) if form else None
        left = [i for i in literal if reads[i] is None]
        inferred = any(isinstance(e, ast.UnaryOp) or isinstance(e, ast.Constant) and e.value == -1 for e in items)
        others = {i: self.other(items[i].value) for i in left}
        if left and name in INFERRED and not inferred:
            reads[next((i for i in left if others[i] is None), left[0])] = ast.Constant(-1)
        for i in left:
            if reads[i] is None:
                reads[i] = others[i]
        for i, expr in reads.items():
            if expr is not None:
                items[i] = expr
        if isinstance(value, ast.Constant) and items[0] is not value:
            put(items[0])

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        if self.scalar(node):
            return node
        if type(node.op) not in BINARY_OPS:
            raise Unsupported(f"operator `{type(node.op).__name__}`")
        return self.op(BINARY_OPS[type(node.op)], [self.visit(node.left), self.visit(node.right)])

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        if self.scalar(node):
            return node
        if not isinstance(node.op, ast.USub):
            raise Unsupported(f"operator `{type(node.op).__name__}`")
        return self.op("neg", [self.visit(node.operand)])

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        if len(node.ops) != 1 or type(node.ops[0]) not in COMPARE_OPS:
            raise Unsupported("chained or unknown comparison")
        return self.op(COMPARE_OPS[type(node.ops[0])], [self.visit(node.left), self.visit(node.comparators[0])])


def _dim(tensor: str, index: int) -> ast.expr:
    return ast.Subscript(ast.Attribute(ast.Name(tensor, ast.Load()), "shape", ast.Load()), ast.Constant(index),
                         ast.Load())


def _forward(tree: ast.Module) -> ast.FunctionDef:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Model":
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "forward":
                    if any(isinstance(i, ast.FunctionDef) and i.name == "__init__" for i in node.body):
                        raise Unsupported("Model.__init__ (the direct teacher takes weights as forward inputs)")
                    return item
    raise Unsupported("no Model.forward")


def _closure(names: set[str]) -> list[str]:
    texts, uses, order = _library()
    needed, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name in needed or name not in texts:
            continue
        needed.add(name)
        todo.extend(uses[name])
    return [name for name in order if name in needed]


def _answer(model: str, definitions: list[str]) -> str:
    texts = _library()[0]
    return LIBRARY_BREAK.join([model] + [texts[name] for name in definitions]) + "\n"


def _in_float32(task: KernelTask, forward: ast.FunctionDef, body: list[ast.stmt], rewriter: _Forward) -> list[ast.stmt]:
    """`body` computing in float32 when some inputs are float16 or bfloat16: those converted on entry, each
    half-precision output converted back in the return. Unchanged where the outputs' dtypes are unknown (no meta
    kernel) or the forward does not end in one return."""
    names = [a.arg for a in forward.args.args[1:]]
    half = [name for name, spec in zip(names, task.inputs) if not spec.scalar and spec.dtype in HALF_DTYPES]
    dtypes = output_dtypes(task) if half else None
    if not dtypes or not isinstance(body[-1], ast.Return) or body[-1].value is None:
        return body
    returned = body[-1].value
    values = returned.elts if isinstance(returned, (ast.Tuple, ast.List)) and len(dtypes) > 1 else [returned]
    if len(values) != len(dtypes):
        return body

    def convert(value: ast.expr, dtype: str) -> ast.Call:
        return rewriter.op("convert_element_type", [value, ast.Attribute(ast.Name("torch", ast.Load()), dtype,
                                                                         ast.Load())])

    entry = [ast.Assign([ast.Name(name, ast.Store())], convert(ast.Name(name, ast.Load()), "float32"))
             for name in half]
    returned_dtypes = [str(d).removeprefix("torch.") for d in dtypes]
    back = [convert(v, d) if d in HALF_DTYPES else v for v, d in zip(values, returned_dtypes)]
    result = back[0] if values == [returned] else type(returned)(back, ast.Load())
    return entry + body[:-1] + [ast.Return(result)]


def direct_answer(task: KernelTask, literal_sizes: bool = False) -> str:
    """The direct teacher's ModelNew for `task` (raises Unsupported): its forward, then the library it calls. With
    `literal_sizes` the size arguments stay the task's literals (a copy of the task's sizes, right at every size the
    task can take: a symbolic size is never a literal there); measured in run 128, not the dataset's form."""
    forward = _forward(ast.parse(task.source))
    rewriter = _Forward(literal_sizes)
    traces = statement_scopes(task, forward)
    body = []
    for index, statement in enumerate(forward.body):
        rewriter.scopes = [trace[index] for trace in traces if index < len(trace)]
        if len(rewriter.scopes) != len(traces):
            rewriter.scopes = []
        body.append(rewriter.visit(statement))
    body = _in_float32(task, forward, body, rewriter)
    method = ast.FunctionDef("forward", forward.args, body, [], None, type_params=[])
    model = ast.ClassDef("ModelNew", [ast.Attribute(ast.Name("nn", ast.Load()), "Module", ast.Load())], [],
                         [method], [], type_params=[])
    return _answer(f"{HEADER}\n{ast.unparse(ast.fix_missing_locations(model))}", _closure(rewriter.used))


@cache
def library_tail() -> str:
    """Every library definition, in the library's order: what follows ModelNew in `whole_library_view`."""
    texts, _, order = _library()
    return LIBRARY_BREAK.join(texts[name] for name in order) + "\n"


def whole_library_view(answer: str) -> str:
    """A `direct_answer` with every library definition, in the library's order, in place of the ones it chose.
    The added functions are uncalled and each passes the gate (tests/test_direct_teacher.py judges a view)."""
    return with_library_tail(answer, library_tail())


def model_new_view(answer: str) -> str:
    """A `direct_answer`'s ModelNew alone: what a `library_tail` model learns to write."""
    return answer.split(LIBRARY_BREAK, 1)[0]
