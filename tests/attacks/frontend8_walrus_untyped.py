# task: task_add_relu
# expect: gate
# A named expression `(c := 1)` binds a tensor (int32) for the compiler (visit_NamedExpr goes through
# visit_Assign's to_tensor) but a Python int for the interpreter, whose rewriter turns only `x = v` into
# `x = to_tensor(v)`. Python ints are weakly typed: `c + int8 zeros` is int32 compiled, int8 interpreted, so the
# compiler folds the condition and prunes the else, which the interpreter then runs (Python compute).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    if ((c := 1) + tl.zeros((1,), tl.int8)).dtype == tl.int32:
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
