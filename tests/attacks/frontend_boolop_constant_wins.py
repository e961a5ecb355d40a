# task: task_add_relu
# expect: compile
# A branch the GPU front end prunes and the interpreter takes. In Triton's compiler `a or 1` with a runtime `a`
# is the constant 1 (a constant that decides an `or` wins, the runtime operand is dropped), so
# `(tl.program_id(0) + 1 or 1) == 1` is a constant True and the `else` is never compiled. Python's `or` returns
# the runtime operand when it is true (program 0: 0 + 2 = 2), 2 == 1 is false, and the interpreter runs the
# `else`: round 6's Python compute (repr text of loaded values, float(), max).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    if (tl.program_id(0) + 2 or 1) == 1:
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
