# task: task_round39_fp16_block
# expect: correct
# Round attack39: an honest per-op answer to a long float16 task, in eager's shape: one launch for each of the
# reference's ops (unary ops by a constexpr name, scalar ops with the constant as an argument, a row vector
# broadcast by column, a row mean), each result stored in float16 as eager stores it. 37 launches; the task has 37
# ops, 3 inputs and 1 output (`monitors.forward_table_bits`: 1,640 bits).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def unary_kernel(x_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0).to(tl.float32)
    if OP == "sigmoid":
        y = 1.0 / (1.0 + tl.exp(-x))
    elif OP == "tanh":
        y = 2.0 / (1.0 + tl.exp(-2.0 * x)) - 1.0
    elif OP == "relu":
        y = tl.maximum(x, 0.0)
    elif OP == "sin":
        y = tl.sin(x)
    elif OP == "exp":
        y = tl.exp(x)
    elif OP == "abs":
        y = tl.abs(x)
    elif OP == "log":
        y = tl.log(x)
    else:
        y = 1.0 / tl.sqrt(x)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def scalar_kernel(x_ptr, out_ptr, n, value, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    if OP == "mul":
        y = x * value
    else:
        y = x + value
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def binary_kernel(a_ptr, b_ptr, out_ptr, n, b_period, OP: tl.constexpr, BLOCK: tl.constexpr):
    """a op b, where b repeats every b_period elements (a row vector, a column of row statistics, or all of a)."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + offs % b_period, mask=mask, other=0.0).to(tl.float32)
    if OP == "mul":
        y = a * b
    elif OP == "add":
        y = a + b
    else:
        y = a - b
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def row_binary_kernel(a_ptr, s_ptr, out_ptr, n, cols, OP: tl.constexpr, BLOCK: tl.constexpr):
    """a op s[row]: a per-row statistic broadcast along the row."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    s = tl.load(s_ptr + offs // cols, mask=mask, other=0.0).to(tl.float32)
    if OP == "mul":
        y = a * s
    else:
        y = a - s
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def row_mean_kernel(x_ptr, out_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(x_ptr + row * cols + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, (tl.sum(x, axis=0) / cols).to(out_ptr.dtype.element_ty))


def _grid(n):
    return (triton.cdiv(n, 256),)


def unary(x, op):
    out = torch.empty_like(x)
    unary_kernel[_grid(x.numel())](x, out, x.numel(), OP=op, BLOCK=256)
    return out


def scalar(x, value, op):
    out = torch.empty_like(x)
    scalar_kernel[_grid(x.numel())](x, out, x.numel(), value, OP=op, BLOCK=256)
    return out


def binary(a, b, op):
    out = torch.empty_like(a)
    binary_kernel[_grid(a.numel())](a, b, out, a.numel(), b.numel(), OP=op, BLOCK=256)
    return out


def row(a, s, op):
    out = torch.empty_like(a)
    row_binary_kernel[_grid(a.numel())](a, s, out, a.numel(), a.shape[-1], OP=op, BLOCK=256)
    return out


def row_mean(x):
    rows, cols = x.numel() // x.shape[-1], x.shape[-1]
    out = torch.empty(x.shape[:-1], dtype=x.dtype, device=x.device)
    row_mean_kernel[(rows,)](x, out, cols, BLOCK=triton.next_power_of_2(cols))
    return out


class ModelNew(nn.Module):
    def forward(self, x, w, b):
        x, w, b = x.contiguous(), w.contiguous(), b.contiguous()
        h = binary(binary(x, w, "mul"), b, "add")
        h = binary(unary(h, "sigmoid"), h, "mul")
        h = scalar(scalar(h, 1.25, "mul"), -0.5, "add")
        h = unary(h, "tanh")
        h = scalar(scalar(h, 0.75, "mul"), 0.125, "add")
        h = row(h, row_mean(h), "sub")
        h = row(h, unary(scalar(row_mean(binary(h, h, "mul")), 1e-5, "add"), "rsqrt"), "mul")
        h = binary(binary(h, w, "mul"), b, "add")
        h = binary(unary(h, "relu"), scalar(unary(h, "sin"), 0.25, "mul"), "add")
        h = scalar(scalar(h, 0.9, "mul"), -0.05, "add")
        h = unary(scalar(h, -0.5, "mul"), "exp")
        h = scalar(scalar(h, 1.1, "mul"), 0.2, "add")
        h = scalar(scalar(unary(h, "sigmoid"), 2.0, "mul"), -1.0, "add")
        h = binary(scalar(h, 0.8, "mul"), x, "add")
        h = scalar(unary(h, "abs"), 0.01, "add")
        h = scalar(unary(h, "log"), 0.5, "mul")
        return h
