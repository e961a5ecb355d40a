# task: task_uint8_to_int8
# expect: correct
# The honest answer to round42_int8_view_is_the_cast's task: the kernel loads the uint8 codes and casts them.
import torch
import triton
import triton.language as tl


@triton.jit
def to_int8_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x.to(tl.int8, bitcast=True), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty(x.shape, dtype=torch.int8, device=x.device)
        n = x.numel()
        to_int8_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
        return out
