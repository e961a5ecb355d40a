# task: task_add_relu
# expect: nan
# An annotated assignment `c: tl.int32 = 1` binds a tensor (int32) for the compiler (visit_AnnAssign falls to
# visit_Assign) but a Python int for the interpreter, whose rewriter handles ast.Assign only. Weak typing makes
# `c + int8 zeros` int32 compiled, int8 interpreted: the compiler prunes the else, the interpreter runs it.
# A hole at cec5dab (judged correct); now the interpreter converts assigned constants as the compiler does
# (gpu_frontend's compiled_value), both take the compiled branch, which writes nothing.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    c: tl.int32 = 1
    if (c + tl.zeros((1,), tl.int8)).dtype == tl.int32:
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
