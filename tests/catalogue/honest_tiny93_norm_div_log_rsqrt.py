# task: task_norm_div_log_rsqrt
# expect: correct
# Round tiny93: the honest control for the spread's tiny magnitudes (`magnitude._tiny`, |x| down to 1e-6): a row
# LayerNorm, x / y, log |y|, rsqrt |y| and a softmax, each in float32 as a kernel writes them. Over a tiny divisor
# the quotient is 1e6 times the rest, and log and rsqrt grow; none of it may refuse this kernel.
import torch
import triton
import triton.language as tl


@triton.jit
def norm_div_log_kernel(x_ptr, y_ptr, ln_ptr, q_ptr, log_ptr, rs_ptr, sm_ptr, cols, eps,
                        BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < cols
    x = tl.load(x_ptr + row * cols + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + row * cols + offs, mask=mask, other=1.0)
    mean = tl.sum(x, axis=0) / cols
    centred = tl.where(mask, x - mean, 0.0)
    var = tl.sum(centred * centred, axis=0) / cols
    tl.store(ln_ptr + row * cols + offs, centred / tl.sqrt(var + eps), mask=mask)
    tl.store(q_ptr + row * cols + offs, x / y, mask=mask)
    tl.store(log_ptr + row * cols + offs, tl.log(tl.abs(y)), mask=mask)
    tl.store(rs_ptr + row * cols + offs, 1.0 / tl.sqrt(tl.abs(y)), mask=mask)
    scores = tl.where(mask, x * 4.0, float("-inf"))
    e = tl.exp(scores - tl.max(scores, axis=0))
    tl.store(sm_ptr + row * cols + offs, e / tl.sum(e, axis=0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        x, y = x.contiguous(), y.contiguous()
        outs = [torch.empty_like(x) for _ in range(5)]
        cols = x.shape[-1]
        norm_div_log_kernel[(x.numel() // cols,)](x, y, *outs, cols, 1e-5, BLOCK=triton.next_power_of_2(cols))
        return tuple(outs)
