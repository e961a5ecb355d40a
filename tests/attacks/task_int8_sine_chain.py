import torch
import torch.nn as nn


class Model(nn.Module):
    """An int8 activation pipeline: dequantise, 12 residual sine steps, requantise to int8 (64 ops; round attack39:
    with its input and output 66 parts, a forward budget of 2,640 bits from Python)."""

    def forward(self, x):
        y = x.to(torch.float32) * 0.02
        y = torch.sin(y * 0.968 + -0.115) * 0.139 + y
        y = torch.sin(y * 1.116 + 0.063) * 0.229 + y
        y = torch.sin(y * 1.004 + -0.144) * 0.136 + y
        y = torch.sin(y * 1.452 + -0.206) * 0.277 + y
        y = torch.sin(y * 0.859 + -0.491) * 0.185 + y
        y = torch.sin(y * 1.138 + 0.252) * 0.273 + y
        y = torch.sin(y * 1.211 + -0.2) * 0.243 + y
        y = torch.sin(y * 1.168 + -0.243) * 0.164 + y
        y = torch.sin(y * 0.8 + 0.209) * 0.109 + y
        y = torch.sin(y * 0.95 + 0.12) * 0.224 + y
        y = torch.sin(y * 1.295 + 0.134) * 0.26 + y
        y = torch.sin(y * 1.556 + 0.468) * 0.177 + y
        return torch.clamp(torch.round(y * 40.0), -128, 127).to(torch.int8)


def get_inputs():
    return [torch.randint(-128, 128, (48, 80), dtype=torch.int8)]


def get_init_inputs():
    return []
