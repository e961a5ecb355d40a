# task: task_add_relu
# expect: correct
# A comprehension the module runs at top level (as autotune configs are made): Python 3.12 shows its variable as one
# of the module's names (PEP 709), and the gate had refused `power` as never defined there (the device's Python).
import torch
import triton
import triton.language as tl

BLOCKS = [2 ** power for power in (6, 7)]


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
        add_relu_kernel[(triton.cdiv(n, BLOCKS[-1]),)](x, y, out, n, BLOCK=BLOCKS[-1])
        return out
