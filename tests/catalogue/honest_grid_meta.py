# task: task_add_relu
# expect: correct
# The grid reads the launch's own arguments by name (`meta["n_elements"]`), as Triton's tutorials do; under the
# interpreter meta["n_elements"] was a tl.tensor and the launch was refused as launch_args (found in round attack6).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        grid = lambda meta: (triton.cdiv(meta["n_elements"], meta["BLOCK_SIZE"]),)
        add_relu_kernel[grid](x, y, out, x.numel(), BLOCK_SIZE=64)
        return out
