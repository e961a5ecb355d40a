"""Elementwise tanh-approximation GELU on a large fp32 tensor (memory bound). CPU-sized copy of ../elementwise_gelu.py for the Triton interpreter."""
import torch
import torch.nn as nn

M = 67
N = 93


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.nn.functional.gelu(x, approximate="tanh")


def get_inputs():
    return [torch.randn(M, N)]


def get_init_inputs():
    return []
