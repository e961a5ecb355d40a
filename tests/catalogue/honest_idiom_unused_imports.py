# task: task_add_relu
# expect: correct
# Imports models write by habit and never use (round attack25 left them refused as `hacked`): the functional
# module and typing names. Using either stays refused (tests/attacks/idiom_unused_import_used.py).
import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl
from typing import List, Optional, Tuple


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
