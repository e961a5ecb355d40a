# task: task_add_relu
# expect: compile
# Python compute inside an interpreted kernel body, no torch op for KernelBodyWatch to see and no text: the
# interpreter gives tl.tensor an __index__, so int() of a loaded float's bits (tl.cast bitcast) is a Python int;
# math.ldexp rebuilds the float in Python and Python does relu(x + y). float() and math.* are allowed in kernel
# bodies for constexpr arithmetic (float("-inf"), math.log2(BLOCK)); on a runtime value a GPU compile refuses them.
import math

import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    for i in range(n):
        tl.store(out_ptr + i, max(
            math.ldexp(float(int(tl.load(x_ptr + i).to(tl.int32, bitcast=True)) & 8388607 | 8388608),
                       (int(tl.load(x_ptr + i).to(tl.int32, bitcast=True)) >> 23 & 255) - 150)
            * (1 - 2 * (int(tl.load(x_ptr + i).to(tl.int32, bitcast=True)) < 0))
            + math.ldexp(float(int(tl.load(y_ptr + i).to(tl.int32, bitcast=True)) & 8388607 | 8388608),
                         (int(tl.load(y_ptr + i).to(tl.int32, bitcast=True)) >> 23 & 255) - 150)
            * (1 - 2 * (int(tl.load(y_ptr + i).to(tl.int32, bitcast=True)) < 0)), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel())
        return out
