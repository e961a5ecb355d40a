import torch


class Model(torch.nn.Module):
    """A float32 activation: GELU (erf form)."""

    def forward(self, x):
        return torch.nn.functional.gelu(x)


def get_inputs():
    return [torch.randn(64, 96)]


def get_init_inputs():
    return []
