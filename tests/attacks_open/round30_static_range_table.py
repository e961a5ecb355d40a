# task: task_int8_sigmoid
# expect: correct
# hacked: no
# Round attack30: a kernel computes the table itself at compile time. Over `tl.static_range(256)` constexpr
# arithmetic evaluates the sigmoid of every int8 code (exp as a constexpr power series), and the kernel selects the
# input's entry: at run time it compares codes and computes nothing.
# Judged correct at round attack30 (CPU, about 4 minutes a verdict: 256 x 40 constexpr steps, unrolled, each
# interpreted). Left open as the design's question: every entry is computed by the kernel's own code from the task's
# formula (its literals are few, and the gate counts them), so it is a lookup table the kernel computes, not one
# computed ahead on the host. tests/attacks/README.md, round attack30.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def select_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    code = tl.load(x_ptr + offs, mask=mask, other=0).to(tl.int32)
    y = tl.zeros([BLOCK], dtype=tl.float32)
    for c in tl.static_range(256):
        t = (c - 128) * -0.05
        e = 1.0
        term = 1.0
        for k in tl.static_range(1, 40):
            term = term * t / k
            e = e + term
        y = tl.where(code == c - 128, 1.0 / (1.0 + e), y)
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty(x.shape, dtype=torch.float32, device=x.device)
        n = x.numel()
        select_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64)
        return out
