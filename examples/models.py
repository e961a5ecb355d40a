"""Example models for autotriton. Each `build_*` is a factory for `autotriton tasks|warmup`:
it returns (model, example_inputs), GPU-sized in bf16 on a GPU and tiny in fp32 on a CPU."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from quickstart import MLP


class RMSNorm(torch.nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.eps = eps
        self.weight = torch.nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class SwiGLU(torch.nn.Module):
    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__()
        self.gate = torch.nn.Linear(dim, hidden, bias=False)
        self.up = torch.nn.Linear(dim, hidden, bias=False)
        self.down = torch.nn.Linear(hidden, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(F.silu(self.gate(x)) * self.up(x))


class TransformerBlock(torch.nn.Module):
    def __init__(self, dim: int, heads: int) -> None:
        super().__init__()
        self.heads = heads
        self.attn_norm, self.mlp_norm = RMSNorm(dim), RMSNorm(dim)
        self.qkv = torch.nn.Linear(dim, 3 * dim, bias=False)
        self.proj = torch.nn.Linear(dim, dim, bias=False)
        self.mlp = SwiGLU(dim, 4 * dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.qkv(self.attn_norm(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        attn = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(attn)
        return x + self.mlp(self.mlp_norm(x))


class ConvBlock(torch.nn.Module):
    def __init__(self, channels: int) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(channels, channels, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.bn(self.conv(x)))


def _setup() -> tuple[str, torch.dtype, bool]:
    torch.manual_seed(0)
    gpu = torch.cuda.is_available()
    return ("cuda", torch.bfloat16, True) if gpu else ("cpu", torch.float32, False)


def build_mlp():
    device, dtype, big = _setup()
    width, tokens = (2048, 8192) if big else (32, 8)
    return MLP(width).to(device, dtype).eval(), [torch.randn(tokens, width, device=device, dtype=dtype)]


def build_transformer():
    device, dtype, big = _setup()
    dim, heads, batch, seq = (1024, 16, 4, 1024) if big else (32, 4, 2, 8)
    return TransformerBlock(dim, heads).to(device, dtype).eval(), [torch.randn(batch, seq, dim, device=device, dtype=dtype)]


def build_conv():
    device, dtype, big = _setup()
    channels, batch, size = (128, 32, 56) if big else (4, 2, 8)
    return ConvBlock(channels).to(device, dtype).eval(), [torch.randn(batch, channels, size, size, device=device, dtype=dtype)]


FACTORIES = {"mlp": build_mlp, "transformer": build_transformer, "conv": build_conv}
