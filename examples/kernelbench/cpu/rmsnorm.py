"""RMSNorm over the last dimension with a learned bf16 weight, bf16 activations. CPU-sized copy of ../rmsnorm.py for the Triton interpreter."""
import torch
import torch.nn as nn

BATCH = 8
HIDDEN = 256
EPS = 1e-6


class Model(nn.Module):
    def __init__(self, hidden_size, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(hidden_size, dtype=torch.bfloat16))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def get_inputs():
    return [torch.randn(BATCH, HIDDEN, dtype=torch.bfloat16)]


def get_init_inputs():
    return [HIDDEN, EPS]
