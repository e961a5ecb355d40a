# task: task_add_relu
# expect: compile
# A bare `c: tl.constexpr` makes the compiler keep the next `c = 1` a constexpr (pending_annotations), weakly
# typed, while the interpreter converted it to an int32 tensor: `(c + int8 zeros).dtype == tl.int8` held only for
# the compiler, and the interpreter ran the pruned else.
# A hole at 52f9997 (judged correct); the compile now refuses bare annotations in a kernel.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, one):
    c: tl.constexpr
    c = 1
    if (c + tl.zeros((1,), tl.int8)).dtype == tl.int8:
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
