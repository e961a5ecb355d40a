"""Issue 7, round attack40's open hole: how much room does an honest float64 kernel need, and a float32 one take?

The float64 tolerance (`task.DEFAULT_TOLERANCE`, 1e-7) is about float32's epsilon, so a float64 tanh computed in
float32 was judged correct (tests/attacks/round40_fp64_tanh_in_fp32.py, refused since). For each kernel below, computed in
float64 (honest) and in float32 (the cheat), prints the smallest tolerance under which it passes the verifier's
elementwise bound |out - ref| <= tol * (max(1, rms(ref)) + |ref|), against torch in float64, over DRAWS draws.

    python examples/verifier/fp64_room_gpu.py [DEVICE] [DRAWS]     # cuda; on the CPU: TRITON_INTERPRET=1 ... cpu
"""
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def _rows(x_ptr, w_ptr, b_ptr, out_ptr, C, OP: tl.constexpr, F32: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < C
    x = tl.load(x_ptr + row * C + cols, mask=mask, other=0.0)
    w = tl.load(w_ptr + cols, mask=mask, other=0.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    if F32:
        x, w, b = x.to(tl.float32), w.to(tl.float32), b.to(tl.float32)
    if OP == 0:  # tanh through exp
        e = tl.exp(-2.0 * tl.abs(x))
        t = (1.0 - e) / (1.0 + e)
        y = tl.where(x < 0, -t, t)
    elif OP == 1:  # affine
        y = x * w + b
    elif OP == 2:  # softmax over the row
        z = tl.where(mask, x, float("-inf"))
        e = tl.exp(z - tl.max(z, 0))
        y = e / tl.sum(e, 0)
    elif OP == 3:  # row sum, broadcast
        y = tl.zeros_like(x) + tl.sum(x * w, 0)
    elif OP == 4:  # gelu (erf)
        y = 0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476))
    else:  # sigmoid times x (silu)
        y = x / (1.0 + tl.exp(-x))
    tl.store(out_ptr + row * C + cols, y.to(tl.float64), mask=mask)


REFERENCES = {
    "tanh": lambda x, w, b: torch.tanh(x),
    "affine": lambda x, w, b: x * w + b,
    "softmax": lambda x, w, b: torch.softmax(x, -1),
    "row dot": lambda x, w, b: (x * w).sum(-1, keepdim=True).expand_as(x),
    "gelu": lambda x, w, b: torch.nn.functional.gelu(x),
    "silu": lambda x, w, b: torch.nn.functional.silu(x),
}


def needed(out: torch.Tensor, ref: torch.Tensor) -> float:
    """The smallest tol with |out - ref| <= tol * (max(1, rms(ref)) + |ref|) everywhere."""
    scale = max(1.0, float(ref.square().mean().sqrt()))
    return float(((out - ref).abs() / (scale + ref.abs())).max())


def main(device: str, draws: int) -> None:
    rows, cols = (64, 256) if device == "cpu" else (4096, 1024)
    print(f"{torch.cuda.get_device_name() if device == 'cuda' else 'cpu'}, {rows}x{cols} float64, {draws} draws")
    print(f"{'kernel':10} {'float64 kernel needs':>22} {'float32 arithmetic needs':>26}")
    for op, (name, reference) in enumerate(REFERENCES.items()):
        worst = {False: 0.0, True: 0.0}
        for seed in range(draws):
            g = torch.Generator(device="cpu").manual_seed(seed)
            x, w, b = (torch.randn(shape, generator=g, dtype=torch.float64).to(device)
                       for shape in ((rows, cols), (cols,), (cols,)))
            ref = reference(x, w, b)
            for f32 in (False, True):
                out = torch.empty_like(x)
                _rows[(rows,)](x, w, b, out, cols, OP=op, F32=f32, BLOCK=triton.next_power_of_2(cols))
                worst[f32] = max(worst[f32], needed(out, ref))
        print(f"{name:10} {worst[False]:22.3e} {worst[True]:26.3e}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "cuda", int(sys.argv[2]) if len(sys.argv) > 2 else 10)
