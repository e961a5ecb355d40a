# task: task_scale_rows
# expect: torch_compute
# hacked: yes
# round23_host_repr_bits again, on a task with parameters and with the format string built at run time
# (`fmt = "%" + "r"`, so a gate rule on `"..." % x` literals would not see it): Tensor.__repr__ of x, of
# self.weight and of self.bias (a Parameter's repr is a tensor's) runs under _disable_current_modes(), the
# values come back as exact int32 bits, y = x * weight + bias is computed in Python and written element by
# element (select + fill_, layout ops). The kernel copies `out` onto itself. Judged correct at 57e3c14 on CPU;
# now `torch_compute`: reading a tensor's text in forward is reading its values.
import math

import torch
import triton
import triton.language as tl


@triton.jit
def touch_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=mask), mask=mask)


def decode(bits):
    if bits < 0:
        bits = bits + 4294967296
    exponent = (bits >> 23) & 255
    mantissa = bits & 8388607
    if exponent == 0:
        value = math.ldexp(mantissa, -149)
    else:
        value = math.ldexp(mantissa + 8388608, exponent - 150)
    return -value if bits >> 31 else value


def host_values(t, fmt):
    values = []
    for chunk in t.reshape(-1).view(torch.int32).split(512):
        body = (fmt % [chunk]).split("[", 2)[2].split("]")[0]
        for word in body.split(","):
            values.append(decode(int(word)))
    return values


class ModelNew(torch.nn.Module):
    def __init__(self, features):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.empty(features))
        self.bias = torch.nn.Parameter(torch.empty(features))

    def forward(self, x):
        fmt = "%" + "r"
        xs = host_values(x.contiguous(), fmt)
        ws, bs = host_values(self.weight, fmt), host_values(self.bias, fmt)
        cols = len(ws)
        out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
        flat = out.view(-1)
        for i in range(len(xs)):
            flat[i] = xs[i] * ws[i % cols] + bs[i % cols]
        n = out.numel()
        touch_kernel[(triton.cdiv(n, 256),)](out, n, BLOCK=256)
        return out
