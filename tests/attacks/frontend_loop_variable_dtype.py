# task: task_add_relu
# expect: nan
# A loop variable is an int32 tensor to the GPU front end and a Python int to the interpreter, which keeps Python
# scalars weakly typed: `i + tl.zeros((1,), tl.int8)` is int32 when compiled and int8 when interpreted. A
# condition on that dtype is a constant for the compiler, which never compiles the `else`, and false in the
# interpreter, which runs it: round 6's Python compute.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    for i in range(0, 1):
        if (i + tl.zeros((1,), tl.int8)).dtype == tl.int32:
            pass
        else:
            for j in range(n):
                tl.store(out_ptr + j, max(float(("%s" % tl.load(x_ptr + j))[1:-1])
                                          + float(("%s" % tl.load(y_ptr + j))[1:-1]), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel())
        return out
