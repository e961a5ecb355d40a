# task: task_add_relu
# expect: compile
# tl.arange needs a power-of-two range.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)



@triton.jit
def bad_kernel(x_ptr, out_ptr, n):
    offs = tl.arange(0, 37)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        bad_kernel[(1,)](x, out, x.numel())
        return out
