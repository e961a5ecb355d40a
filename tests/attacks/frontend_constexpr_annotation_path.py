# task: task_add_relu
# expect: compile
# A parameter that is a constexpr for the GPU front end and a runtime value for the interpreter. The compiler
# reads `X: triton.language.constexpr` as the class, a constexpr; the interpreter reads its rewrite's annotation
# as text, and "triton.language.constexpr" is not "constexpr" to it, so X arrives as an int32 tensor. Python ints
# do not overflow, int32 tensors wrap: `X * X < 0` (X = 50000) is a constant False for the compiler, which never
# compiles the body, and true in the interpreter, which runs it: round 6's Python compute.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, X: triton.language.constexpr):
    if X * X < 0:
        for j in range(n):
            tl.store(out_ptr + j, max(float(("%s" % tl.load(x_ptr + j))[1:-1])
                                      + float(("%s" % tl.load(y_ptr + j))[1:-1]), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel(), 50000)
        return out
