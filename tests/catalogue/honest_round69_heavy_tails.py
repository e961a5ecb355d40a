# task: task_heavy_tails
# expect: correct
# Round attack69: the honest control for tests/attacks/round69_heavy_tail_*.py: 1 / x, tan, exp and a product of
# four, each heavy-tailed over randn (their rms is set by a few large elements), computed exactly.
import torch
import triton
import triton.language as tl


@triton.jit
def heavy_tails_kernel(x_ptr, y_ptr, r_ptr, t_ptr, e_ptr, p_ptr, n, COARSE: tl.constexpr, STEP: tl.constexpr,
                       BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    results = (1.0 / x, tl.sin(x) / tl.cos(x), tl.exp(x + y), x * y * (x + y) * (x - y))
    for k in tl.static_range(4):
        v = results[k]
        if k == COARSE:  # exact where |v| >= 1, below in fixed point: steps of STEP
            v = tl.where(tl.abs(v) >= 1.0, v, tl.floor(v / STEP + 0.5) * STEP)
        tl.store((r_ptr, t_ptr, e_ptr, p_ptr)[k] + offs, v, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        outs = [torch.empty_like(x) for _ in range(4)]
        n = x.numel()
        heavy_tails_kernel[(triton.cdiv(n, 64),)](x, y, *outs, n, COARSE=-1, STEP=2.0 ** -11, BLOCK=64)
        return tuple(outs)
