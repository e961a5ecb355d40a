import torch
import torch.nn as nn


class Model(nn.Module):
    """A running sum along each row: one op (round attack39: 3 parts, the forward's budget stays 1,024 bits)."""

    def forward(self, x):
        return torch.cumsum(x, dim=1)


def get_inputs():
    return [torch.randn(8, 128)]


def get_init_inputs():
    return []
