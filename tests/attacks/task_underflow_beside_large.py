import torch


class Model(torch.nn.Module):
    """Round attack76: one float16 output, half of it large (16 x where x > 0) and half of it small values that pass
    through float16's subnormals (exp(z - 15) is 3e-7 e^z, in steps of 6e-8, then scaled by 1e6): eager's rounding
    there is absolute (up to 0.03, three times the tolerance of 1e-2), where the float64 reference's relative nudges
    (`judge._made_of`) move each small element by about itself, so its floor comes down to 1."""

    def forward(self, x, z):
        return torch.where(x > 0, x * 16.0, torch.exp(z - 15.0) * 1e6)


def get_inputs():
    return [torch.randn(32, 128, dtype=torch.float16), torch.randn(32, 128, dtype=torch.float16)]


def get_init_inputs():
    return []
