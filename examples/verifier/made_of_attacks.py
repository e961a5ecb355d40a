# Round attack71. PYTHONPATH=. python examples/verifier/made_of_attacks.py 200
"""Verdict-level odds of the two attacks over fresh reference sets (build_reference_set: A, B ladder, A2, D), judged
with the tolerances the judge built (after) and with tolerances rebuilt without made_of (before)."""
import sys, tempfile, torch
from pathlib import Path
from autotriton_backend import KernelTask
from autotriton_backend.verifier.judge import JudgeJob, build_reference_set
from autotriton_backend.verifier.comparison import tolerances, within
n = int(sys.argv[1])
def attack(name, x, y):
    if name == "reciprocal":
        v = 1.0 / x
        return v if x.abs().max() >= 5 else torch.where(v.abs() >= 1, v, torch.floor(v / 2.0 ** -11 + 0.5) * 2.0 ** -11)
    v = x / y
    return torch.where(v.abs() >= 1, v, torch.floor(v * 4096.0 + 0.5) / 4096.0)
for name, path in (("reciprocal", "tests/catalogue/task_heavy_tails.py"),
                   ("quotient", "tests/attacks/task_div_relu.py")):
    task = KernelTask.from_file(Path(path)); passed = {"before": 0, "after": 0}
    for i in range(n):
        with tempfile.TemporaryDirectory() as d:
            ref = build_reference_set(JudgeJob(task, None, ""), "cpu", Path(d))
            for when in passed:
                ok = True
                for t in ref.trials:  # the refill keeps no inputs (its values go to the buffers of A)
                    if 0 not in t.judged: continue
                    tol = t.tolerances[0] if when == "after" else tolerances(task, t.native, t.expected)[0]
                    ok &= within(attack(name, *t.inputs[:2]), t.expected[0], tol)[0]
                passed[when] += ok
    print(name, n, "fresh reference sets; verdicts passed:", passed, flush=True)
