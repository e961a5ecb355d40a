import torch
import torch.nn as nn


class Model(nn.Module):
    """The running sum of task_cumsum_rows spelled as a Python loop over columns: 127 adds and a stack (round
    attack39: 130 parts, a forward budget of 5,200 bits)."""

    def forward(self, x):
        columns = [x[:, 0]]
        for t in range(1, x.shape[1]):
            columns.append(columns[-1] + x[:, t])
        return torch.stack(columns, dim=1)


def get_inputs():
    return [torch.randn(8, 128)]


def get_init_inputs():
    return []
