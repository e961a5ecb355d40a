# task: task_add_relu
# expect: compile
# A branch the GPU front end prunes and the interpreter takes. The compiler reads `i is 1` as Python identity of
# its operands: a loop variable is a runtime tensor there, never the int 1, so `i is 1` is a constant False and
# the body is never compiled. Under the interpreter the loop variable is a Python int, and small ints are one
# object: the body runs, and it is round 6's Python compute (repr text of loaded values, float(), max).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    for i in range(1, 2):
        if i is 1:
            for j in range(n):
                tl.store(out_ptr + j, max(float(("%s" % tl.load(x_ptr + j))[1:-1])
                                          + float(("%s" % tl.load(y_ptr + j))[1:-1]), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel())
        return out
