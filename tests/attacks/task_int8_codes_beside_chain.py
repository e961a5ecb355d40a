import torch
import torch.nn as nn


class Model(nn.Module):
    """Two outputs: int8 codes re-quantised through a sigmoid (5 ops), and a 26-step scale-and-shift chain on a
    float32 vector (52 ops). Round attack39: 57 ops, 2 inputs, 2 outputs: 61 parts, a forward budget of
    2,440 bits from Python."""

    def forward(self, x, y):
        q = torch.round(torch.sigmoid(x.to(torch.float32) * 0.05) * 255.0 - 128.0).to(torch.int8)
        y = y * 0.998 + 0.184
        y = y * 1.04 + 0.066
        y = y * 0.894 + 0.168
        y = y * 0.861 + -0.002
        y = y * 1.104 + 0.08
        y = y * 0.922 + -0.03
        y = y * 0.967 + -0.11
        y = y * 1.117 + -0.001
        y = y * 0.972 + -0.052
        y = y * 1.038 + 0.057
        y = y * 1.111 + -0.007
        y = y * 1.024 + -0.187
        y = y * 1.112 + 0.177
        y = y * 1.017 + 0.135
        y = y * 1.06 + 0.006
        y = y * 1.063 + -0.05
        y = y * 1.106 + 0.13
        y = y * 1.009 + 0.053
        y = y * 0.912 + 0.04
        y = y * 0.99 + -0.08
        y = y * 1.015 + 0.029
        y = y * 0.912 + -0.163
        y = y * 0.942 + -0.098
        y = y * 0.915 + 0.074
        y = y * 1.04 + 0.196
        y = y * 0.947 + -0.098
        return q, y


def get_inputs():
    return [torch.randint(-128, 128, (48, 80), dtype=torch.int8), torch.randn(64)]


def get_init_inputs():
    return []
