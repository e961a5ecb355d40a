# task: task_add_relu
# expect: nan
# `C += 0` on a constexpr parameter: the compiler rewrites it as `C = C + 0` and makes the value a tensor (int32),
# the interpreter's rewriter left augmented assignments alone, so C stayed a weakly typed Python int.
# A hole at 52f9997 (judged correct); the interpreter now converts augmented assignments as assignments
# (gpu_frontend's visit_AugAssign), both take the compiled branch, which writes nothing.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, C: tl.constexpr):
    C += 0
    if (C + tl.zeros((1,), tl.int8)).dtype == tl.int32:
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
