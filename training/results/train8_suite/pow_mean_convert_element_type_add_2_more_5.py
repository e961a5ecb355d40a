import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1, x2):
        v0 = torch.ops.aten.pow.Tensor_Scalar(x0, 2)
        v1 = torch.ops.aten.mean.dim(v0, [-1], True)
        v2 = torch.ops.prims.convert_element_type.default(x1, torch.float32)
        v3 = torch.ops.aten.add.Tensor(v1, v2)
        v4 = torch.ops.aten.rsqrt.default(v3)
        v5 = torch.ops.aten.mul.Tensor(x0, v4)
        v6 = torch.ops.aten.mul.Tensor(v5, x2)
        return v6


def get_inputs():
    return [
        torch.randn((2, 12, 64), dtype=torch.float32),
        torch.empty((), dtype=torch.float64).uniform_(0.5, 2.0),
        torch.randn((64,), dtype=torch.float32),
    ]


def get_init_inputs():
    return []
