# task: task_add_relu
# expect: gate
# behind the gate: outputs
# reason: could not be read back
# Round attack17 (session 14's second find-only helper). An output reference whose shape multiplies past int64 while its extent is one
# element: shape [2**40, 2**40] with stride [0, 0]. TensorRef.from_json checks each size (>= 0) and the
# extent (1 <= max_elements), read_tensor finds the 4-byte file it claims and calls
# `out.view(dtype).as_strided(shape, stride)`, which raises RuntimeError("numel: integer multiplication
# overflow"). judge._Session._compare catches KeyError, TypeError and ProtocolError only, so the RuntimeError
# leaves verify() as the verifier's own failure (`internal`, never blamed on the candidate) instead of `outputs`.
# Closed: TensorRef.from_json refuses a reference holding more elements than the judge reads (`outputs`).
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


with open("/scratch/job/o", "wb") as planted:
    planted.write(bytes(4))  # the one float32 element the reference claims
say({"ok": True},
    '{"ok": true, "outputs": [{"file": "o", "dtype": "float32", "shape": [1099511627776, 1099511627776], '
    '"stride": [0, 0]}], "inputs_changed": [null, null]}')


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(triton.cdiv(x.numel(), 64),)](x, y, out, x.numel(), BLOCK=64)
        return out
