import torch
import torch.nn as nn


class Model(nn.Module):
    """Forty scale-and-shift steps, each with its own constants: a long task (80 ops), whose honest per-step answer
    passes each step's two constants to a kernel (`monitors.forward_table_bits`)."""

    def forward(self, x):
        x = x * 0.9295 + -0.1397
        x = x * 1.0604 + -0.171
        x = x * 1.0144 + -0.0537
        x = x * 0.8232 + 0.003
        x = x * 0.815 + -0.0265
        x = x * 0.8279 + -0.1637
        x = x * 0.9698 + 0.1307
        x = x * 0.8495 + -0.1107
        x = x * 1.051 + 0.1791
        x = x * 1.0308 + -0.0413
        x = x * 1.1905 + -0.1814
        x = x * 1.1434 + -0.0842
        x = x * 0.8577 + -0.1529
        x = x * 0.9234 + 0.1265
        x = x * 0.8723 + 0.0326
        x = x * 1.0556 + -0.051
        x = x * 1.0191 + -0.1749
        x = x * 0.8238 + -0.1176
        x = x * 1.0722 + -0.029
        x = x * 0.9257 + 0.0342
        x = x * 0.9813 + -0.0801
        x = x * 1.1178 + 0.0796
        x = x * 0.8976 + 0.0298
        x = x * 1.0101 + 0.1501
        x = x * 1.0918 + -0.0848
        x = x * 1.1921 + -0.1528
        x = x * 0.9672 + 0.1029
        x = x * 0.8608 + -0.0044
        x = x * 0.8157 + 0.0673
        x = x * 1.1058 + 0.0292
        x = x * 1.1502 + -0.0745
        x = x * 1.0781 + 0.0377
        x = x * 1.032 + -0.0175
        x = x * 1.136 + 0.1779
        x = x * 0.9896 + 0.0657
        x = x * 0.8243 + 0.0806
        x = x * 1.0589 + 0.1972
        x = x * 1.1288 + -0.0862
        x = x * 0.9543 + 0.0675
        x = x * 0.809 + -0.0153
        return x


def get_inputs():
    return [torch.randn(64)]


def get_init_inputs():
    return []
