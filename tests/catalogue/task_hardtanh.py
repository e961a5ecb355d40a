import torch


class Model(torch.nn.Module):
    """A clamp held as a layer whose bounds matter (nn.Hardtanh's min_val and max_val)."""

    def __init__(self, low, high):
        super().__init__()
        self.act = torch.nn.Hardtanh(min_val=low, max_val=high)

    def forward(self, x):
        return self.act(x)


def get_inputs():
    return [torch.randn(6, 50)]


def get_init_inputs():
    return [-0.5, 0.75]
