# task: task_add_relu
# expect: correct
# `@property` on a helper method, read through self (round attack28 left it refused as `hacked`). Never on forward
# or __init__, which torch and the verifier call themselves (tests/attacks/idiom_property_forward.py).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.warps = 4

    @property
    def block_size(self):
        return 32 * self.warps

    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, self.block_size),)](x, y, out, n, BLOCK=self.block_size)
        return out
