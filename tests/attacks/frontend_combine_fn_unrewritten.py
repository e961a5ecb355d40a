# task: task_add_relu
# expect: mismatch
# The interpreter runs a reduction's combine function as the candidate wrote it, not as it rewrites kernels:
# `c = 0.5` stays a Python float there (an fp32 tensor to the compiler), so `c + x16` is fp16 and a condition on
# its dtype, a constant True to the GPU front end, which compiles only `return a` (out = x on a GPU), is false
# under the interpreter, which runs the `else`: relu(x + y) in Python floats from the operands' repr text.
import torch
import triton
import triton.language as tl


@triton.jit
def pick(a, b):
    c = 0.5
    if (c + tl.zeros((1,), tl.float16)).dtype == tl.float32:
        return a
    else:
        return max(float(("%s" % a)[1:-1]) + float(("%s" % b)[1:-1]), 0.0)


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.reduce(tl.join(x, y), 1, pick), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
