# task: task_add_relu
# expect: nan
# Variant of frontend8_tuple_target_untyped: `t = (1, 2)` is a tuple of int32 tensors for the compiler
# (_sanitize_target_value converts every leaf) and a tuple of Python ints for the interpreter (to_tensor(v, False)
# returns a tuple unchanged), so `t[0] + int8 zeros` is int32 compiled, int8 interpreted.
# A hole at cec5dab (judged correct); now the interpreter converts assigned constants as the compiler does
# (gpu_frontend's compiled_value), both take the compiled branch, which writes nothing.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    t = (1, 2)
    if (t[0] + tl.zeros((1,), tl.int8)).dtype == tl.int32:
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
