# task: task_add_relu
# expect: correct
# Idioms the GPU front end must keep accepting (round attack7): autotune and heuristics, `is not None` with a None
# argument, and/or over runtime and constexpr values deciding conditions, and/or of constexprs as values, not,
# a ternary, static_range, a helper, int64, float, bool and dtype arguments, a module constexpr.
import torch
import triton
import triton.language as tl

SCALE = tl.constexpr(1.0)


@triton.jit
def _relu(v, USE_MAX: tl.constexpr):
    if USE_MAX and v.dtype == tl.float32:
        return tl.maximum(v, 0.0)
    else:
        return tl.where(v > 0, v, 0.0)


@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=2)],
                 key=["n"])
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, bias_ptr, n, big, alpha, flag, OUT_DTYPE: tl.constexpr,
                    BLOCK: tl.constexpr, EVEN: tl.constexpr, HAS_BIAS: tl.constexpr = False):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.load(y_ptr + offs, mask=mask, other=0.0)
    acc = x + y
    if bias_ptr is not None and HAS_BIAS:
        acc += tl.load(bias_ptr + offs, mask=mask)
    both = HAS_BIAS or EVEN
    if pid >= 0 and (flag or not both):
        acc = acc * alpha
    if not (pid < 0 or big < 0):
        acc = acc + 0.0
    for k in tl.static_range(2):
        acc = acc + 0.0 * k
    acc = acc * tl.exp(acc * 0.0) * SCALE
    res = _relu(acc, True)
    res = res if pid >= 0 or EVEN else res
    tl.store(out_ptr + offs, res.to(OUT_DTYPE), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
        add_relu_kernel[grid](x, y, out, None, n, 2**40, 1.0, True, tl.float32)
        return out
