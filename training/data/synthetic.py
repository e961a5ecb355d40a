"""Synthetic programs: an anchor op (matmul, conv, norm, softmax, ...) with random epilogues.

Each program is drawn from `random.Random(seed)` alone, so a seed names a program for good. Shapes
are random within sizes a GPU judges quickly; dtypes are fp32, fp16 or bf16; a share of programs
has a symbolic leading (batch) dimension. All tensors are `forward` inputs (weights included), so
every program is a parameter-free KernelBench task. Values stay in the ops' domains by construction
(`log1p(abs(.))`, `rsqrt(abs(.) + 1)`), so references never make NaN.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from autotriton_backend.task import KernelTask, SymbolRange

from .families import composition_of

DTYPES = ("float32", "float16", "bfloat16")
DTYPE_WEIGHTS = (2, 1, 1)
DYNAMIC_SHARE = 0.2
BATCH_SYMBOL = "s0"

UNARY = {
    "relu": "torch.relu({v})",
    "gelu": "torch.nn.functional.gelu({v})",
    "gelu_tanh": "torch.nn.functional.gelu({v}, approximate='tanh')",
    "silu": "torch.nn.functional.silu({v})",
    "sigmoid": "torch.sigmoid({v})",
    "tanh": "torch.tanh({v})",
    "leaky_relu": "torch.nn.functional.leaky_relu({v}, 0.1)",
    "elu": "torch.nn.functional.elu({v})",
    "softplus": "torch.nn.functional.softplus({v})",
    "mish": "torch.nn.functional.mish({v})",
    "hardtanh": "torch.clamp({v}, -1.0, 1.0)",
    "abs": "torch.abs({v})",
    "neg_exp": "torch.exp(-torch.abs({v}))",
    "square": "{v} * {v}",
    "log1p_abs": "torch.log1p(torch.abs({v}))",
    "rsqrt_abs": "torch.rsqrt(torch.abs({v}) + 1.0)",
    "sin": "torch.sin({v})",
    "scale": "{v} * 0.5 + 0.25",
}
BINARY = {
    "add": "{v} + {w}",
    "sub": "{v} - {w}",
    "mul": "{v} * {w}",
    "maximum": "torch.maximum({v}, {w})",
    "where": "torch.where({v} > 0, {v}, {w})",
}


@dataclass(frozen=True)
class Program:
    """A synthetic task and what it is made of."""

    task: KernelTask
    seed: int
    families: tuple[str, ...]
    ops: tuple[str, ...]
    dtype: str
    hard: bool

    @property
    def composition(self) -> str:
        return composition_of(self.families)


@dataclass
class _Builder:
    """Accumulates forward lines, inputs (shape, maker) and families while a program is drawn."""

    rng: random.Random
    dtype: str
    cap: int  # largest size of any dim
    inputs: list[tuple[tuple[int, ...], str, bool]] = field(default_factory=list)  # shape, maker, batch-led
    lines: list[str] = field(default_factory=list)
    families: list[str] = field(default_factory=list)
    ops: list[str] = field(default_factory=list)

    def input(self, shape: tuple[int, ...], batch_led: bool = False, positive: bool = False) -> str:
        name = f"x{len(self.inputs)}"
        maker = "torch.rand" if positive else "torch.randn"
        self.inputs.append((shape, maker, batch_led))
        return name

    def value(self, expression: str, family: str, op: str) -> str:
        name = f"v{len(self.lines)}"
        self.lines.append(f"{name} = {expression}")
        self.families.append(family)
        self.ops.append(op)
        return name

    def size(self, low: int, high: int) -> int:
        """Mostly powers of two, sometimes an odd size (masking paths matter)."""
        low, high = min(low, self.cap), min(high, self.cap)
        if self.rng.random() < 0.7:
            return 2 ** self.rng.randint(low.bit_length() - 1, high.bit_length() - 1)
        return self.rng.randint(low, high)


def program(seed: int, hard: bool = False, cap: int = 4096) -> Program:
    """The synthetic program named by `seed` (`hard`: more epilogues, two anchors; `cap`: the largest
    size of any dim, small for runs judged in the CPU interpreter)."""
    rng = random.Random(seed)
    dtype = rng.choices(DTYPES, DTYPE_WEIGHTS)[0]
    builder = _Builder(rng, dtype, cap)
    anchors = rng.sample(list(ANCHORS), 2) if hard else [rng.choice(list(ANCHORS))]
    value, shape = ANCHORS[anchors[0]](builder, None, None)
    for name in anchors[1:]:
        if ACCEPTS[name](shape):
            value, shape = ANCHORS[name](builder, value, shape)
        else:  # the second anchor starts from fresh inputs; the first one's result scales it
            mean = builder.value(f"torch.mean({value})", "reduction", "mean_all")
            value, shape = ANCHORS[name](builder, None, None)
            value = builder.value(f"{value} * {mean}", "pointwise_binary", "scale_by")
    for _ in range(rng.randint(2, 5) if hard else rng.randint(0, 3)):
        value = _epilogue(builder, value, shape)
    if rng.random() < 0.25 and len(shape) >= 2:
        value, shape = _reduce(builder, value, shape)
    # Inductor specializes a dim whose example size is 1 (its kernel then serves batch 1 alone): such a batch stays static.
    dynamic = rng.random() < DYNAMIC_SHARE and all(lead and shape[0] >= 2 for shape, _, lead in builder.inputs[:1])
    source = _source(builder, value)
    task = KernelTask.from_source(source, name=f"synthetic_{seed}")
    if dynamic:
        task = _with_batch_symbol(task, builder)
    return Program(task, seed, tuple(builder.families), tuple(builder.ops), dtype, hard)


# --- anchors: (builder, value or None, shape or None) -> (value, shape) ---------------------------

def _pointwise(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    if value is None:
        shape = (b.size(8, 1024), b.size(16, 2048))
        value = b.input(shape, batch_led=True)
    op = b.rng.choice(list(UNARY))
    return b.value(UNARY[op].format(v=value), "pointwise_unary", op), shape


def _matmul(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    if value is None:
        shape = (b.size(16, 512), b.size(16, 512))
        value = b.input(shape, batch_led=True)
    n = b.size(16, 512)
    weight = b.input((shape[1], n))
    out = b.value(f"torch.matmul({value}, {weight})", "matmul", "matmul")
    if b.rng.random() < 0.6:
        bias = b.input((n,))
        out = b.value(f"{out} + {bias}", "pointwise_binary", "bias")
    return out, (shape[0], n)


def _bmm(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    batch, m, k, n = b.size(2, 16), b.size(16, 256), b.size(16, 256), b.size(16, 256)
    left = b.input((batch, m, k), batch_led=True)
    right = b.input((batch, k, n), batch_led=True)
    return b.value(f"torch.bmm({left}, {right})", "matmul", "bmm"), (batch, m, n)


def _norm(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    if value is None:
        shape = (b.size(8, 1024), b.size(32, 2048))
        value = b.input(shape, batch_led=True)
    width = shape[-1]
    weight = b.input((width,))
    kind = b.rng.choice(["layer_norm", "rms_norm"])
    if kind == "layer_norm":
        bias = b.input((width,))
        out = b.value(f"torch.nn.functional.layer_norm({value}, ({width},), {weight}, {bias})", "norm", kind)
    else:
        out = b.value(f"{value} * torch.rsqrt(torch.mean({value} * {value}, dim=-1, keepdim=True) + 1e-6) * {weight}",
                      "norm", kind)
    return out, shape


def _softmax(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    if value is None:
        shape = (b.size(8, 1024), b.size(16, 4096))
        value = b.input(shape, batch_led=True)
    kind = b.rng.choice(["softmax", "log_softmax", "logsumexp"])
    if kind == "logsumexp":
        return b.value(f"torch.logsumexp({value}, dim=-1)", "softmax", kind), shape[:-1]
    return b.value(f"torch.{kind}({value}, dim=-1)", "softmax", kind), shape


def _conv(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    batch, channels, out_channels = b.size(1, 8), b.rng.choice([3, 4, 8, 16, 32]), b.rng.choice([8, 16, 32, 64])
    size, kernel = min(b.rng.choice([8, 16, 28, 32]), b.cap), b.rng.choice([1, 3, 5])
    stride, padding = b.rng.choice([1, 1, 2]), kernel // 2
    x = b.input((batch, channels, size, size), batch_led=True)
    weight = b.input((out_channels, channels, kernel, kernel))
    bias = b.input((out_channels,))
    out = b.value(f"torch.nn.functional.conv2d({x}, {weight}, {bias}, stride={stride}, padding={padding})", "conv", "conv2d")
    side = (size + 2 * padding - kernel) // stride + 1
    shape = (batch, out_channels, side, side)
    norm = b.rng.choice(["none", "batch_norm", "group_norm"])
    if norm == "batch_norm":
        mean, var = b.input((out_channels,)), b.input((out_channels,), positive=True)
        out = b.value(f"torch.nn.functional.batch_norm({out}, {mean}, {var} + 0.5, training=False)", "norm", norm)
    elif norm == "group_norm":
        groups = b.rng.choice([g for g in (1, 2, 4, 8) if out_channels % g == 0])
        out = b.value(f"torch.nn.functional.group_norm({out}, {groups})", "norm", norm)
    return out, shape


def _pool(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    if value is None:
        shape = (b.size(1, 8), b.rng.choice([4, 8, 16, 32]), *(2 * [min(b.rng.choice([8, 16, 32]), b.cap)]))
        value = b.input(shape, batch_led=True)
    kind = b.rng.choice(["max_pool2d", "avg_pool2d", "adaptive_avg_pool2d"])
    if kind == "adaptive_avg_pool2d":
        out = b.value(f"torch.nn.functional.adaptive_avg_pool2d({value}, 1)", "pooling", kind)
        return out, (shape[0], shape[1], 1, 1)
    out = b.value(f"torch.nn.functional.{kind}({value}, 2)", "pooling", kind)
    return out, (shape[0], shape[1], shape[2] // 2, shape[3] // 2)


def _scan(b: _Builder, value: str | None, shape: tuple[int, ...] | None) -> tuple[str, tuple[int, ...]]:
    if value is None:
        shape = (b.size(4, 512), b.size(16, 1024))
        value = b.input(shape, batch_led=True)
    kind = b.rng.choice(["cumsum", "logcumsumexp"])
    return b.value(f"torch.{kind}({value}, dim=-1)", "scan", kind), shape


ANCHORS = {"pointwise": _pointwise, "matmul": _matmul, "bmm": _bmm, "norm": _norm, "softmax": _softmax,
           "conv": _conv, "pooling": _pool, "scan": _scan}
# Which anchors can take another anchor's result of this shape as their input.
ACCEPTS = {
    "pointwise": lambda shape: True, "norm": lambda shape: len(shape) >= 1, "softmax": lambda shape: len(shape) >= 1,
    "scan": lambda shape: len(shape) >= 1, "matmul": lambda shape: len(shape) == 2,
    "pooling": lambda shape: len(shape) == 4, "conv": lambda shape: False, "bmm": lambda shape: False,
}


# --- epilogues -----------------------------------------------------------------------------------

def _epilogue(b: _Builder, value: str, shape: tuple[int, ...]) -> str:
    if b.rng.random() < 0.6:
        op = b.rng.choice(list(UNARY))
        return b.value(UNARY[op].format(v=value), "pointwise_unary", op)
    op = b.rng.choice(list(BINARY))
    other_shape = shape if b.rng.random() < 0.5 or not shape else (shape[-1],)  # full, or a row vector
    # A full-shape input leads with the batch dim, also when a reduction left the value 1-D (then its "row vector"
    # is the batch dim too): it must follow the batch symbol, or the reference breaks at other batch sizes.
    other = b.input(other_shape, batch_led=other_shape == shape and len(shape) >= 1)
    return b.value(BINARY[op].format(v=value, w=other), "pointwise_binary", op)


def _reduce(b: _Builder, value: str, shape: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    ops = ["sum", "mean", "amax", "amin", "var"] if shape[-1] > 1 else ["sum", "mean", "amax", "amin"]  # var of 1: NaN
    op = b.rng.choice(ops)
    return b.value(f"torch.{op}({value}, dim=-1)", "reduction", op), shape[:-1]


# --- source --------------------------------------------------------------------------------------

def _source(b: _Builder, result: str) -> str:
    params = "".join(f", x{i}" for i in range(len(b.inputs)))
    body = "\n".join(f"        {line}" for line in b.lines)
    made = ",\n        ".join(f"{maker}({_shape_text(shape)}, dtype=torch.{b.dtype})" for shape, maker, _ in b.inputs)
    return (
        "import torch\nimport torch.nn as nn\n\n\n"
        "class Model(nn.Module):\n"
        f"    def forward(self{params}):\n{body}\n        return {result}\n\n\n"
        f"def get_inputs():\n    return [\n        {made},\n    ]\n\n\n"
        "def get_init_inputs():\n    return []\n"
    )


def _shape_text(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def _with_batch_symbol(task: KernelTask, b: _Builder) -> KernelTask:
    """Make the leading dim of every batch-led input one symbol ranging over 1..2x its example."""
    example = b.inputs[0][0][0]
    inputs = tuple(
        replace(spec, shape=(BATCH_SYMBOL, *spec.shape[1:])) if lead and spec.shape[0] == example else spec
        for spec, (_, _, lead) in zip(task.inputs, b.inputs)
    )
    symbols = {BATCH_SYMBOL: SymbolRange(example=example, low=1, high=max(2 * example, 16))}
    return KernelTask(task.name, task.source, inputs, task.signature, symbols, task.tolerance)
