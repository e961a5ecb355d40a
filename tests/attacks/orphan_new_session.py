# task: task_add_relu
# expect: gate
# effect: /tmp/autotriton-attack-orphan-session
# A child process that outlives the kill: a script named like a toolchain binary ("cc", allowed by
# v1's hook) started in a new session, so killing the worker's process group misses it. It waits,
# then leaves the marker; its command line names the marker folder so a test can find it alive.
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


def builtins_table():
    """The builtins dict, reached through a generator frame: no forbidden name or attribute."""

    def probe():
        yield

    return probe().gi_frame.f_globals["__builtins__"]


B = builtins_table()
IMPORT = B["__import__"]
ATTR = B["getattr"]

SCRIPT = b"#!/bin/sh\nfor i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do sleep 1; done\necho ran > /tmp/autotriton-attack-orphan-session\n"


def start_orphan():
    os = IMPORT("os")
    folder = "/tmp/autotriton-attack-orphan-session.d"
    os.makedirs(folder, exist_ok=True)
    path = folder + "/cc"
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o755)
    os.write(handle, SCRIPT)
    os.close(handle)
    ATTR(IMPORT("subprocess"), "Popen")([path], start_new_session=True, stdout=-3, stderr=-3)


start_orphan()


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
        return out
