# task: task_add_relu
# expect: correct
# `out = x.clone()` and a kernel that updates `out` in place (out = relu(out + y)), a common shape of model answers.
# clone is a same-dtype copy, layout to the forward monitor; the gate refused `.clone` as cheating until round
# attack25.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_relu_inplace_kernel(out_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(out_ptr + offs, mask=mask, other=0.0)
    b = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.maximum(a + b, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        out = x.contiguous().clone()
        y = y.contiguous()
        n = out.numel()
        add_relu_inplace_kernel[(triton.cdiv(n, 256),)](out, y, n, BLOCK=256)
        return out
