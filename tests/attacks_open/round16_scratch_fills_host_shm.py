# task: task_add_relu
# expect: gate
# behind the gate: runtime
# reason: hostname=
# Round attack16 (find only, behind the gate: what any future escape from the static gate gets). /scratch, the
# sandbox's one writable folder, is a bind of a folder in the judge's own /dev/shm (`judge._fast_tmp`: the judge's
# input files live on the same tmpfs), with no size limit: the 1 GiB caps of the sandbox's /tmp and /dev/shm do
# not apply, RLIMIT_AS does not count tmpfs pages and RLIMIT_FSIZE (4 GiB) is per file. It writes 3 x 1 GiB and
# holds it while the judge waits: host memory the judge and every other slot share (the files go when the
# candidate ends). Open: the reason below now says `hostname=sandbox` (session 14 gave the sandbox a hostname of
# its own, tests/attacks_sandbox/hostname.py); the size is still unbounded.
import os
import time

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
        block = b"\1" * (1 << 24)
        for index in range(3):
            with open(f"/scratch/fill{index}", "wb") as handle:
                for _ in range(64):
                    handle.write(block)
        time.sleep(15)
        raise RuntimeError("hostname=" + os.uname().nodename)
