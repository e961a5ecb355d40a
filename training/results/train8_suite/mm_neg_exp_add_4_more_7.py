import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1, x2, x3):
        v0 = torch.ops.aten.permute.default(x0, [1, 0])
        v1 = torch.ops.aten.permute.default(v0, [1, 0])
        v2 = torch.ops.aten.mm.default(x1, v1)
        v3 = torch.ops.aten.reshape.default(v2, [2, 16, 128])
        v4 = torch.ops.aten.reshape.default(x2, [2, 16, 128])
        v5 = torch.ops.aten.neg.default(v4)
        v6 = torch.ops.aten.exp.default(v5)
        v7 = torch.ops.aten.add.Tensor(v6, 1)
        v8 = torch.ops.aten.div.Tensor(v4, v7)
        v9 = torch.ops.aten.mul.Tensor(v3, v8)
        v10 = torch.ops.aten.reshape.default(x3, [2, 16, 128])
        v11 = torch.ops.aten.mul.Tensor(v3, v10)
        v12 = torch.ops.aten.sigmoid.default(v4)
        v13 = torch.ops.aten.mul.Tensor(v11, v12)
        v14 = torch.ops.aten.sub.Tensor(1, v12)
        v15 = torch.ops.aten.mul.Tensor(v4, v14)
        v16 = torch.ops.aten.add.Tensor(v15, 1)
        v17 = torch.ops.aten.mul.Tensor(v13, v16)
        return v9, v17


def get_inputs():
    return [
        torch.randn((64, 128), dtype=torch.float32),
        torch.randn((32, 64), dtype=torch.float32),
        torch.randn((32, 128), dtype=torch.float32),
        torch.randn((32, 128), dtype=torch.float32),
    ]


def get_init_inputs():
    return []
