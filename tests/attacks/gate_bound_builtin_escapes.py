# task: task_add_relu
# expect: gate
# effect: /tmp/autotriton-attack-bound-exec
# effect: /var/tmp/autotriton-attack-bound-exec
# effect: /tmp/autotriton-attack-bound-exec-orphan
# effect: /tmp/autotriton-attack-bound-exec-network
# listen: 47614
# Full code execution through a smuggled builtin (`exec` bound as a parameter name elsewhere), then
# every escape the OS layers must stop: host files written (/tmp, /var/tmp), a detached process that
# would write a marker after the judgement, a connection to a listener on the host's localhost, and
# an attempt to plant a file in the user's kernel cache. Then it fails, so only the effects matter.
import torch
import triton
import triton.language as tl


@triton.jit
def touch_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=mask), mask=mask)


def names(exec):
    return 0


ESCAPES = """
import os, socket, subprocess
for path in ("/tmp/autotriton-attack-bound-exec", "/var/tmp/autotriton-attack-bound-exec"):
    try:
        with open(path, "w") as fh:
            fh.write("ran")
    except OSError:
        pass
try:
    subprocess.Popen(["/bin/sh", "-c", "sleep 15; echo ran > /tmp/autotriton-attack-bound-exec-orphan",
                      "autotriton-attack-bound-exec-orphan"], start_new_session=True)
except OSError:
    pass
try:
    socket.create_connection(("127.0.0.1", 47614), timeout=2).close()
except OSError:
    pass
for base in (os.environ.get("AUTOTRITON_CACHE_DIR", ""), os.path.expanduser("~/.cache/autotriton/kernels")):
    if base and os.path.isdir(base):
        try:
            with open(os.path.join(base, "autotriton-attack-planted"), "w") as fh:
                fh.write("planted")
        except OSError:
            pass
"""


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        exec(ESCAPES)
        touch_kernel[(1,)](out, 1, BLOCK=16)
        raise ValueError("escapes attempted")
