# task: task_add_relu
# expect: gate
# reason: attribute `.format` in `'{}'.format` is not allowed in a @triton.jit kernel
# hacked: yes
# Session 22 (honest idioms), against `"...".format(...)` now accepted in host code: found in my own first cut, which
# let the literal's format through in kernels too. Interpreted, a kernel body is Python on the host inside the launch:
# the format turns the loaded sum into text, and `float` of that text is a Python number the kernel then stores, a
# value the compiled kernel could never hold (it would not compile). Formats are host code only.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    i = tl.program_id(0)
    total = tl.load(x_ptr + i) + tl.load(y_ptr + i)
    text = "{}".format(total)
    tl.store(out_ptr + i, tl.maximum(float(text), 0.0))


class ModelNew(nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(n,)](x, y, out, n)
        return out
