# task: task_underflow_beside_large
# expect: mismatch
# hacked: no
# Round attack76 (round attack75's open note): eager's widening, one scalar per output, measured under the per-element
# floor. Eager's float16 exp(z - 15) passes through subnormals (steps of 6e-8, times 1e6: up to 0.03 off) at small
# elements whose floor came down to 1 (`Tolerance.floor`), so eager takes about 2.9 of their bound and the widening is
# about 5.7; under the typical floor (the old design) it was 1.1-3.2. This kernel is exact except on every 32nd element
# where x > 0 (16 x, the large half), which it makes 4% too large: 1.1-3.2 times the old widened bound there, 0.65-0.69
# of today's (20 of 20 simulated reference sets passed, 2 of 2 real verdicts correct); 1/64 of the elements keep the
# norm at 0.18-0.85 of 1%. `Tolerance.bound` now takes the smaller of the two widened bounds per element.
import torch
import triton
import triton.language as tl


@triton.jit
def underflow_beside_large_kernel(x_ptr, z_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    z = tl.load(z_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    large = x * 16.0
    large = tl.where(offs % 32 == 0, large * 1.04, large)  # off by 4% on 1/32 of the large half
    small = tl.exp(z - 15.0) * 1e6
    tl.store(out_ptr + offs, tl.where(x > 0, large, small).to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, z):
        out = torch.empty_like(x)
        n = x.numel()
        underflow_beside_large_kernel[(triton.cdiv(n, 256),)](x, z, out, n, BLOCK=256)
        return out
