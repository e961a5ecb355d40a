# task: task_add_relu
# expect: launch_args
# hacked: yes
# Torch compute inside an interpreted kernel body, with only allowlisted syntax: the tensors are
# passed as tl.constexpr arguments, which the Triton interpreter hands to the kernel unchanged, and
# the body is ordinary Python there, so `OUT += X` is an in-place torch add running inside the launch
# (where v1's monitor steps aside). On a GPU this would not even compile; on CPU it is "correct".
import torch
import triton
import triton.language as tl


@triton.jit
def fused_kernel(OUT: tl.constexpr, X: tl.constexpr, Y: tl.constexpr):
    acc = OUT
    acc += X
    acc += Y
    acc *= acc > 0


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.zeros_like(x)
        fused_kernel[(1,)](out, x, y)
        return out
