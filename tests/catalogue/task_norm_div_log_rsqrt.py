import torch


class Model(torch.nn.Module):
    """Ops whose outputs grow or cancel where an input is tiny: a row LayerNorm, a quotient, a log and an rsqrt of
    |y| (round tiny93: the spread draws |x| down to 1e-6)."""

    def forward(self, x, y):
        return (torch.nn.functional.layer_norm(x, x.shape[-1:]), x / y, torch.log(torch.abs(y)),
                torch.rsqrt(torch.abs(y)), torch.softmax(x * 4.0, dim=-1))


def get_inputs():
    return [torch.randn(6, 37), torch.randn(6, 37)]


def get_init_inputs():
    return []
