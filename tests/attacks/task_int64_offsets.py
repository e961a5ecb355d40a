import torch


class Model(torch.nn.Module):
    """Byte offsets into a very large address space (a sharded table's global positions): base plus offset."""

    def forward(self, base, offset):
        return base + offset


def get_inputs():
    return [torch.randint(2**60, 2**61, (48, 80), dtype=torch.int64),
            torch.randint(0, 2**40, (48, 80), dtype=torch.int64)]


def get_init_inputs():
    return []
