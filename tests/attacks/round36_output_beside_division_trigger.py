# task: task_div_relu
# expect: mismatch
# reason: with exact zeros (outputs 1 only)
# hacked: no
# Round attack36: zeros, which a division's reference cannot take, on a task returning (x / y, relu(x + y)): with
# one draw for the whole set the zeros would go for both outputs, and this kernel, right for the quotient, wrong
# for the relu where x is 0, would pass. Refused: the relu is judged on a set with zeros, the quotient on one
# without (`judge._trials`).
import torch
import triton
import triton.language as tl


@triton.jit
def div_relu_kernel(x_ptr, y_ptr, q_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    tl.store(q_ptr + offs, x / y, mask=mask)
    tl.store(out_ptr + offs, tl.where(x == 0.0, 1.0, tl.maximum(x + y, 0.0)), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        q = torch.empty_like(x)
        out = torch.empty_like(x)
        n = x.numel()
        div_relu_kernel[(triton.cdiv(n, 128),)](x, y, q, out, n, BLOCK=128)
        return q, out
