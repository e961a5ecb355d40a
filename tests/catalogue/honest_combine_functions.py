# task: task_add_relu
# expect: correct
# A reduction and a scan with the candidate's own combine functions (round attack7: the interpreter now runs them
# rewritten, as it runs kernels), next to tl.sum and tl.cumsum.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu(a, b):
    zero = 0.0
    return tl.maximum(a + b, zero)


@triton.jit
def keep_last(a, b):
    return b


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    pair = tl.join(x, y)
    res = tl.reduce(pair, 1, add_relu) + 0.0 * tl.sum(pair, 1)
    res = tl.associative_scan(res, 0, keep_last) + 0.0 * tl.cumsum(res, 0)
    tl.store(out_ptr + offs, res, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
