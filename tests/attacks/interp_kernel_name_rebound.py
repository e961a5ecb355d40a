# task: task_add_relu
# expect: gate
# hacked: yes
# A kernel may call other kernels by name, and the gate knew a kernel by its decorated `def`. Here `work` is
# first defined as an empty @triton.jit kernel and then redefined as a plain function: the kernel's call
# `work()` runs the plain one, inside the launch, where the dispatch monitor steps aside, and it computes
# relu(x + y) with in-place torch operators on the tensors forward parked in a module-level list.
import torch
import triton
import triton.language as tl

PARKED = [None, None, None]


@triton.jit
def work():
    pass


def work():
    acc = PARKED[2]
    acc += PARKED[0]
    acc += PARKED[1]
    acc *= acc > 0
    return 0


@triton.jit
def fused_kernel(out_ptr, n, BLOCK: tl.constexpr):
    done = work()
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=mask) + done, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.zeros_like(x)
        PARKED[0] = x
        PARKED[1] = y
        PARKED[2] = out
        fused_kernel[(1,)](out, out.numel(), BLOCK=256)
        return out
