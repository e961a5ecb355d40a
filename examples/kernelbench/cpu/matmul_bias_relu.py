"""fp16 Linear layer (x @ W^T + b) followed by ReLU. CPU-sized copy of ../matmul_bias_relu.py for the Triton interpreter."""
import torch
import torch.nn as nn

BATCH = 32
IN_FEATURES = 64
OUT_FEATURES = 48


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features).half()

    def forward(self, x):
        return torch.relu(self.linear(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES, dtype=torch.float16)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
