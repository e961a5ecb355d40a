#!/usr/bin/env bash
# Verifier v2 on the GPU: throughput and scale (examples/verifier/bench_gpu.py), then the GPU-only tests
# (timing, timing games, the backend's GPU path). Results land in $OUT.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
python3 examples/verifier/bench_gpu.py --out "$OUT/verifier_bench.json" 2>&1 | tee "$OUT/verifier_bench.log"
python3 -m pytest -q -s -p no:cacheprovider tests/test_verifier_gpu.py tests/test_attacks_gpu.py \
  tests/test_backend_gpu.py 2>&1 | tee "$OUT/gpu_tests.log"
