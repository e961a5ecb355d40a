import torch


class Model(torch.nn.Module):
    """A float64 affine step (a scientific model kept in double precision)."""

    def forward(self, x, w, b):
        return x * w + b


def get_inputs():
    return [torch.randn(64, 256, dtype=torch.float64), torch.randn(64, 256, dtype=torch.float64),
            torch.randn(64, 256, dtype=torch.float64)]


def get_init_inputs():
    return []
