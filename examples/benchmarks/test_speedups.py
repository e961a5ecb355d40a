"""Speedups of the example models: eager vs inductor vs autotriton, with pytest-benchmark.

Copy this file for your own model: a test takes the `autotriton_benchmark` fixture (shipped with
autotriton as a pytest plugin) and calls it once with (model, example_inputs).

    pytest examples/benchmarks/test_speedups.py --benchmark-json results.json
    autotriton report results.json --plot speedups.png

autotriton runs with AUTOTRITON_* settings from the environment, in cache mode unless
AUTOTRITON_MODE says otherwise: warm the cache first (`autotriton warmup examples/models.py:build_mlp
--engine SPEC`) so the timed runs use the kernels that won. On a CPU the models are tiny and the
numbers are CPU numbers (labelled so in the table): Triton kernels run in its interpreter there.
"""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent))
from models import FACTORIES  # noqa: E402


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_model(autotriton_benchmark, name):
    model, inputs = FACTORIES[name]()
    result = autotriton_benchmark(model, inputs, options={"mode": os.environ.get("AUTOTRITON_MODE", "cache")}, name=name)
    tolerance = 1e-3 if result.device == "cpu" else 5e-2  # bf16 on a GPU
    assert max(result.max_abs_error.values()) < tolerance, result.max_abs_error
