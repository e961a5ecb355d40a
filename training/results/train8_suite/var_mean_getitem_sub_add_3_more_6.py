import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1, x2):
        v0 = torch.ops.aten.var_mean.correction(x0, [2], correction=0, keepdim=True)
        v1 = v0[0]
        v2 = v0[1]
        v3 = torch.ops.aten.sub.Tensor(x0, v2)
        v4 = torch.ops.aten.add.Tensor(v1, 1e-05)
        v5 = torch.ops.aten.rsqrt.default(v4)
        v6 = torch.ops.aten.mul.Tensor(v3, v5)
        v7 = torch.ops.aten.mul.Tensor(v6, x1)
        v8 = torch.ops.aten.add.Tensor(v7, x2)
        v9 = torch.ops.prims.convert_element_type.default(v8, torch.bfloat16)
        return v9


def get_inputs():
    return [
        torch.randn((2, 16, 64), dtype=torch.float32),
        torch.randn((64,), dtype=torch.bfloat16),
        torch.randn((64,), dtype=torch.bfloat16),
    ]


def get_init_inputs():
    return []
