# task: task_add_relu
# expect: correct
# Idioms the round attack9 fixes type as compiled: a ternary over a runtime condition, and/or mixing runtime values
# and constexprs, `not` of a runtime and of a constexpr value, augmented assignments of tensors and constants,
# annotated constexprs, helpers whose returns are all tensors or one constant, and tl.argmax (tl.standard's own
# `max`, not Python's).
import torch
import triton
import triton.language as tl


@triton.jit
def clamp_low(v, lo):
    if lo > 0.0:
        return tl.maximum(v, lo)
    return tl.maximum(v, 0.0)


@triton.jit
def block_count():
    return 1


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr, FLIP: tl.constexpr):
    start: tl.constexpr = 0
    offs = tl.program_id(0) * BLOCK + tl.arange(start, BLOCK)
    mask = offs < n
    acc = tl.zeros((BLOCK,), tl.float32)
    steps = 0
    for k in range(block_count()):
        acc += tl.load(x_ptr + offs, mask=mask, other=0.0)
        steps += 1
    scale = 1.0 if n > 0 else 2.0
    scale = scale if (n > 0 or FLIP) and not (n < 0 and FLIP) else 3.0
    if not FLIP:
        acc += tl.load(y_ptr + offs, mask=mask, other=0.0) * scale
    if not (n < 0):
        acc = clamp_low(acc, 0.0) * steps
    first = tl.argmax(tl.where(mask, 0.0, 1.0), 0)
    acc += first * 0
    tl.store(out_ptr + offs, acc, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64, FLIP=False)
        return out
