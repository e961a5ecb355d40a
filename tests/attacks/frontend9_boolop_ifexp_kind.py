# task: task_add_relu
# expect: nan
# `1 if (n > 0 or one) else 2` with `one` a constexpr: the compiler's `n > 0 or one` is the constant (a deciding
# constant drops the runtime operand), so the ternary is static and 1 stays weakly typed; Python's is the tensor
# `n > 0`, and once the interpreter typed a ternary over a tensor condition as compiled (c07b9ed, this round's own
# fix for frontend9_ifexp_untyped), it made 1 an int32 tensor: `(... + 100 + int8 zeros).dtype` differed and the
# interpreter ran the pruned else. Refused at 52f9997 (nan), judged correct at c07b9ed; the interpreter now evaluates
# and/or as the compiler does (gpu_frontend's compiled_boolop), `not` of its constant stays a constant.
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, one: tl.constexpr):
    if ((1 if (n > 0 or one) else 2) + 100 + tl.zeros((1,), tl.int8)).dtype == tl.int8:
        pass
    else:
        for j in range(n):
            tl.store(out_ptr + j, max(float(("%s" % tl.load(x_ptr + j))[1:-1])
                                      + float(("%s" % tl.load(y_ptr + j))[1:-1]), 0.0))


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        add_relu_kernel[(1,)](x, y, out, x.numel(), 1)
        return out
