# task: task_add_relu
# expect: correct
# Tuple and annotated assignments of constants, which the interpreter now types as the compiler does (round
# attack8). A shape must stay a literal or constexpr: `shape = (BLOCK, 1)` makes tensors, and a GPU compile refuses it.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    scale: tl.float32 = 1.0
    lo, hi = 0.0, 1.0e30
    x = tl.reshape(tl.load(x_ptr + offs, mask=mask), (BLOCK, 1))
    y = tl.reshape(tl.load(y_ptr + offs, mask=mask), (BLOCK, 1)) * scale
    z = tl.reshape(tl.minimum(tl.maximum(x + y, lo), hi), (BLOCK,))
    tl.store(out_ptr + offs, z, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
