# task: task_add_relu
# expect: nan
# `not (n > 0)` is an int1 tensor to the compiler (tl.tensor.__not__) and a Python bool to the interpreter, so
# `(not (n > 0)) + 100 + int8 zeros` is int32 compiled, int8 interpreted, and the interpreter ran the pruned else.
# A hole at 52f9997 (judged correct); the interpreter's `not` of a tensor is now the compiler's (compiled_not).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, one):
    if ((not (n > 0)) + 100 + tl.zeros((1,), tl.int8)).dtype == tl.int32:
        pass
    else:
        for j in range(n):
            tl.store(out_ptr + j, max(float(("%s" % tl.load(x_ptr + j))[1:-1])
                                      + float(("%s" % tl.load(y_ptr + j))[1:-1]), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel(), 1)
        return out
