# task: task_scale_rows
# expect: gate
# behind the gate: mismatch
# Keeps a private copy of the initial weights and never reads the module's parameters.
import torch
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, w_ptr, b_ptr, out_ptr, n, cols, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    col = offs % cols
    x = tl.load(x_ptr + offs, mask=mask)
    w = tl.load(w_ptr + col, mask=mask)
    b = tl.load(b_ptr + col, mask=mask)
    tl.store(out_ptr + offs, x * w + b, mask=mask)


class ModelNew(torch.nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.empty(features))
        self.bias = torch.nn.Parameter(torch.empty(features))
        torch.manual_seed(0)
        self.frozen_weight = torch.randn(features)
        self.frozen_bias = torch.randn(features)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        scale_kernel[(triton.cdiv(n, 128),)](x, self.frozen_weight, self.frozen_bias, out, n, x.shape[-1], BLOCK=128)
        return out
