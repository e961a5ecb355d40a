import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0):
        v0 = torch.ops.aten.sum.dim_IntList(x0, [0], True)
        v1 = torch.ops.aten.reshape.default(v0, [384])
        return v1


def get_inputs():
    return [
        torch.randn((16, 384), dtype=torch.float32),
    ]


def get_init_inputs():
    return []
