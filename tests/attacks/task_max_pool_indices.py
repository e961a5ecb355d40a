import torch
import torch.nn.functional as F


class Model(torch.nn.Module):
    """A 2x2 max-pool and where each maximum came from (what max_unpool2d reads)."""

    def forward(self, x):
        return F.max_pool2d(x, 2, return_indices=True)


def get_inputs():
    return [torch.randn(2, 4, 16, 16)]


def get_init_inputs():
    return []
