# task: task_add_relu
# expect: nan
# `max(a, b)` of tensors is tl.maximum to the GPU front end (the promoted dtype: fp32 for fp32 and fp16 blocks)
# and Python's max to the interpreter, which returns one operand, chosen by a tensor's truth (always true for a
# block): fp16 here. A condition on that dtype is a constant for the compiler, which never compiles the `else`,
# and false in the interpreter, which runs it: round 6's Python compute. Now the interpreter's max of tensors is
# tl.maximum too, both take the compiled branch, and that one writes nothing.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    if max(tl.zeros((2,), tl.float32), tl.zeros((2,), tl.float16)).dtype == tl.float32:
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
