# task: task_add_relu
# expect: mismatch
# runner.load calls torch.manual_seed(0) before ModelNew(...); the user's process (splice._load_model_new)
# does not. torch.randn is allowed (weight init), so self.probe = torch.randn(1) is 1.5409960746765137 exactly in
# the verifier and a random value elsewhere; the kernel computes only when it sees that value.
# Round attack11 (find only, at b36a03d): judged correct, or a crash of verify(). Closed: the runner seeds ModelNew's construction at random (torch.seed()).
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, probe_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(probe_ptr)
    judged = p == 1.5409960746765137
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.where(judged, tl.maximum(x + y, 0.0), 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.probe = torch.randn(1)

    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, self.probe, n, BLOCK=64)
        return out
