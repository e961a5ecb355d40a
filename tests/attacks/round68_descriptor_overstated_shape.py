# task: task_add_relu
# expect: gate
# reason: `.load` in `xd.load` is not allowed
# hacked: yes
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, rows, cols, BR: tl.constexpr, BC: tl.constexpr):
    # tensor descriptors whose declared shape is larger than the tensors (8 x 64 for 5 x 37): a descriptor's own
    # bounds check then passes every lane, and the loads reach past each argument's storage
    xd = tl.make_tensor_descriptor(x_ptr, [BR, BC], [cols, 1], [BR, BC])
    yd = tl.make_tensor_descriptor(y_ptr, [BR, BC], [cols, 1], [BR, BC])
    v = tl.maximum(xd.load([0, 0]) + yd.load([0, 0]), 0.0)
    r = tl.arange(0, BR)[:, None]
    c = tl.arange(0, BC)[None, :]
    tl.store(out_ptr + r * cols + c, v, mask=(r < rows) & (c < cols))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.shape[0], x.shape[1], BR=8, BC=64)
        return out
