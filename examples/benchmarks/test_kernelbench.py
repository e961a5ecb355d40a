"""Speedups on the KernelBench-style tasks (examples/kernelbench): eager vs inductor vs autotriton.

Each task's `Model` is compiled as a user would compile it; with AUTOTRITON_BENCH_WARM=1 its regions
are first offered the task's hand-written kernel (`<task>_triton.py`), kept only where the verifier
accepts it for the region. GPU-sized on a GPU, the CPU-sized copies (examples/kernelbench/cpu) on a CPU.

    pytest examples/benchmarks/test_kernelbench.py --benchmark-json kernelbench.json
"""
import importlib.util
import os
import sys
from pathlib import Path

import pytest
import torch

KERNELBENCH = Path(__file__).parent.parent / "kernelbench"
TASKS = ["elementwise_gelu", "softmax", "rmsnorm", "row_sum", "matmul_bias_relu"]
sys.path.insert(0, str(Path(__file__).parent))
from warm import warm_if_asked  # noqa: E402


def load_task(name: str):
    folder = KERNELBENCH if torch.cuda.is_available() else KERNELBENCH / "cpu"
    spec = importlib.util.spec_from_file_location(f"kernelbench_{name}", folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    model = module.Model(*module.get_init_inputs()).to(device).eval()
    return model, [x.to(device) for x in module.get_inputs()]


@pytest.mark.parametrize("name", TASKS)
def test_task(autotriton_benchmark, name):
    model, inputs = load_task(name)
    warm_if_asked(model, inputs, [KERNELBENCH / f"{name}_triton.py"])
    result = autotriton_benchmark(model, inputs, options={"mode": os.environ.get("AUTOTRITON_MODE", "cache")}, name=name)
    tolerance = 1e-3 if inputs[0].dtype == torch.float32 else 5e-2
    assert max(result.max_abs_error.values()) < tolerance, result.max_abs_error
