"""environment_key: the part of a cache key that says where a kernel was verified and timed.

A kernel that won on one GPU generation, or under one triton/torch release, may be wrong or
slow under another, so the environment is part of the key: GPU arch, triton and torch
major.minor (patch releases do not change codegen enough to split the cache).
"""
from __future__ import annotations

import re

import torch
import triton


def major_minor(version: str) -> str:
    """'2.13.0+cpu' -> '2.13'."""
    match = re.match(r"(\d+)\.(\d+)", version)
    if match is None:
        raise ValueError(f"cannot read a major.minor version from {version!r}")
    return f"{match.group(1)}.{match.group(2)}"


def device_arch(device: str | torch.device = "cpu") -> str:
    """'cpu', or the GPU's architecture: 'sm90' on CUDA, the gfx name on ROCm."""
    device = torch.device(device)
    if device.type == "cpu":
        return "cpu"
    if device.type != "cuda":
        raise ValueError(f"unknown device {str(device)!r}: use 'cuda', 'cuda:N' or 'cpu'")
    if not torch.cuda.is_available():
        raise ValueError(f"device {str(device)!r} was asked for but no CUDA GPU is visible")
    if torch.version.hip:
        return torch.cuda.get_device_properties(device).gcnArchName.split(":")[0]
    major, minor = torch.cuda.get_device_capability(device)
    return f"sm{major}{minor}"


def environment_key(device: str | torch.device = "cpu") -> str:
    """e.g. 'sm90-triton3.4-torch2.9' or 'cpu-triton3.9-torch2.13'."""
    return f"{device_arch(device)}-triton{major_minor(triton.__version__)}-torch{major_minor(torch.__version__)}"
