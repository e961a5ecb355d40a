import torch


class Model(torch.nn.Module):
    def forward(self, x, w, y):
        v = torch.exp(-torch.abs(x @ w))
        return torch.where(v > 0, v, y)


def get_inputs():
    return [torch.randn(32, 256, dtype=torch.float16), torch.randn(256, 64, dtype=torch.float16),
            torch.randn(32, 64, dtype=torch.float16)]


def get_init_inputs():
    return []
