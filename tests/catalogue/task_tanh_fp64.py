import torch


class Model(torch.nn.Module):
    """A float64 activation (a scientific model kept in double precision)."""

    def forward(self, x):
        return torch.tanh(x)


def get_inputs():
    return [torch.randn(64, 256, dtype=torch.float64)]


def get_init_inputs():
    return []
