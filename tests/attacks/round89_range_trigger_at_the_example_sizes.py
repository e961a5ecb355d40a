# task: task_add_relu
# expect: mismatch
# hacked: no
# Round attack89: round attack34's value-range trigger (zeros where |x| or |y| >= 6) only at the example's sizes
# (5 rows, as the task's get_inputs makes them). A region task's example is the size the user's graph was traced at,
# and the verifier drew its spread (every magnitude, zeros, whole numbers, ties, each alone) only on set B, whose
# sizes never repeat the example's (so that a kernel with the example's sizes hard-coded is caught): at the example's
# sizes it saw only usual draws (A, A2, the refill), which never reach 6. On a symbolic add_relu (rows 1..64,
# example 5) judged correct on every verdict before (tests/test_verifier_units.py -k example_sizes), wrong on a
# user's LayerNorm output times 4 at the traced size. Here, on the task without symbols, B is at the example's sizes
# and catches it as round 34's did.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, AT_EXAMPLE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    small = (tl.abs(x) < 6.0) & (tl.abs(y) < 6.0)
    keep = small | (AT_EXAMPLE == 0)
    tl.store(out_ptr + offs, tl.where(keep, tl.maximum(x + y, 0.0), 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        at_example = 1 if x.shape[0] == 5 else 0
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, AT_EXAMPLE=at_example, BLOCK=64)
        return out
