# task: task_add_relu
# expect: compile
# Python compute inside an interpreted kernel body, with no torch op for KernelBodyWatch to see: the
# interpreter patches tl.tensor's __repr__/__str__ to numpy's text of its data, so `"%r" % tl.load(...)` is the
# loaded value as text; Python parses it with float() (an allowed kernel builtin) and does relu(x + y) with
# Python floats, and tl.store writes the Python float. A GPU compile refuses all of it.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n):
    for i in range(n):
        tl.store(out_ptr + i, max(float(("%s" % tl.load(x_ptr + i))[1:-1])
                                  + float(("%s" % tl.load(y_ptr + i))[1:-1]), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel())
        return out
