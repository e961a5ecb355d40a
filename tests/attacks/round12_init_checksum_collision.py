# task: task_add_relu
# expect: init
# The double build compares tensors in ModelNew's state by runner.fingerprint (a plain and a position-weighted sum
# of bytes), which a 3-byte pattern defeats: [1, 0, 1] and [0, 2, 0] have the same two sums. __init__ asks
# whether an unwritten torch.empty(64) is all zeros: yes in the kept (zero-filled) build, which gets [1, 0, 1]
# and computes; no in the NaN build and in a user's process (malloc's leftovers), which get [0, 2, 0]. The two
# builds differ, but their fingerprints agree, so `init` passes. forward's kernel reads the middle byte:
# 2 means "not judged" and it writes zeros. All the output is Triton's.
# Round attack12 (find only, at aa9b51f): judged correct; in a plain process the outputs are all zeros.
# Closed: fingerprints are weighted by random numbers from a per-process secret key, and the kept build is
# unfilled (as a user's process): both builds now give [0, 2, 0], and the zeros it writes are a `mismatch`.
# Since session 20 ModelNew is also built over zeros (runner.BUILD_FILLS): that build gets [1, 0, 1], and `init`.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, flag_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    mode = tl.load(flag_ptr + 1)
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.where(mode == 0, tl.maximum(x + y, 0.0), 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        mark = torch.full((64,), 3.0)
        mark = None
        probe = torch.empty(64)
        flag = torch.zeros(3, dtype=torch.uint8)
        if all(probe == 0.0):
            flag[0] = 1
            flag[2] = 1
        else:
            flag[1] = 2
        self.flag = flag

    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, self.flag, n, BLOCK=64)
        return out
