import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1, x2):
        v0 = torch.ops.aten.reshape.default(x0, [32, 64])
        v1 = torch.ops.aten.permute.default(x1, [1, 0])
        v2 = torch.ops.aten.addmm.default(x2, v0, v1)
        v3 = torch.ops.aten.reshape.default(v2, [2, 16, 192])
        v4 = torch.ops.aten.reshape.default(v3, [2, 16, 3, 4, 16])
        v5 = torch.ops.aten.permute.default(v4, [2, 0, 3, 1, 4])
        v6 = torch.ops.aten.select.int(v5, 0, 0)
        v7 = torch.ops.aten.expand.default(v6, [2, 4, 16, 16])
        v8 = torch.ops.aten.clone.default(v7, memory_format=torch.contiguous_format)
        v9 = torch.ops.aten.select.int(v5, 0, 1)
        v10 = torch.ops.aten.permute.default(v9, [0, 1, 3, 2])
        v11 = torch.ops.aten.expand.default(v10, [2, 4, 16, 16])
        v12 = torch.ops.aten.clone.default(v11, memory_format=torch.contiguous_format)
        v13 = torch.ops.aten.select.int(v5, 0, 2)
        v14 = torch.ops.aten.expand.default(v13, [2, 4, 16, 16])
        v15 = torch.ops.aten.clone.default(v14, memory_format=torch.contiguous_format)
        return v8, v12, v15


def get_inputs():
    return [
        torch.randn((2, 16, 64), dtype=torch.float32),
        torch.randn((192, 64), dtype=torch.float32),
        torch.randn((192,), dtype=torch.float32),
    ]


def get_init_inputs():
    return []
