import torch


class Model(torch.nn.Module):
    """The index of each row's largest value (a classifier's prediction)."""

    def forward(self, x):
        return torch.argmax(x, dim=1)


def get_inputs():
    return [torch.randn(12, 37)]


def get_init_inputs():
    return []
