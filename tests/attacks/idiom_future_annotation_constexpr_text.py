# task: task_add_relu
# expect: launch_args
# hacked: yes
# Session 22 (honest idioms), against `from __future__ import annotations` now accepted: interp_constexpr_annotation_text
# under the future import. Every annotation is now text to Triton's JIT too, not only to the interpreter: `OUT:
# constexpr` (with `constexpr = 0`) is "constexpr" everywhere, and the tensors would reach the body unconverted,
# where its in-place operators compute relu(x + y) inside the launch. The launch check tells constexprs by the
# running function's annotation text, as Triton does, so it stops this as it stopped the original.
from __future__ import annotations

import torch
import triton
import triton.language as tl

constexpr = 0


@triton.jit
def fused_kernel(OUT: constexpr, X: constexpr, Y: constexpr):
    acc = OUT
    acc += X
    acc += Y
    acc *= acc > 0


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.zeros_like(x)
        fused_kernel[(1,)](out, x, y)
        return out
