# task: task_add_relu
# expect: runtime
# A 400 MB error message with only allowlisted syntax: the exception text travels to the verdict's
# feedback (which the agent shows the model) unless something caps it.
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


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
        raise ValueError("autotriton-attack-flood " * 16_000_000)
