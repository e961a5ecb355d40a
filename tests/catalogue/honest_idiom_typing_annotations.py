# task: task_add_relu
# expect: correct
# typing's constructors in a host function's annotations, `y: Optional[torch.Tensor] = None` (refused as `hacked`
# before: a typing name is an import outside the allowlist). Anywhere else a typing name stays refused
# (tests/attacks/idiom_typing_get_type_hints.py).
from typing import List, Optional, Tuple

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


def grid_for(n: int, block: int) -> Tuple[int]:
    return (triton.cdiv(n, block),)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor, y: Optional[torch.Tensor] = None, sizes: List[int] = None) -> torch.Tensor:
        assert y is not None
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[grid_for(n, 64)](x, y, out, n, BLOCK=64)
        return out
