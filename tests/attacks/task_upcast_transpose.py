import torch


class Model(torch.nn.Module):
    """A mixed-precision prologue: float16 activations widened to float32 and laid out transposed
    (round14_legacy_constructor_cast)."""

    def forward(self, x):
        return x.t().contiguous().to(torch.float32)


def get_inputs():
    return [torch.randn(40, 24, dtype=torch.float16)]


def get_init_inputs():
    return []
