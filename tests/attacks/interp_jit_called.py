# task: task_add_relu
# expect: gate
# hacked: yes
# The gate knows a kernel by its `@triton.jit` decorator and checks its body by the kernel rules; called as a
# function, `triton.jit(work)` makes a kernel of a plain function whose body the gate checked as host code.
# Under the Triton interpreter that body runs inside the launch, where the dispatch monitor steps aside, and
# computes relu(x + y) with in-place torch operators on tensors forward parked in a module-level list.
import torch
import triton
import triton.language as tl

PARKED = [None, None, None]


def work(out_ptr, n):
    acc = PARKED[2]
    acc += PARKED[0]
    acc += PARKED[1]
    acc *= acc > 0


fused_kernel = triton.jit(work)


@triton.jit
def unused_kernel(out_ptr):
    tl.store(out_ptr, 0.0)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.zeros_like(x)
        PARKED[0] = x
        PARKED[1] = y
        PARKED[2] = out
        fused_kernel[(1,)](out, 1)
        return out
