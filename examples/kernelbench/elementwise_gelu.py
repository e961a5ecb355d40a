"""Elementwise tanh-approximation GELU on a large fp32 tensor (memory bound)."""
import torch
import torch.nn as nn

M = 8192
N = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.nn.functional.gelu(x, approximate="tanh")


def get_inputs():
    return [torch.randn(M, N)]


def get_init_inputs():
    return []
