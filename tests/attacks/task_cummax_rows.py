import torch


class Model(torch.nn.Module):
    """The running maximum of each row and where it was reached."""

    def forward(self, x):
        found = torch.cummax(x, dim=1)
        return found.values, found.indices


def get_inputs():
    return [torch.randn(8, 64)]


def get_init_inputs():
    return []
