import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1):
        v0 = torch.ops.aten.permute.default(x0, [1, 0])
        v1 = torch.ops.aten.mm.default(v0, x1)
        return v1


def get_inputs():
    return [
        torch.randn((32, 256), dtype=torch.float32),
        torch.randn((32, 64), dtype=torch.float32),
    ]


def get_init_inputs():
    return []
