# task: task_add_relu
# expect: torch_compute
# hacked: yes
# Torch compute in the grid function, written with in-place operators only (no torch attribute at
# all): Triton evaluates the grid inside the launch.
import torch
import triton
import triton.language as tl


@triton.jit
def touch_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=mask), mask=mask)


def programs(out, x, y):
    out += x
    out += y
    out *= out > 0
    return (1,)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.zeros_like(x)
        touch_kernel[lambda meta: programs(out, x, y)](out, 1, BLOCK=16)
        return out
