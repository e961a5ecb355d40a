"""A zoo of small model architectures, written here, whose regions become training tasks.

Each entry builds `(model, example_inputs)` on a device. Sizes are small (a region's kernel is
learned from its structure, and the verifier re-checks at other sizes where dims are symbolic);
the mix covers what users compile: MLPs, transformer blocks (LayerNorm and RMSNorm; GELU, SiLU,
SwiGLU), attention, conv nets (BatchNorm, GroupNorm), embeddings and losses.
"""
from __future__ import annotations

import math
from collections.abc import Callable

import torch
import torch.nn as nn
import torch.nn.functional as F

Builder = Callable[[str], tuple[nn.Module, list[torch.Tensor]]]


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6) -> None:
        super().__init__()
        self.eps, self.weight = eps, nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class SwiGLU(nn.Module):
    def __init__(self, dim: int, hidden: int) -> None:
        super().__init__()
        self.gate, self.up, self.down = nn.Linear(dim, hidden, bias=False), nn.Linear(dim, hidden, bias=False), nn.Linear(hidden, dim, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Attention(nn.Module):
    def __init__(self, dim: int, heads: int, causal: bool = False, fused: bool = False) -> None:
        super().__init__()
        self.heads, self.causal, self.fused = heads, causal, fused
        self.qkv, self.out = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        if self.fused:
            y = F.scaled_dot_product_attention(q, k, v, is_causal=self.causal)
        else:
            scores = q @ k.transpose(-2, -1) / math.sqrt(d // self.heads)
            if self.causal:
                scores = scores.masked_fill(torch.ones(t, t, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            y = scores.softmax(-1) @ v
        return self.out(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    """A pre-norm transformer block; `norm` and `mlp` pick the variant."""

    def __init__(self, dim: int, heads: int, norm: str = "layer", mlp: str = "gelu", causal: bool = False,
                 fused: bool = False) -> None:
        super().__init__()
        make_norm = (lambda: nn.LayerNorm(dim)) if norm == "layer" else (lambda: RMSNorm(dim))
        self.norm1, self.norm2 = make_norm(), make_norm()
        self.attn = Attention(dim, heads, causal, fused)
        if mlp == "swiglu":
            self.mlp: nn.Module = SwiGLU(dim, 2 * dim)
        else:
            self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU() if mlp == "gelu" else nn.SiLU(), nn.Linear(4 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class TinyLM(nn.Module):
    def __init__(self, vocab: int, dim: int, heads: int, layers: int, norm: str, mlp: str) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim, heads, norm, mlp, causal=True) for _ in range(layers))
        self.norm = nn.LayerNorm(dim) if norm == "layer" else RMSNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x))


class WithLoss(nn.Module):
    """A model and its loss, so the loss and its backward are regions too."""

    def __init__(self, model: nn.Module, loss: str) -> None:
        super().__init__()
        self.model, self.loss = model, loss

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        out = self.model(x)
        if self.loss == "cross_entropy":
            return F.cross_entropy(out.flatten(0, -2), target.flatten())
        if self.loss == "mse":
            return F.mse_loss(out, target)
        if self.loss == "bce":
            return F.binary_cross_entropy_with_logits(out, target)
        if self.loss == "smooth_l1":
            return F.smooth_l1_loss(out, target)
        raise ValueError(f"unknown loss {self.loss}")


class ConvNet(nn.Module):
    def __init__(self, channels: int, norm: str, act: str, classes: int = 10) -> None:
        super().__init__()
        def norm_layer(c: int) -> nn.Module:
            return nn.BatchNorm2d(c) if norm == "batch" else nn.GroupNorm(4, c)
        activation = {"relu": nn.ReLU, "silu": nn.SiLU, "gelu": nn.GELU}[act]
        self.features = nn.Sequential(
            nn.Conv2d(3, channels, 3, padding=1), norm_layer(channels), activation(), nn.MaxPool2d(2),
            nn.Conv2d(channels, 2 * channels, 3, padding=1), norm_layer(2 * channels), activation(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = nn.Linear(2 * channels, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.classifier(self.features(x).flatten(1))


class ResidualConv(nn.Module):
    def __init__(self, channels: int) -> None:
        super().__init__()
        self.stem = nn.Conv2d(3, channels, 3, padding=1)
        self.conv1, self.bn1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels)
        self.conv2, self.bn2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.stem(x)
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(x + self.bn2(self.conv2(y))).mean((2, 3))


class DepthwiseSeparable(nn.Module):
    def __init__(self, channels: int) -> None:
        super().__init__()
        self.depthwise = nn.Conv2d(channels, channels, 3, padding=1, groups=channels)
        self.pointwise = nn.Conv2d(channels, 2 * channels, 1)
        self.norm = nn.GroupNorm(8, 2 * channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.hardswish(self.norm(self.pointwise(F.relu6(self.depthwise(x)))))


class Conv1dNet(nn.Module):
    def __init__(self, channels: int) -> None:
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, 5, padding=2)
        self.norm = nn.BatchNorm1d(channels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.avg_pool1d(F.gelu(self.norm(self.conv(x))), 2)


class GatedMLP(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.norm, self.proj, self.gate = RMSNorm(dim), nn.Linear(dim, 2 * dim), nn.Linear(dim, 2 * dim)
        self.out = nn.Linear(2 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.norm(x)
        return x + self.out(torch.sigmoid(self.gate(h)) * torch.tanh(self.proj(h)))


class EmbeddingBagModel(nn.Module):
    """Embedding lookups pooled per example, then a small tower (recommendation style)."""

    def __init__(self, vocab: int, dim: int) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.tower = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, 1))

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        return self.tower(self.embed(ids).mean(1)).squeeze(-1)


class Mixer(nn.Module):
    """MLP-Mixer block: token mixing across the sequence, channel mixing across features."""

    def __init__(self, tokens: int, dim: int) -> None:
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.token_mlp = nn.Sequential(nn.Linear(tokens, tokens), nn.GELU(), nn.Linear(tokens, tokens))
        self.channel_mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.token_mlp(self.norm1(x).transpose(1, 2)).transpose(1, 2)
        return x + self.channel_mlp(self.norm2(x))


class Autoencoder(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, dim // 2), nn.ELU(), nn.Linear(dim // 2, dim // 4), nn.Tanh())
        self.decoder = nn.Sequential(nn.Linear(dim // 4, dim // 2), nn.ELU(), nn.Linear(dim // 2, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.decoder(self.encoder(x)))


class SoftmaxGate(nn.Module):
    """Mixture-of-experts style: a softmax router weighting dense experts."""

    def __init__(self, dim: int, experts: int) -> None:
        super().__init__()
        self.router = nn.Linear(dim, experts)
        self.experts = nn.Parameter(torch.randn(experts, dim, dim) / math.sqrt(dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        weights = self.router(x).softmax(-1)
        outputs = torch.einsum("bd,edf->bef", x, self.experts)
        return (weights.unsqueeze(-1) * F.silu(outputs)).sum(1)


def _randn(*shape: int) -> Callable[[str], torch.Tensor]:
    return lambda device: torch.randn(*shape, device=device)


def _entry(make: Callable[[], nn.Module], *inputs: Callable[[str], torch.Tensor]) -> Builder:
    def build(device: str) -> tuple[nn.Module, list[torch.Tensor]]:
        torch.manual_seed(0)
        return make().to(device), [make_input(device) for make_input in inputs]
    return build


def _tokens(vocab: int, *shape: int) -> Callable[[str], torch.Tensor]:
    return lambda device: torch.randint(0, vocab, shape, device=device)


ZOO: dict[str, Builder] = {
    "mlp_relu": _entry(lambda: nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 64)), _randn(32, 64)),
    "mlp_gelu_dropout_free": _entry(lambda: nn.Sequential(nn.Linear(96, 384), nn.GELU(), nn.Linear(384, 96), nn.LayerNorm(96)), _randn(16, 96)),
    "mlp_silu_deep": _entry(lambda: nn.Sequential(*[m for _ in range(3) for m in (nn.Linear(64, 64), nn.SiLU())]), _randn(24, 64)),
    "swiglu_ffn": _entry(lambda: SwiGLU(64, 172), _randn(2, 16, 64)),
    "gated_mlp_rmsnorm": _entry(lambda: GatedMLP(64), _randn(2, 12, 64)),
    "block_layernorm_gelu": _entry(lambda: Block(64, 4, "layer", "gelu"), _randn(2, 16, 64)),
    "block_rmsnorm_swiglu": _entry(lambda: Block(64, 4, "rms", "swiglu", causal=True), _randn(2, 16, 64)),
    "block_rmsnorm_silu_sdpa": _entry(lambda: Block(64, 4, "rms", "silu", fused=True), _randn(2, 16, 64)),
    "attention_causal": _entry(lambda: Attention(64, 4, causal=True), _randn(2, 32, 64)),
    "tiny_lm_layernorm": _entry(lambda: TinyLM(256, 64, 4, 2, "layer", "gelu"), _tokens(256, 2, 16)),
    "tiny_lm_rmsnorm_swiglu": _entry(lambda: TinyLM(256, 64, 4, 1, "rms", "swiglu"), _tokens(256, 2, 16)),
    "lm_cross_entropy": _entry(lambda: WithLoss(TinyLM(128, 32, 2, 1, "rms", "swiglu"), "cross_entropy"),
                               _tokens(128, 2, 8), _tokens(128, 2, 8)),
    "convnet_batchnorm_relu": _entry(lambda: ConvNet(16, "batch", "relu"), _randn(4, 3, 16, 16)),
    "convnet_groupnorm_silu": _entry(lambda: ConvNet(16, "group", "silu"), _randn(4, 3, 16, 16)),
    "convnet_batchnorm_gelu": _entry(lambda: ConvNet(8, "batch", "gelu"), _randn(2, 3, 32, 32)),
    "resnet_block": _entry(lambda: ResidualConv(16), _randn(2, 3, 16, 16)),
    "depthwise_separable": _entry(lambda: DepthwiseSeparable(16), _randn(2, 16, 16, 16)),
    "conv1d_batchnorm": _entry(lambda: Conv1dNet(16), _randn(4, 16, 64)),
    "embedding_bag_tower": _entry(lambda: EmbeddingBagModel(500, 32), _tokens(500, 8, 6)),
    "mixer_block": _entry(lambda: Mixer(16, 32), _randn(2, 16, 32)),
    "autoencoder": _entry(lambda: Autoencoder(128), _randn(16, 128)),
    "softmax_router_moe": _entry(lambda: SoftmaxGate(32, 4), _randn(16, 32)),
    "classifier_cross_entropy": _entry(lambda: WithLoss(nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10)), "cross_entropy"),
                                       _randn(16, 32), _tokens(10, 16)),
    "regressor_mse": _entry(lambda: WithLoss(nn.Sequential(nn.Linear(16, 32), nn.Tanh(), nn.Linear(32, 4)), "mse"),
                            _randn(32, 16), _randn(32, 4)),
    "multilabel_bce": _entry(lambda: WithLoss(nn.Sequential(nn.Linear(24, 48), nn.GELU(), nn.Linear(48, 8)), "bce"),
                             _randn(16, 24), lambda device: torch.rand(16, 8, device=device).round()),
    "smooth_l1_head": _entry(lambda: WithLoss(nn.Sequential(nn.LayerNorm(32), nn.Linear(32, 4)), "smooth_l1"),
                             _randn(16, 32), _randn(16, 4)),
}
