"""Triton candidate for row_sum.py: sum over the last dimension, fp32 accumulation.

Each program reduces ROWS rows: it streams them in [ROWS, BLOCK] tiles into a register
accumulator and does one tree reduction at the end, so the input is read exactly once.
"""
import torch
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_rows, n_cols, stride_x,
                   ROWS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid.to(tl.int64) * ROWS + tl.arange(0, ROWS)
    row_mask = rows < n_rows
    base = x_ptr + rows[:, None] * stride_x
    acc = tl.zeros([ROWS, BLOCK], tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = row_mask[:, None] & (cols[None, :] < n_cols)
        acc += tl.load(base + cols[None, :], mask=mask, other=0.0).to(tl.float32)
    total = tl.sum(acc, axis=1)
    tl.store(out_ptr + rows, total.to(out_ptr.dtype.element_ty), mask=row_mask)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_cols = x.shape[-1]
        out = torch.empty(x.shape[:-1], dtype=x.dtype, device=x.device)
        n_rows = out.numel()
        if n_rows == 0:
            return out
        x2 = x.view(n_rows, n_cols)
        block = min(4096, max(16, triton.next_power_of_2(n_cols)))
        rows = max(1, min(8, 4096 // block))  # short rows: several rows per program
        grid = (triton.cdiv(n_rows, rows),)
        row_sum_kernel[grid](x2, out, n_rows, n_cols, x2.stride(0), ROWS=rows, BLOCK=block, num_warps=8)
        return out
