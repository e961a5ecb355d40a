"""Sum over the last dimension of an fp32 matrix (a row reduction). CPU-sized copy of ../row_sum.py for the Triton interpreter."""
import torch
import torch.nn as nn

BATCH = 16
DIM = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.sum(x, dim=-1)


def get_inputs():
    return [torch.randn(BATCH, DIM)]


def get_init_inputs():
    return []
