import torch


class Model(torch.nn.Module):
    """Each row's four largest values and their columns: an index output whose order among equal values torch
    leaves free (round honest83)."""

    def forward(self, x):
        values, indices = torch.topk(x, 4, dim=1)
        return values, indices


def get_inputs():
    return [torch.randn(6, 37)]


def get_init_inputs():
    return []
