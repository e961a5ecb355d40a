# task: task_add_relu
# expect: runtime
# reason: ValueError: see \x1b]0;autotriton-attack-title\x07 \x1b[2K\r \udcff\ud800 \x00 end
# Round attack42: the exception's message is the reason, and the reason is the feedback. Before the fix it reached the
# verdict as the candidate wrote it: a terminal escape (OSC 0 retitles the terminal, OSC 52 writes the clipboard in
# terminals that honour it, `ESC [2K` with a carriage return erases the line a reader sees) that `autotriton verify`
# printed to the user's terminal, and two lone surrogates that made that print raise UnicodeEncodeError and the
# bundled engine's tokenizer raise TypeError on the repair turn's prompt, which ended the task's whole search (every
# sample of it) as an engine error (agent/loop.py catches the engine's exception). The judge computed nothing wrong:
# the kernel is honest, and the raise after it is a plain runtime failure. Now every reason is printable text
# (`verdict.printable`, inside `verdict.shortened`): control characters and lone surrogates are written as escapes.
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
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        raise ValueError("see \x1b]0;autotriton-attack-title\x07 \x1b[2K\r \udcff\ud800 \x00 end")
