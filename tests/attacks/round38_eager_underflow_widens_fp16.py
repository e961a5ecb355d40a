# task: task_exp_abs_where_fp16
# expect: mismatch
# reason: error norm 1 of the reference's
# hacked: no
# Round attack38: the tolerance widens to twice what eager in the task's dtype takes of it (`comparison.tolerances`),
# without limit. In float16, exp(-|x @ w|) underflows to 0 wherever |x @ w| > 17.3 (a quarter of the elements at
# K=256), so eager's where(v > 0, v, y) returns y there while the float64 reference returns exp(-|x @ w|) > 0: eager
# is off by 2.6-3.8 times the reference's norm (synthetic_1483 of the held-out split does the same after a conv, 15%),
# the bounds grew 520-760x, and a kernel that never reads its inputs and writes zeros was judged correct on every set.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zeros_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.zeros([BLOCK], dtype=tl.float16), mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x, w, y):
        out = torch.empty(x.shape[0], w.shape[1], dtype=x.dtype, device=x.device)
        n = out.numel()
        zeros_kernel[(triton.cdiv(n, 1024),)](out, n, BLOCK=1024)
        return out
