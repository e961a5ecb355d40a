# task: task_add_relu
# expect: runtime
# Honest but buggy (session 35, feedback43): the grid an int, not a tuple (a TypeError on a GPU). Was "TypeError (its
# message is withheld ...)"; now says the grid is a tuple of 1 to 3 program counts.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    s = tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(s, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[triton.cdiv(n, 64)](x, y, out, n, BLOCK=64)
        return out
