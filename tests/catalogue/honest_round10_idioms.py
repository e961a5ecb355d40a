# task: task_add_relu
# expect: correct
# Honest idioms next to round 10's fixes: a chain through triton.language's modules (tl.math.abs, a builtin),
# a host helper function, and a scratch `torch.empty` that one kernel writes in full before another reads it
# (the refill call's fresh memory holds finite garbage, no longer NaN).
import torch
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, s_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(s_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


@triton.jit
def relu_kernel(s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    s = tl.load(s_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, (s + tl.math.abs(s)) * 0.5, mask=mask)


def launch(x, y, out, block):
    n = x.numel()
    scratch = torch.empty_like(x)
    grid = (triton.cdiv(n, block),)
    add_kernel[grid](x, y, scratch, n, BLOCK=block)
    relu_kernel[grid](scratch, out, n, BLOCK=block)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = 128

    def forward(self, x, y):
        out = torch.empty_like(x)
        launch(x, y, out, self.block)
        return out
