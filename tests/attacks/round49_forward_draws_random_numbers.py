# task: task_add_relu
# expect: torch_compute
# reason: aten.randn
# Round attack49's open note: the gate allows torch.randn (weights drawn in __init__), so a forward may draw too, and
# in a user's process every call of a spliced op would move the global generator (after torch.manual_seed(0) the
# program's later draws would differ from eager's). Already refused at run time: the forward monitor counts the draw
# as PyTorch compute (aten.randn), in every checked call and in the refilled ones (zeros, then noise: REFILL_FILLS),
# which round attack47 found a candidate cannot tell from the timed calls. Kept as a regression file.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        jitter = torch.randn(1)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
