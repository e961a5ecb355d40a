# task: task_add_relu
# expect: gate
# behind the gate: torch_compute
# Hides the torch computation inside the grid callable, which Triton runs during the launch.
import torch
import triton
import triton.language as tl


@triton.jit
def noop_kernel(out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(out_ptr + offs))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)

        def grid(meta):
            out.copy_(torch.relu(x + y))
            return (1,)

        noop_kernel[grid](out, BLOCK=16)
        return out
