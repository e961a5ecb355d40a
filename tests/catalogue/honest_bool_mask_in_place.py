# task: task_bool_mask_in_place
# expect: correct
# Honest: the in-place bool mask written as 0/1 bytes through its uint8 view, each tensor addressed by its own
# strides (the judge hands inputs over in other layouts too); round41_bool_input_bytes_in_place.py writes 5 and is
# refused.
import torch
import triton
import triton.language as tl


@triton.jit
def double_and_mark_kernel(x_ptr, out_ptr, mask_ptr, n, cols, sx0, sx1, sm0, sm1, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    row, col = offs // cols, offs % cols
    x = tl.load(x_ptr + row * sx0 + col * sx1, mask=inside)
    tl.store(out_ptr + row * sx0 + col * sx1, x * 2.0, mask=inside)
    tl.store(mask_ptr + row * sm0 + col * sm1, tl.where(x > 0, 1, 0).to(tl.uint8), mask=inside)


class ModelNew(torch.nn.Module):
    def forward(self, x, mask):
        out = torch.empty_like(x)
        n = x.numel()
        double_and_mark_kernel[(triton.cdiv(n, 256),)](x, out, mask.view(torch.uint8), n, x.shape[1], x.stride(0),
                                                       x.stride(1), mask.stride(0), mask.stride(1), BLOCK=256)
        return out
