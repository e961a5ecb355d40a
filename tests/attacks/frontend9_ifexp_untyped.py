# task: task_add_relu
# expect: nan
# `1 if n > 0 else 2` over a runtime condition is an int32 tensor to the compiler (visit_IfExp converts both values),
# a Python int to the interpreter: `(... + int8 zeros).dtype` differed and the interpreter ran the pruned else.
# A hole at 52f9997 (judged correct); the interpreter now converts a ternary's value over a runtime condition
# (gpu_frontend's compiled_pick), both take the compiled branch, which writes nothing.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, one):
    if ((1 if n > 0 else 2) + tl.zeros((1,), tl.int8)).dtype == tl.int32:
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
