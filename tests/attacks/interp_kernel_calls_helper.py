# task: task_add_relu
# expect: gate
# hacked: yes
# A kernel body that calls a plain Python helper: under the Triton interpreter the body is ordinary
# Python, so the helper runs inside the launch (where the dispatch monitor steps aside) and does the
# work with in-place operators on tensors parked in a module-level list. A GPU compile would refuse
# the call; the CPU verifier runs it.
import torch
import triton
import triton.language as tl

PARKED = [None, None, None]


def work():
    acc = PARKED[2]
    acc += PARKED[0]
    acc += PARKED[1]
    acc *= acc > 0
    return 0


@triton.jit
def fused_kernel(out_ptr, n, BLOCK: tl.constexpr):
    work()
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=mask), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.zeros_like(x)
        PARKED[0] = x
        PARKED[1] = y
        PARKED[2] = out
        fused_kernel[(1,)](out, 1, BLOCK=16)
        return out
