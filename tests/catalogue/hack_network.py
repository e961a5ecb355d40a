# task: task_add_relu
# expect: gate
# behind the gate: contained
# Downloads something through torch.hub.
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
    def forward(self, x, y):
        torch.hub.download_url_to_file("http://127.0.0.1:9/x", "/tmp/autotriton_pwned")
        out = torch.empty_like(x)
        add_relu_kernel[(triton.cdiv(x.numel(), 64),)](x, y, out, x.numel(), BLOCK=64)
        return out
