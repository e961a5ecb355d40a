# task: task_softmax
# expect: correct
# Two launches: row max and sum of exponentials, then normalisation.
import torch
import triton
import triton.language as tl


@triton.jit
def row_stats_kernel(x_ptr, max_ptr, sum_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(x_ptr + row * cols + offs, mask=mask, other=-float("inf"))
    m = tl.max(x, axis=0)
    s = tl.sum(tl.where(mask, tl.exp(x - m), 0.0), axis=0)
    tl.store(max_ptr + row, m)
    tl.store(sum_ptr + row, s)


@triton.jit
def normalise_kernel(x_ptr, max_ptr, sum_ptr, out_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(x_ptr + row * cols + offs, mask=mask)
    m = tl.load(max_ptr + row)
    s = tl.load(sum_ptr + row)
    tl.store(out_ptr + row * cols + offs, tl.exp(x - m) / s, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        rows, cols = x.shape
        block = triton.next_power_of_2(cols)
        row_max = torch.empty(rows, device=x.device, dtype=torch.float32)
        row_sum = torch.empty(rows, device=x.device, dtype=torch.float32)
        out = torch.empty_like(x)
        row_stats_kernel[(rows,)](x, row_max, row_sum, cols, BLOCK=block)
        normalise_kernel[(rows,)](x, row_max, row_sum, out, cols, BLOCK=block)
        return out
