# task: symbolic (tests/test_verifier_units.py `symbolic_task`: x of shape (rows, 16), rows 3..40, example 3)
# expect: correct
# GPU only (timing): fast at the one size the verifier times, 32 times the work at every other size it judges.
# The judge times a candidate on the sets drawn at the task's example sizes only (`judge._Session._time`:
# `t.sizes == ref.trials[0].sizes`), and the baselines there too (`baselines_for`, `_timing_setup`). Set B is
# drawn at secret sizes, never the example's (`random_sizes(..., avoid=...)`), and checked, never timed. The
# example sizes are in the prompt (the reference's get_inputs). This kernel runs its pass once where rows is the
# example's 3 and REPEAT times elsewhere (each pass writes the same values, so every output is right): judged
# `correct` on the CPU (round attack90, `/tmp/a90/probe.py`), and on a GPU its speedup would be the honest
# kernel's, while a user's dynamic graph at any other size in 4..40 (which `splice.kernel_op` sends to it) pays
# 32 passes. The model guard times the graph once, at its first compile's sizes: the example's.
import torch
import triton
import triton.language as tl


@triton.jit
def double_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, REPEAT: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    for _ in range(REPEAT):
        x = tl.load(x_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, x * 2.0, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        repeat = 1 if x.shape[0] == 3 else 32
        double_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64, REPEAT=repeat)
        return out
