# task: task_add_relu
# expect: gate
# hacked: yes
# Torch compute in an autotune config's pre_hook, with only allowlisted syntax: Triton calls the hook
# with the launch's tensors just before the kernel runs; in-place operators on those tensors do the
# whole computation and the kernel only touches its output.
import torch
import triton
import triton.language as tl


def fill(nargs):
    out = nargs["out_ptr"]
    out += nargs["x_ptr"]
    out += nargs["y_ptr"]
    out *= out > 0


@triton.autotune(configs=[triton.Config({"BLOCK": 256}, pre_hook=fill)], key=["n"])
@triton.jit
def touch_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=mask), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.zeros_like(x)
        touch_kernel[(1,)](x, y, out, x.numel())
        return out
