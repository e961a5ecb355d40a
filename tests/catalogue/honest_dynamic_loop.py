# task: task_add_relu
# expect: correct
# Loops over runtime bounds (range, tl.range) and a scalar `if` on the loop variable: under the verifier the loop
# variable is a runtime scalar, as on a GPU (round attack6).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    for start in range(0, n_elements, BLOCK_SIZE):
        offs = start + tl.arange(0, BLOCK_SIZE)
        mask = offs < n_elements
        x = tl.load(x_ptr + offs, mask=mask)
        y = tl.load(y_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)
    for i in tl.range(0, tl.cdiv(n_elements, BLOCK_SIZE)):
        if i == 0:
            tl.store(out_ptr + tl.arange(0, BLOCK_SIZE), tl.load(out_ptr + tl.arange(0, BLOCK_SIZE)))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel(), BLOCK_SIZE=64)
        return out
