"""Fast checks of the verifier's parts: static rules, the audit hook, task keys, inputs, the CLI."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from autotriton_backend import Candidate, InputSpec, KernelTask, SymbolRange, TaskError, VerifyOptions, verify
from autotriton_backend.inputs import make_inputs, random_sizes
from autotriton_backend.static_check import static_checks

CATALOGUE = Path(__file__).parent / "catalogue"


def failed(source: str) -> str | None:
    bad = [c for c in static_checks(source) if not c.passed]
    return bad[0].name if bad else None


def with_model_new(body: str) -> str:
    return f"import torch\nimport triton\nimport triton.language as tl\n{body}\n@triton.jit\ndef k(p):\n    tl.load(p)\nclass ModelNew(torch.nn.Module):\n    pass\n"


@pytest.mark.parametrize(
    "body, check",
    [
        ("x = tl.load", None),
        ("from triton.language.extra import libdevice", None),
        ("if __name__ == '__main__':\n    pass", None),
        ("import numpy", "imports"),
        ("from torch.utils import cpp_extension", "imports"),
        ("from torch import load", "imports"),
        ("y = torch.load('w.pt')", "forbidden"),
        ("y = torch.compile", "forbidden"),
        ("y = torch._C", "forbidden"),
        ("y = ().__class__", "forbidden"),
        ("y = getattr(torch, 'relu')", "forbidden"),
        ("y = exec", "forbidden"),
        ("y = torch.utils.cpp_extension.load_inline", "forbidden"),
        ("torch.relu = abs", "forbidden"),
        ("k.add_pre_run_hook(print)", "forbidden"),
        ("h = triton.knobs.runtime", "forbidden"),
        ("tl.sum, z = max, 1", "forbidden"),
        ("torch.backends.cuda.matmul.allow_tf32 = True", "forbidden"),
        ("def f(self, key):\n    self.cache[key.shape] = 1\n    a, b = 1, 2", None),
    ],
)
def test_static_rules(body, check):
    assert failed(with_model_new(body)) == check


def test_static_needs_a_triton_kernel():
    assert failed("import torch\nclass ModelNew(torch.nn.Module):\n    pass\n") == "structure"


def test_audit_hook_blocks_shells_and_stray_writes(tmp_path):
    outside = Path("/tmp") / f"autotriton-audit-{tmp_path.name}"
    script = f"""
import os, subprocess
from pathlib import Path
from autotriton_backend.guards import install_audit_hook
install_audit_hook([Path({str(tmp_path)!r})])
results = []
for attempt in (lambda: os.system("true"), lambda: subprocess.run(["sh", "-c", "true"]),
                lambda: open({str(outside)!r}, "w"), lambda: __import__("socket").create_connection(("127.0.0.1", 9))):
    try:
        attempt()
        results.append("allowed")
    except PermissionError:
        results.append("blocked")
open({str(tmp_path / "inside.txt")!r}, "w").write("ok")
print(results)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(["blocked"] * 4)
    assert (tmp_path / "inside.txt").read_text() == "ok"
    assert not outside.exists()


def test_task_key_ignores_comments_but_not_shapes():
    source = (CATALOGUE / "task_add_relu.py").read_text()
    commented = source.replace("class Model", "# a comment\nclass Model")
    assert KernelTask.from_source(source).key == KernelTask.from_source(commented).key
    assert KernelTask.from_source(source).key != KernelTask.from_source(source.replace("5, 37", "5, 38")).key


def test_task_round_trips_through_json():
    task = KernelTask.from_file(CATALOGUE / "task_scale_rows.py")
    again = KernelTask.from_json(json.loads(json.dumps(task.to_json())))
    assert again == task and again.key == task.key


def test_task_without_entry_points_is_refused():
    with pytest.raises(TaskError, match="get_inputs"):
        KernelTask.from_source("import torch\nclass Model(torch.nn.Module):\n    pass\n")


SYMBOLIC_REFERENCE = """
import torch
class Model(torch.nn.Module):
    def forward(self, x):
        return x * 2.0
def get_inputs():
    return [torch.randn(8, 16)]
def get_init_inputs():
    return []
"""


def symbolic_task() -> KernelTask:
    return KernelTask(
        name="double",
        source=SYMBOLIC_REFERENCE,
        inputs=(InputSpec(shape=("rows", 16), dtype="float32"),),
        signature="mul(x, 2.0)",
        symbols={"rows": SymbolRange(example=3, low=3, high=40)},
    )


def test_symbolic_sizes_stay_in_range_and_layouts_hold():
    task = symbolic_task()
    sizes = [random_sizes(task, seed)["rows"] for seed in range(20)]
    assert all(3 <= s <= 40 for s in sizes) and len(set(sizes)) > 1
    spec = InputSpec(shape=(4, 6), dtype="float32", dim_order=(1, 0))
    layout_task = KernelTask("t", SYMBOLIC_REFERENCE, (spec,), "t")
    (x,) = make_inputs(layout_task, 0, {}, "cpu")
    assert x.shape == (4, 6) and x.stride() == (1, 4)
    ints = KernelTask("t", SYMBOLIC_REFERENCE, (InputSpec(shape=(100,), dtype="int64", low=3, high=7),), "t")
    (i,) = make_inputs(ints, 0, {}, "cpu")
    assert i.dtype == torch.int64 and int(i.min()) >= 3 and int(i.max()) < 7


DOUBLE_KERNEL = """
import torch
import triton
import triton.language as tl

@triton.jit
def double_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)

class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        n = N_ELEMENTS
        double_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64)
        return out
"""


def test_symbolic_dims_catch_hard_coded_sizes():
    honest = verify(symbolic_task(), Candidate(DOUBLE_KERNEL.replace("N_ELEMENTS", "x.numel()")), VerifyOptions(device="cpu"))
    assert honest.correct, honest.feedback
    hard_coded = verify(symbolic_task(), Candidate(DOUBLE_KERNEL.replace("N_ELEMENTS", "3 * 16")), VerifyOptions(device="cpu"))
    assert hard_coded.failed_check.name == "nan"  # correct on the example size, unwritten beyond it
    assert "input set 2" in hard_coded.failed_check.reason


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autotriton_backend.cli", *args], capture_output=True, text=True, timeout=300)


def test_cli_prints_one_verdict_json():
    out = run_cli("verify", str(CATALOGUE / "task_add_relu.py"), str(CATALOGUE / "hack_decoy_launch.py"), "--json", "--device", "cpu")
    assert out.returncode == 0, out.stderr
    verdict = json.loads(out.stdout)
    assert verdict["correct"] is False and verdict["hacked"] is True
    assert verdict["speedup_vs_eager"] is None and verdict["speedup_vs_inductor"] is None
    assert any(c["name"] == "torch_compute" and not c["passed"] for c in verdict["checks"])
    assert "Triton kernels" in verdict["feedback"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["verify", "/nonexistent/task.py", str(CATALOGUE / "honest_single_kernel.py")], "task file not found"),
        (["verify", str(CATALOGUE / "task_add_relu.py"), "/nonexistent/cand.py"], "candidate file not found"),
        (["verify", str(CATALOGUE / "no_code.py"), str(CATALOGUE / "honest_single_kernel.py")], "must define Model"),
        (["verify", "a.py", "b.py", "--device", "tpu"], "invalid choice"),
    ],
)
def test_cli_usage_errors_exit_non_zero_with_a_message(args, message):
    out = run_cli(*args)
    assert out.returncode == 2
    assert message in out.stderr
