# task: task_topk_rows
# expect: correct
# Honest (round honest83): each element's rank in its row is the count of elements ahead of it, larger or equal and
# further right, so among equal values the later column comes first; each element of rank under 4 is stored at its
# rank. torch.topk documents no order among ties and its CPU kernel picks another, so the spread sets' ties
# (`magnitude._tied`) refused this on every spread set until the judge compared what the indices select.
import torch
import triton
import triton.language as tl


@triton.jit
def topk_kernel(x_ptr, values_ptr, indices_ptr, cols, K: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    inside = offs < cols
    x = tl.load(x_ptr + row * cols + offs, mask=inside, other=0.0)
    mine, theirs = x[:, None], x[None, :]
    ahead = (theirs > mine) | ((theirs == mine) & (offs[None, :] > offs[:, None]))
    rank = tl.sum((ahead & (offs[None, :] < cols)).to(tl.int32), axis=1)
    kept = inside & (rank < K)
    tl.store(values_ptr + row * K + rank, x, mask=kept)
    tl.store(indices_ptr + row * K + rank, offs.to(tl.int64), mask=kept)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        values = torch.empty((rows, 4), device=x.device, dtype=x.dtype)
        indices = torch.empty((rows, 4), device=x.device, dtype=torch.int64)
        topk_kernel[(rows,)](x, values, indices, cols, K=4, BLOCK=triton.next_power_of_2(cols))
        return values, indices
