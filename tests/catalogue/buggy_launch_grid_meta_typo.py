# task: task_add_relu
# expect: runtime
# Honest but buggy (session 35, feedback43): the grid callable reads `meta["BLOCK_SIZE"]`, a key the launch lacks.
# Was "KeyError (its message is withheld ...)", as if a kernel's body had raised it; now "KeyError: 'BLOCK_SIZE'".
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
        add_relu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, y, out, n, BLOCK=64)
        return out
