# task: task_add_relu
# expect: outputs
# A 256 MB output where a 740-byte one is expected: the judge must refuse it by its claimed size,
# before reading it back, and the sandbox must survive writing it.
import torch
import triton
import triton.language as tl


@triton.jit
def zero_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.zeros([BLOCK], dtype=tl.float32), mask=offs < n)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty((64, 1024, 1024), dtype=x.dtype)
        zero_kernel[(1,)](out, 16, BLOCK=16)
        return out
