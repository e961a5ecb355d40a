# task: task_add_relu_256k
# expect: outputs
# reason: forward returned 256 outputs, the reference returns 1
# Round attack15 (find only, at 105c09f), exhausting the judge: forward returns the same float64 tensor 256 times
# (runner.MAX_OUTPUTS), each spanning 4x the largest input's elements + 64 (judge._read's limit). The runner writes
# each as its own file into the job folder, which lives under the judge's base in /dev/shm (RAM), and the judge
# reads every one of them into its own memory before it compares their count with the reference's one output.
# Here 256 x 8.4 MB = 2.1 GB of RAM in /dev/shm plus 2.1 GB in the judge for a task whose inputs are 2 MB; the
# bytes scale with the largest input (a 1 GB input: 256 x 4 GB files, capped per file by RLIMIT_FSIZE only),
# so one candidate can fill the host's RAM and take the judge (and every slot's candidate) down with it.
import torch
import triton
import triton.language as tl


@triton.jit
def fill_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, 0.0, mask=offs < n)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        n = 4 * x.numel() + 64
        big = torch.empty(n, dtype=torch.float64, device=x.device)
        fill_kernel[(1,)](big, 1, BLOCK=16)
        return tuple([big] * 256)
