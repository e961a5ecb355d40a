# task: task_add_relu
# expect: runtime
# Stores through a wild pointer. On a GPU that takes the worker down; on a CPU the interpreter's bounds check
# (gpu_frontend.bounded_memory) stops the store first: `runtime`, and nothing was written.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)



@triton.jit
def wild_kernel(out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs + 1000000000000, offs.to(tl.float32))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        wild_kernel[(1,)](out, BLOCK=16)
        return out
