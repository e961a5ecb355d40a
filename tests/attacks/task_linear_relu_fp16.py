import torch


class Model(torch.nn.Module):
    def forward(self, x, w, b):
        return torch.relu(torch.nn.functional.linear(x, w, b))


def get_inputs():
    return [torch.randn(8, 64, dtype=torch.float16), torch.randn(64, 64, dtype=torch.float16),
            torch.randn(64, dtype=torch.float16)]


def get_init_inputs():
    return []
