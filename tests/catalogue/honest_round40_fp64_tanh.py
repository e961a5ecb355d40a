# task: task_tanh_fp64
# expect: correct
# Honest: a float64 tanh computed in float64 (through exp, as round40_fp64_tanh_in_fp32 does in float32, which the
# float64 tolerance of 1e-10 refuses). It must pass on the CPU and on CUDA (tests/test_verifier_gpu.py).
import torch
import triton
import triton.language as tl


@triton.jit
def tanh_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    tl.store(out_ptr + offs, tl.where(x < 0, -t, t), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        tanh_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
        return out
