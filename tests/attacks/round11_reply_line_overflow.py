# task: task_add_relu
# expect: outputs
# forward returns the same output 20,000 times; the runner's reply (one JSON line per request) then
# exceeds the channel's 1 MB line limit: does the judge blame itself (internal) or the candidate?
# Round attack11 (find only, at b36a03d): judged correct, or a crash of verify(). Closed: runner.returned refuses more than MAX_OUTPUTS outputs.
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
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return (out,) * 20000
