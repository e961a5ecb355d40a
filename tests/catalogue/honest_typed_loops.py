# task: task_add_relu
# expect: correct
# Loops as the front end types them under the interpreter (round attack7): runtime loop variables in conditions
# and arithmetic, a negative step, tl.range with options, int64 bounds, static_range constexprs, a float argument.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, big, eps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    acc = tl.zeros((BLOCK,), tl.float32)
    for i in range(2):
        if i == 0:
            acc += tl.load(x_ptr + offs, mask=mask, other=0.0)
        else:
            acc += tl.load(y_ptr + offs, mask=mask, other=0.0)
    for j in range(1, -1, -1):
        acc = acc + 0.0 * j
    for k in tl.range(0, 3, 1, num_stages=2):
        acc = acc * (1.0 + 0.0 * k)
    for w in range(big, big + 1):
        acc = acc + (w - big).to(tl.float32)
    for s in tl.static_range(1, 3):
        acc = acc + tl.sum(tl.arange(0, 2 * s), 0).to(tl.float32) * 0.0
    acc = acc * (eps * 0.0 + 1.0)
    tl.store(out_ptr + offs, tl.maximum(acc, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, 2**33, 1e-5, BLOCK=64)
        return out
