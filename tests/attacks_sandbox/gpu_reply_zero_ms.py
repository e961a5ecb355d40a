# task: task_add_relu
# expect: gate
# behind the gate: runtime
# reason: sent no timings
# GPU only (timing): the sandbox's timing loop patched to report 0 ms. Before, the judge divided eager's
# time by it (ZeroDivisionError) and the verdict became the verifier's `internal` failure; an int of 400
# digits did the same through float() (OverflowError). The patch is idempotent, so both of load's builds leave
# the same state (a second wrap would differ, and `init` would stop it before the timing reply it is here for).
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


import autotriton_backend.verifier.timing as timing

if not hasattr(timing, "measured_before_zero_ms"):
    timing.measured_before_zero_ms = timing.bench_rotating


def zero_ms(fn, input_sets, rounds, **options):
    ms, last = timing.measured_before_zero_ms(fn, input_sets, rounds, **options)
    return [0.0] * len(ms), last


timing.bench_rotating = zero_ms


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(triton.cdiv(x.numel(), 64),)](x, y, out, x.numel(), BLOCK=64)
        return out
