# task: task_add_relu
# expect: compile
# A @jit helper returns 1 or 2 over a runtime condition. The compiler makes both returns int32 tensors (their common
# type), the interpreter returns a Python int, weakly typed, so `pick(n) + int8 zeros` is int32 compiled, int8
# interpreted: the compiler prunes the else, which the interpreter runs (Python compute).
# A hole at 52f9997 (judged correct); the compile now refuses a helper whose constant return would be made a tensor
# (gpu_frontend's `cast_to` in `_interpreter_agrees`).
import torch
import triton
import triton.language as tl


@triton.jit
def pick(c):
    if c > 0:
        return 1
    else:
        return 2


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    if (pick(n) + tl.zeros((1,), tl.int8)).dtype == tl.int32:
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
