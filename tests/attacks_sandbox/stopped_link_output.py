# task: task_add_relu
# expect: gate
# behind the gate: outputs
# reason: out1-0 cannot be opened
# Already stopped: an output name planted as a link to a host file. The judge opens outputs without
# following links (and the child's own write_tensor refuses to write through one). The reference it claims is laid
# out as the task's output (round attack42: a layout the judge refuses is refused before any file is opened).
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


import json
import os
import sys
import time


def judge_socket():
    """The child's only socket: its channel to the zygote, which relays every line to the judge."""
    for name in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{name}").startswith("socket:"):
                return int(name)
        except OSError:
            pass
    raise RuntimeError("no socket")


def say(*replies):
    """Answer the judge's next requests ourselves, then stay in `load` while the judge reads them."""
    fd = judge_socket()
    for reply in replies:
        os.write(fd, (reply if isinstance(reply, str) else json.dumps(reply)).encode() + b"\n")
    time.sleep(5)


os.symlink("/etc/hostname", "/scratch/job/out1-0")
say({"ok": True},
    {"ok": True, "outputs": [{"file": "out1-0", "dtype": "float32", "shape": [5, 37], "stride": [37, 1]}],
     "inputs_changed": [None, None]})


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(triton.cdiv(x.numel(), 64),)](x, y, out, x.numel(), BLOCK=64)
        return out
