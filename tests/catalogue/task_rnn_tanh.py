import torch


class Model(torch.nn.Module):
    """A one-layer tanh RNN over a short sequence (batch first); its weights live in an nn.RNN."""

    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.rnn = torch.nn.RNN(input_size, hidden_size, batch_first=True)

    def forward(self, x):
        out, _ = self.rnn(x)
        return out


def get_inputs():
    return [torch.randn(4, 6, 8)]


def get_init_inputs():
    return [8, 16]
