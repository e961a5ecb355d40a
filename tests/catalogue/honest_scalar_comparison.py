# task: task_add_relu
# expect: correct
# A comparison of a float argument combined with a block's mask: `(s < 0) & (odd == 1.0)`. Compiled, the scalar
# comparison is int1 and broadcasts as int1; the interpreter, typed as compiled, once kept the comparison's
# operand type (fp32) in its handle, broadcast it as floats and failed `bitwise_and` (the direct teacher's pow).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, odd, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    s = tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask)
    clipped = (s < 0) & (odd % 2.0 == 1.0)
    positive = (odd > 0.0) | (s > 0)
    tl.store(out_ptr + offs, tl.where(clipped | ~positive, 0.0, s), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, 3.0, BLOCK=64)
        return out
