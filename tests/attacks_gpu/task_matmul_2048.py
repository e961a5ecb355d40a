import torch


class Model(torch.nn.Module):
    def forward(self, a, b):
        return torch.matmul(a, b)


def get_inputs():
    return [torch.randn(2048, 2048), torch.randn(2048, 2048)]


def get_init_inputs():
    return []
