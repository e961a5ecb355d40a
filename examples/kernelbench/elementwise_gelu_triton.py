"""Triton candidate for elementwise_gelu.py: tanh-approximation GELU in one pass.

0.5 * x * (1 + tanh(u)) == x * sigmoid(2u), with u = sqrt(2/pi) * (x + 0.044715 x^3),
so each element costs one exp and one divide; the tensor is read once and written once.
"""
import torch
import triton
import triton.language as tl


@triton.jit
def gelu_tanh_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid.to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    xf = x.to(tl.float32)
    # 2 * sqrt(2 / pi) = 1.5957691216057308
    two_u = 1.5957691216057308 * (xf + 0.044715 * xf * xf * xf)
    y = xf / (1.0 + tl.exp(-two_u))
    tl.store(out_ptr + offs, y.to(x.dtype), mask=mask)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()  # a no-op for the task's contiguous input
        out = torch.empty_like(x)
        n = x.numel()
        if n == 0:
            return out
        block = 2048
        grid = (triton.cdiv(n, block),)
        gelu_tanh_kernel[grid](x, out, n, BLOCK=block, num_warps=8)
        return out
