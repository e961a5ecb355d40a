import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1, x2, x3, x4, x5, x6):
        v0 = torch.ops.aten.permute.default(x0, [1, 0])
        v1 = torch.ops.aten.permute.default(v0, [1, 0])
        v2 = torch.ops.aten.mm.default(x1, v1)
        v3 = torch.ops.aten.reshape.default(v2, [2, 16, 64])
        v4 = torch.ops.aten.reshape.default(x2, [2, 16, 64])
        v5 = torch.ops.aten.add.Tensor(x3, v4)
        v6 = torch.ops.aten.mul.Tensor(v5, x4)
        v7 = torch.ops.aten.mul.Tensor(v3, v6)
        v8 = torch.ops.aten.mul.Tensor(v3, x5)
        v9 = torch.ops.aten.mul.Tensor(v8, v5)
        v10 = torch.ops.aten.mul.Tensor(v8, x4)
        v11 = torch.ops.aten.add.Tensor(x6, v10)
        v12 = torch.ops.aten.pow.Tensor_Scalar(v5, 1.0)
        v13 = torch.ops.aten.mul.Scalar(v12, 2.0)
        return v7, v9, v11, v13


def get_inputs():
    return [
        torch.randn((256, 64), dtype=torch.float32),
        torch.randn((32, 256), dtype=torch.float32),
        torch.randn((32, 64), dtype=torch.float32),
        torch.randn((2, 16, 64), dtype=torch.float32),
        torch.randn((2, 16, 1), dtype=torch.float32),
        torch.randn((64,), dtype=torch.float32),
        torch.randn((2, 16, 64), dtype=torch.float32),
    ]


def get_init_inputs():
    return []
