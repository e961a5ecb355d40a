# task: task_row_sums
# expect: gate
# behind the gate: outputs
# reason: each from 0 to 2**63 - 1
# Round attack81. The reference's output is (6, 1): a stride on the size-1 dimension addresses nothing, so neither
# the extent check (TensorRef.from_json) nor the judge's stride check (`_significant`) bounds it. Claimed as 2**63,
# one past int64, it passed both, and read_tensor's `as_strided` raised TypeError ("Overflow when unpacking long
# long"), which neither read_tensor nor _compare expects: `internal`, the verifier's own failure, unjudged by the
# rewards. (A size of 2**64 beside a size of 0 reaches the same call where a reference output is empty.)
# Closed: TensorRef.from_json refuses a size or stride that is not an int64, as torch's are.
import torch

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
    planted.write(bytes(6 * 4))  # six float32 sums, as the (6, 1) reference claims
say({"ok": True},
    '{"ok": true, "outputs": [{"file": "o", "dtype": "float32", "shape": [6, 1], '
    '"stride": [1, 9223372036854775808]}], "inputs_changed": [null]}')


class ModelNew(torch.nn.Module):
    def forward(self, x):
        return x.sum(dim=1, keepdim=True)
