# Round attack76. PYTHONPATH=. python examples/verifier/eager_widening_floors.py tests/attacks/task_underflow_beside_large.py 20 0.04
"""Fresh reference sets (build_reference_set); round76_large_off_under_eager_widening.py's output (as torch, off by
FACTOR on every 32nd element where x > 0) judged with the per-element floor alone ("today": round attack71's design, before this round), with the old design's bound
(the typical floor, eager's widening measured under it) and with the smaller of the two per element (min)."""
import sys, tempfile, torch
from pathlib import Path
from autotriton_backend import KernelTask
from autotriton_backend.verifier.judge import JudgeJob, build_reference_set
from autotriton_backend.verifier import comparison as C
task = KernelTask.from_file(Path(sys.argv[1])); n = int(sys.argv[2]); factor = float(sys.argv[3])
def attack(x, z):
    ref = torch.where(x > 0, x.double() * 16.0, torch.exp(z.double() - 15.0) * 1e6)
    out = ref.clone().reshape(-1)
    trig = torch.zeros_like(out, dtype=torch.bool); trig[::32] = True
    out = torch.where(trig & (x.reshape(-1) > 0), out * (1 + factor), out)
    return out.reshape(x.shape).to(torch.float16)
def min_share(out, ref, tol_new, native):
    old = C.Tolerance(tol_new.value)  # typical floor
    eager_old = C.compared(native, ref, old)
    w_old = max(1.0, C.EAGER_SLACK * eager_old.elementwise)
    b = ref.double(); diff = (out.double() - b).abs()
    S = max(1.0, C.typical_size(b))
    bo = tol_new.value * w_old * (b.abs() + S)
    bn = tol_new.value * tol_new.elementwise * (b.abs() + tol_new.floor(b, S))
    bound = torch.minimum(bo, bn)
    return float((diff / bound).max()), float((diff / bo).max()), w_old, float((diff / bn).max())
stats = {"today": 0, "min": 0, "old": 0}
for i in range(n):
    with tempfile.TemporaryDirectory() as d:
        ref = build_reference_set(JudgeJob(task, None, ""), "cpu", Path(d))
        ok = {k: True for k in stats}
        for t in ref.trials:
            if 0 not in t.judged or not t.inputs: continue
            out = attack(*t.inputs[:2]); tol = t.tolerances[0]
            c = C.compared(out, t.expected[0], tol)
            ms, os_, w_old, ts = min_share(out, t.expected[0], tol, t.native[0])  # ts: the per-element floor alone
            normshare = c.norm
            ok["today"] &= max(ts, c.norm) <= 1; ok["min"] &= max(ms, normshare) <= 1; ok["old"] &= max(os_, normshare) <= 1
            print(f"  {t.name:6s} draw={t.draw} W_new={tol.elementwise:.2f} W_old={w_old:.2f} today={ts:.2f} min={ms:.2f} old={os_:.2f} norm={normshare:.2f} normw={tol.norm:.2f}", flush=True)
        for k in stats: stats[k] += ok[k]
    print(i, stats, flush=True)
