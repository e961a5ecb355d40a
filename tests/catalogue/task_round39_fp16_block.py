import torch
import torch.nn as nn


class Model(nn.Module):
    """A float16 block of sixteen statements: gating, scale-and-shift steps, a row normalisation and a residual
    (36 ops: round attack39's long half-precision task)."""

    def forward(self, x, w, b):
        h = x * w + b
        h = torch.sigmoid(h) * h
        h = h * 1.25 + -0.5
        h = torch.tanh(h)
        h = h * 0.75 + 0.125
        h = h - torch.mean(h, dim=-1, keepdim=True)
        h = h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + 1e-5)
        h = h * w + b
        h = torch.relu(h) + torch.sin(h) * 0.25
        h = h * 0.9 + -0.05
        h = torch.exp(h * -0.5)
        h = h * 1.1 + 0.2
        h = torch.sigmoid(h) * 2.0 + -1.0
        h = h * 0.8 + x
        h = torch.abs(h) + 0.01
        h = torch.log(h) * 0.5
        return h


def get_inputs():
    return [torch.randn(16, 64, dtype=torch.float16), torch.randn(64, dtype=torch.float16),
            torch.randn(64, dtype=torch.float16)]


def get_init_inputs():
    return []
