# task: task_add_relu
# expect: nan
# `c: tl.int32 if 1 else tl.constexpr = 1`: the compiler tells a constexpr annotation by its value (int32 here:
# the value becomes a tensor), the interpreter's rewriter by its text (ends with "constexpr": left a Python int).
# A hole at 52f9997 (judged correct); the interpreter now decides by the annotation's value (compiled_annotated).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, one):
    c: tl.int32 if 1 else tl.constexpr = 1
    if (c + tl.zeros((1,), tl.int8)).dtype == tl.int32:
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
