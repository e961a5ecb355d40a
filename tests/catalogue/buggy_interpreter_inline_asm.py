# task: task_add_relu
# expect: runtime
# Honest but interpreter-only: tl.inline_asm_elementwise runs on a GPU, not in Triton's interpreter: it raises as the
# kernel runs, after the GPU front end built it, so `runtime` (`compile` before session 35) (session 34,
# feedback42: its literal message "inline_asm not supported in interpreter mode" and the kernel's line are shown).
import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    s = tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask)
    s = tl.inline_asm_elementwise("max.f32 $0, $1, 0f00000000;", "=r,r", [s], dtype=tl.float32, is_pure=True, pack=1)
    tl.store(out_ptr + offs, s, mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()

        k[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
