# task: task_add_relu
# expect: compile
# A block the GPU front end never compiles and the interpreter runs. Triton's compiler visits the `else` of a
# `for ... in tl.static_range(...)` once per unrolled iteration, so over `tl.static_range(0)` it never visits it;
# Python runs a loop's `else` once when the loop ends without `break`. The `else` is round 6's Python compute
# (repr text of loaded values, float(), max).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    for k in tl.static_range(0):
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
