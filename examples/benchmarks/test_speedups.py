"""Speedups of the example models: eager vs inductor vs autotriton, with pytest-benchmark.

Copy this file for your own model: a test takes the `autotriton_benchmark` fixture (shipped with
autotriton as a pytest plugin) and calls it once with (model, example_inputs).

    pytest examples/benchmarks/test_speedups.py --benchmark-json results.json
    autotriton report results.json --plot speedups.png

autotriton runs in cache mode (AUTOTRITON_MODE overrides): warm the cache first (`autotriton warmup
examples/models.py:build_mlp --engine SPEC`) so the timed runs use the kernels that won, or set
AUTOTRITON_BENCH_WARM=1 to offer the bundled kernels (examples/kernels) first. On a CPU the models are
tiny and the numbers are CPU numbers (labelled so in the table).
"""
import os
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parent.parent
sys.path.insert(0, str(EXAMPLES))
sys.path.insert(0, str(Path(__file__).parent))
from models import FACTORIES  # noqa: E402
from warm import warm_if_asked  # noqa: E402

BUNDLED_KERNELS = [EXAMPLES / "kernels" / "linear.py", EXAMPLES / "kernels" / "linear_gelu.py"]


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_model(autotriton_benchmark, name):
    model, inputs = FACTORIES[name]()
    warm_if_asked(model, inputs, BUNDLED_KERNELS)
    result = autotriton_benchmark(model, inputs, options={"mode": os.environ.get("AUTOTRITON_MODE", "cache")}, name=name)
    tolerance = 1e-3 if result.device == "cpu" else 5e-2  # bf16 on a GPU
    assert max(result.max_abs_error.values()) < tolerance, result.max_abs_error
