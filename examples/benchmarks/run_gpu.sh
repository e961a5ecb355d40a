#!/usr/bin/env bash
# The GPU benchmark suite: eager vs inductor vs autotriton over the example models (examples/models.py)
# and the KernelBench-style tasks (examples/kernelbench), with the autotriton pytest plugin.
#
# usage: bash examples/benchmarks/run_gpu.sh [OUT_DIR]      (default: $OUT, else ./benchmark-results)
#
# Writes to OUT_DIR: speedups.json (pytest-benchmark JSON, speedups in each entry's extra_info),
# speedups.txt (the table, device named), speedups.png (the plot), pytest.log, kernel-cache.txt.
# A fresh kernel cache is warmed with the bundled and hand-written kernels first (the files engine
# plays the model); a kernel is kept only where the verifier finds it correct and faster than inductor.
# Without a GPU it prints "skipped: needs a CUDA GPU" and exits 0.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-${OUT:-benchmark-results}}"
py="${PYTHON:-python}"
if ! "$py" -c "import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)"; then
  echo "skipped: needs a CUDA GPU"
  exit 0
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
export AUTOTRITON_CACHE_DIR="$out/kernel-cache" AUTOTRITON_BENCH_WARM=1
rm -rf "$AUTOTRITON_CACHE_DIR"
status=0  # a failing test still leaves the table and the plot of the others
"$py" -m pytest examples/benchmarks/test_speedups.py examples/benchmarks/test_kernelbench.py \
  -p autotriton_pytest -p no:cacheprovider -s \
  --benchmark-json "$out/speedups.json" --benchmark-columns=median,iqr,rounds,iterations 2>&1 | tee "$out/pytest.log" || status=$?
"$py" -m autotriton_backend.cli report "$out/speedups.json" --plot "$out/speedups.png" | tee "$out/speedups.txt"
"$py" -m autotriton_backend.cli cache ls > "$out/kernel-cache.txt"
echo "results in $out (pytest exit status $status)"
exit "$status"
