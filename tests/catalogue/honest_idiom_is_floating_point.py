# task: task_add_relu
# expect: correct
# `torch.is_floating_point(x)` and `torch.is_complex(x)` in host code (round attack28 left them refused as
# `hacked`): the dtype, as x.is_floating_point() (tests/attacks/idiom_torch_is_nonzero.py stays refused).
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
    def forward(self, x, y):
        assert torch.is_floating_point(x) and torch.is_floating_point(y), "expected floating inputs"
        assert not torch.is_complex(x)
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
