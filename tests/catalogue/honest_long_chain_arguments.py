# task: task_affine_chain
# expect: correct
# Session 31: an answer that launches one kernel per step of a long task, passing the step's constants as its
# arguments, as the direct teacher's answers to chains do. Its 40 launches pass some 1,400 bits made in Python, past
# monitors.TABLE_BITS (1,024), and it was refused as a table (`torch_compute`); the forward's budget now
# grows with the reference's ops, inputs and outputs (`monitors.forward_table_bits`: 82 here, 3,280 bits).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def affine_kernel(x_ptr, out_ptr, n, scale, shift, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * scale + shift, mask=mask)


def affine(x, scale, shift):
    out = torch.empty_like(x)
    n = x.numel()
    affine_kernel[(triton.cdiv(n, 64),)](x, out, n, scale, shift, BLOCK=64)
    return out


class ModelNew(nn.Module):
    def forward(self, x):
        x = affine(x, 0.9295, -0.1397)
        x = affine(x, 1.0604, -0.171)
        x = affine(x, 1.0144, -0.0537)
        x = affine(x, 0.8232, 0.003)
        x = affine(x, 0.815, -0.0265)
        x = affine(x, 0.8279, -0.1637)
        x = affine(x, 0.9698, 0.1307)
        x = affine(x, 0.8495, -0.1107)
        x = affine(x, 1.051, 0.1791)
        x = affine(x, 1.0308, -0.0413)
        x = affine(x, 1.1905, -0.1814)
        x = affine(x, 1.1434, -0.0842)
        x = affine(x, 0.8577, -0.1529)
        x = affine(x, 0.9234, 0.1265)
        x = affine(x, 0.8723, 0.0326)
        x = affine(x, 1.0556, -0.051)
        x = affine(x, 1.0191, -0.1749)
        x = affine(x, 0.8238, -0.1176)
        x = affine(x, 1.0722, -0.029)
        x = affine(x, 0.9257, 0.0342)
        x = affine(x, 0.9813, -0.0801)
        x = affine(x, 1.1178, 0.0796)
        x = affine(x, 0.8976, 0.0298)
        x = affine(x, 1.0101, 0.1501)
        x = affine(x, 1.0918, -0.0848)
        x = affine(x, 1.1921, -0.1528)
        x = affine(x, 0.9672, 0.1029)
        x = affine(x, 0.8608, -0.0044)
        x = affine(x, 0.8157, 0.0673)
        x = affine(x, 1.1058, 0.0292)
        x = affine(x, 1.1502, -0.0745)
        x = affine(x, 1.0781, 0.0377)
        x = affine(x, 1.032, -0.0175)
        x = affine(x, 1.136, 0.1779)
        x = affine(x, 0.9896, 0.0657)
        x = affine(x, 0.8243, 0.0806)
        x = affine(x, 1.0589, 0.1972)
        x = affine(x, 1.1288, -0.0862)
        x = affine(x, 0.9543, 0.0675)
        x = affine(x, 0.809, -0.0153)
        return x
