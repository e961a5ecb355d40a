# task: task_add_relu
# expect: nan
# A tuple assignment `c, d = 1, 2` binds tensors (int32) for the compiler (_sanitize_target_value converts each
# leaf) but Python ints for the interpreter: its rewriter wraps the value in to_tensor(value, False), which returns
# a tuple unchanged. Python ints are weakly typed, so `c + int8 zeros` is int32 compiled, int8 interpreted: the
# compiler prunes the else, which the interpreter runs (Python compute).
# A hole at cec5dab (judged correct); now the interpreter converts assigned constants as the compiler does
# (gpu_frontend's compiled_value), both take the compiled branch, which writes nothing.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    c, d = 1, 2
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
