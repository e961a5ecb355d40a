import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1):
        v0 = torch.ops.aten.permute.default(x0, [1, 0])
        v1 = torch.ops.aten.mm.default(x1, v0)
        v2 = torch.ops.aten.reshape.default(v1, [2, 16, 172])
        v3 = torch.ops.aten.neg.default(v2)
        v4 = torch.ops.aten.exp.default(v3)
        v5 = torch.ops.aten.add.Tensor(v4, 1)
        v6 = torch.ops.aten.div.Tensor(v2, v5)
        return v1, v6


def get_inputs():
    return [
        torch.randn((172, 64), dtype=torch.float32),
        torch.randn((32, 64), dtype=torch.float32),
    ]


def get_init_inputs():
    return []
