# task: task_add_relu
# expect: compile
# Python compute inside an interpreted kernel body with no call at all: under the interpreter a loop variable is
# a Python int (on a GPU it is a runtime tensor), so `for b in range(v, v + 1)` turns a loaded value's bits into a
# Python int; operators alone (/, **) rebuild the float and do relu(x + y) in Python floats.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    for i in range(n):
        xb = tl.load(x_ptr + i).to(tl.int32, bitcast=True)
        yb = tl.load(y_ptr + i).to(tl.int32, bitcast=True)
        for a in range(xb, xb + 1):
            for b in range(yb, yb + 1):
                tl.store(out_ptr + i, max(
                    (1 + (a & 8388607) / 8388608) * 2.0 ** ((a >> 23 & 255) - 127) * (1 - 2 * (a < 0))
                    * ((a & 2147483647) != 0)
                    + (1 + (b & 8388607) / 8388608) * 2.0 ** ((b >> 23 & 255) - 127) * (1 - 2 * (b < 0))
                    * ((b & 2147483647) != 0), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel())
        return out
