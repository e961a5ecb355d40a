import torch
import torch.nn as nn

WIDTHS = (32, 48, 64, 40, 24, 16, 8)


class Model(nn.Module):
    """An MLP of six layers of different widths, ReLU between them."""

    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(WIDTHS, WIDTHS[1:])])

    def forward(self, x):
        for index, layer in enumerate(self.layers):
            x = layer(x)
            if index < len(self.layers) - 1:
                x = torch.relu(x)
        return x


def get_inputs():
    return [torch.randn(16, 32)]


def get_init_inputs():
    return []
