# task: task_gelu
# expect: correct
# Round attack31's honest idiom: exact GELU through Triton's own erf, the constant 1/sqrt(2) written as a literal,
# computed in float32 with a masked tail.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def erf_gelu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    y = 0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476))
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        erf_gelu_kernel[(triton.cdiv(n, 512),)](x, out, n, BLOCK=512)
        return out
