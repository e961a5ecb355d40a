#!/usr/bin/env bash
# Fourth GPU call: issue 11's benchmark suite (pytest-benchmark JSON and table; the plot is drawn from the
# JSON afterwards with `autotriton report`, on any machine with matplotlib).
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
PYTHON=python3 timeout 560 bash examples/benchmarks/run_gpu.sh "$OUT" 2>&1 | tail -60
