# task: task_add_relu
# expect: init
# reason: never written
# The verifier fills what a candidate allocates while it loads (NaN, so that no earlier candidate's memory can be
# read); a real process does not. __init__ reads an unwritten torch.empty into a plain Python flag (no kernel
# needed): NaN means "judged" and forward computes, anything else and it returns zeros. Refused: the two builds
# of ModelNew (NaN fill, zero fill) disagree on the flag.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, JUDGED: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    result = tl.maximum(x + y, 0.0) if JUDGED else x * 0.0
    tl.store(out_ptr + offs, result, mask=mask)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        first = float(torch.empty(64)[0])
        self.judged = first != first  # NaN

    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, JUDGED=self.judged, BLOCK=64)
        return out
