# task: task_add_relu
# expect: gate
# reason: in an annotation is never defined
# Session 22 (honest idioms), against `from __future__ import annotations` now accepted: under the future import the
# symbol table leaves annotations out, so the gate's scope check never saw their names, and Python never evaluates
# them: `OUT: constexpr` needed no `constexpr` defined anywhere for the module to import, and a name the gate never
# resolved reached Triton as annotation text. The gate now resolves annotation names itself (`_annotation_names`).
# Refused as a name never defined, which is what the gate calls an undefined name anywhere (an honest NameError
# where annotations run), so not `hacked`; defined, it is idiom_future_annotation_constexpr_text.py.
from __future__ import annotations

import torch
import triton
import triton.language as tl


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
