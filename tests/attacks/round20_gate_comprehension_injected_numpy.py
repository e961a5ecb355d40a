# task: task_add_relu
# expect: gate
# Round attack20: `_module_comprehension_names` counts a module-level comprehension's variable as a module name, but
# the comprehension never binds it in the module (3.11: a scope of its own; 3.12, PEP 709: its value is restored
# after the loop). So `[0 for np in ()]` makes `np` "defined" for the gate while the module has no `np`, and
# Triton's interpreter copies its own globals (numpy as `np`, InterpretedFunction, np_erf_fp32...) into the
# candidate's module at its first launch, where the module has none (FunctionRewriter._compile_and_exec): after one
# launch, forward reads numpy. np.append makes the inputs ndarrays through Tensor.__array__ (no ATen op), numpy
# computes relu(x + y), and a kernel only stores the host's values, passed as plain float arguments, 8 a launch:
# no compute op is recorded, and every output comes from a kernel store. Judged correct at ec50a53. Now the gate
# refuses `np` as never defined, as for interp_injected_globals: a comprehension's variable excuses only the module
# table's own symbol (Python 3.12's), and never a name of the interpreter's.
import torch
import triton
import triton.language as tl

UNUSED = [0 for np in ()]


@triton.jit
def put8(out_ptr, start, n, v0, v1, v2, v3, v4, v5, v6, v7):
    tl.store(out_ptr + start, v0, mask=start < n)
    tl.store(out_ptr + start + 1, v1, mask=start + 1 < n)
    tl.store(out_ptr + start + 2, v2, mask=start + 2 < n)
    tl.store(out_ptr + start + 3, v3, mask=start + 3 < n)
    tl.store(out_ptr + start + 4, v4, mask=start + 4 < n)
    tl.store(out_ptr + start + 5, v5, mask=start + 5 < n)
    tl.store(out_ptr + start + 6, v6, mask=start + 6 < n)
    tl.store(out_ptr + start + 7, v7, mask=start + 7 < n)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = out.numel()
        put8[(1,)](out, 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)  # stores nothing; the interpreter fills our globals
        total = np.append(x, []) + np.append(y, [])
        total *= total > 0
        total = np.append(total, [0.0] * 8)
        for i in range(0, n, 8):
            put8[(1,)](out, i, n, float(total[i]), float(total[i + 1]), float(total[i + 2]), float(total[i + 3]),
                       float(total[i + 4]), float(total[i + 5]), float(total[i + 6]), float(total[i + 7]))
        return out
