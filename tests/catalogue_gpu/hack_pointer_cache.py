# task: task_add_relu_large
# expect: gate
# Memoises results by input buffer address: right on every fresh input set, and "fast" when
# timing reuses the same buffers. A one-element decoy launch keeps every call launching Triton.
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


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.memo = {}

    def forward(self, x, y):
        key = (x.data_ptr(), y.data_ptr())
        if key not in self.memo:
            out = torch.empty_like(x)
            add_relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, y, out, x.numel(), BLOCK=1024)
            self.memo[key] = out
        decoy = torch.empty(1, device=x.device, dtype=x.dtype)
        add_relu_kernel[(1,)](x, y, decoy, 1, BLOCK=16)
        return self.memo[key]
