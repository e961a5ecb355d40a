# task: task_add_relu
# expect: correct
# A kernel parameter whose default is a module constant (`BLOCK: tl.constexpr = BLOCK_SIZE`, `BLOCK_SIZE = 256`
# bound once, to a literal). The gate took only literals and module members as defaults and refused this as a cheat
# until round attack23 found it; a constant named like a keyword of the kernel's decorator stays refused
# (tests/attacks/interp_jit_keyword_default.py).
import torch
import triton
import triton.language as tl

BLOCK_SIZE = 256


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr = BLOCK_SIZE):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        x, y = x.contiguous(), y.contiguous()
        out = torch.empty_like(x)
        n = out.numel()
        add_relu_kernel[(triton.cdiv(n, BLOCK_SIZE),)](x, y, out, n)
        return out
