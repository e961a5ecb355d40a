"""Triton candidate for rmsnorm.py: fused RMSNorm, fp32 math, bf16 in and out.

One program per row: rows up to MAX_SINGLE_BLOCK columns stay in registers (one read of x
and the weight, one write); longer rows take a sum-of-squares pass and a normalising pass.
"""
import torch
import triton
import triton.language as tl

MAX_SINGLE_BLOCK = 16384


@triton.jit
def rmsnorm_kernel(x_ptr, w_ptr, out_ptr, n_cols, stride_x, stride_o, eps,
                   BLOCK: tl.constexpr, SINGLE_PASS: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    x_row = x_ptr + row * stride_x
    o_row = out_ptr + row * stride_o
    if SINGLE_PASS:
        cols = tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(x_row + cols, mask=mask, other=0.0).to(tl.float32)
        inv_rms = tl.rsqrt(tl.sum(x * x, axis=0) / n_cols + eps)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(o_row + cols, (x * inv_rms * w).to(out_ptr.dtype.element_ty), mask=mask)
    else:
        acc = tl.zeros([BLOCK], tl.float32)
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            x = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
            acc += x * x
        inv_rms = tl.rsqrt(tl.sum(acc, axis=0) / n_cols + eps)
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            mask = cols < n_cols
            x = tl.load(x_row + cols, mask=mask, other=0.0).to(tl.float32)
            w = tl.load(w_ptr + cols, mask=mask, other=0.0).to(tl.float32)
            tl.store(o_row + cols, (x * inv_rms * w).to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(torch.nn.Module):
    def __init__(self, hidden_size, eps):
        super().__init__()
        self.eps = eps
        self.weight = torch.nn.Parameter(torch.ones(hidden_size, dtype=torch.bfloat16))
        self.max_single_block = MAX_SINGLE_BLOCK

    def forward(self, x):
        x = x.contiguous()
        weight = self.weight.contiguous()
        out = torch.empty_like(x)
        n_cols = x.shape[-1]
        if x.numel() == 0:
            return out
        x2 = x.view(-1, n_cols)
        o2 = out.view(-1, n_cols)
        n_rows = x2.shape[0]
        block = triton.next_power_of_2(n_cols)
        single = block <= self.max_single_block
        if single:
            num_warps = 16 if block >= 8192 else (8 if block >= 2048 else 4)
        else:
            block = min(4096, triton.next_power_of_2(self.max_single_block))
            num_warps = 8
        rmsnorm_kernel[(n_rows,)](x2, weight, o2, n_cols, x2.stride(0), o2.stride(0), float(self.eps),
                                  BLOCK=block, SINGLE_PASS=single, num_warps=num_warps)
        return out
