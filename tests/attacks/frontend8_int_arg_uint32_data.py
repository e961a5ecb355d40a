# task: task_add_relu
# expect: nan
# An int argument in [2**31, 2**32) is typed i64 by both, but the interpreter stores it in a numpy uint32, so
# arithmetic on it wraps at 32 bits there and not on a GPU: `k + 1` is 0 interpreted, 2**32 compiled. Both
# branches compile; the interpreter takes the working one, a GPU the empty one (output never written).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, k, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    if k + 1 == 0:
        tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), 0.0),
                 mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel(), 2**32 - 1, BLOCK=triton.next_power_of_2(x.numel()))
        return out
