# task: task_add_relu
# expect: gate
# _interpret_as_compiled types a loop variable as the compiler's induction type unless the loop's callee text ends
# with "static_range". `my_static_range: tl.constexpr = range` is Python's range to the compiler (a runtime loop,
# an int32 induction variable) but its text passes as a static range, so the interpreter's loop variable stays a
# weakly typed Python int: `i + int8 zeros` is int32 compiled, int8 interpreted, and the pruned else runs.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    my_static_range: tl.constexpr = range
    for i in my_static_range(0, 1):
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
