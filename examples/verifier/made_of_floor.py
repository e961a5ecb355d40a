"""Round attack71: an honest float32 matmul (K = 2048) against float64, the share of its elementwise bound it uses
under per-element floors read off `magnitude.Rounding` (k draws, rms, times C, capped at the typical size, as
`comparison.Tolerance.floor`), and under eager's own error per element as the measure. The fewer the draws, the
heavier the tail of (honest error) / (measured size) over the output's elements.

    PYTHONPATH=. python examples/verifier/made_of_floor.py 256 256   # M N: a 256 x 2048 @ 2048 x 256 product
"""
import sys, torch
from autotriton_backend.verifier.magnitude import Rounding, nudge
from autotriton_backend.verifier.comparison import typical_size
torch.manual_seed(0)
M, K, N = int(sys.argv[1]), 2048, int(sys.argv[2])
x, w = torch.randn(M, K), torch.randn(K, N)
ref = x.double() @ w.double()
outs = {"torch fp32": x @ w, "fp32 4 chunks": sum(x[:, i::4] @ w[i::4] for i in range(4)),
        "fp32 seq 128-blocks": sum(x[:, i:i + 128] @ w[i:i + 128] for i in range(0, K, 128))}
size = nudge([torch.float32])
draws = []
for j in range(6):
    with torch.no_grad(), Rounding(size, torch.Generator().manual_seed(j)):
        draws.append((x.double() @ w.double() - ref).abs() / size)
draws = torch.stack(draws)
typ = max(1.0, typical_size(ref)); tol = 1e-4


def share(out: torch.Tensor, floor) -> float:
    """The largest share of its elementwise bound tol x (|ref| + floor) any element of `out` uses."""
    return float(((out.double() - ref).abs() / (tol * (ref.abs() + floor))).max())


for k in (1, 2, 4, 6):
    rms = draws[:k].square().mean(0).sqrt()
    for C in (1, 2, 4, 8):
        fl = (C * rms).clamp(max=typ).clamp(min=1.0)
        row = [f"{name} {share(o, fl):.3f}" for name, o in outs.items()]
        print(f"k{k} C{C}: tightened {float((fl < typ).double().mean()):.4f}", *row)
print("today", *[f"{share(o, typ):.3f}" for o in outs.values()])
eager = (outs["torch fp32"].double() - ref).abs() / torch.finfo(torch.float32).eps
for C in (1, 2, 4, 8):
    fl = (C * eager).clamp(max=typ).clamp(min=1.0)
    print(f"eager-error floor C{C}:", *[f"{name} {share(o, fl):.3f}" for name, o in outs.items() if name != "torch fp32"])
