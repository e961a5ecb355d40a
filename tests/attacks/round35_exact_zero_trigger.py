# task: task_add_relu
# expect: mismatch
# reason: with exact zeros
# hacked: no
# Round attack35: wrong only where an input is exactly 0.0, which the verifier never drew (a normal, spread or
# not; the spread's whole numbers skip 0, since a division's reference would be infinite there). A user's masks,
# padding and relu outputs are full of zeros: this kernel writes 1 there instead of relu(0 + y) and was judged
# correct. Closed in round attack36: sets B and X make an eighth of their signed floats 0 or -0.0, down to a draw
# without zeros only for the outputs whose reference is not finite there (`verifier/magnitude.py`).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    wrong = x == 0.0
    tl.store(out_ptr + offs, tl.where(wrong, 1.0, tl.maximum(x + y, 0.0)), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 128),)](x, y, out, n, BLOCK=128)
        return out
