"""Training data: verified PyTorch-to-Triton pairs (see README.md here)."""
