#!/usr/bin/env bash
# Sixth GPU call: issue 10's regions run with eager timed by the judge (sum over dim 1 with no engine), and the
# model guard's GPU test after its timing moved to verifier/timing.interleaved_medians.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_backend_gpu.py 2>&1 | tee "$OUT/backend_gpu6.log"
timeout 390 python3 examples/regions_gpu.py --out "$OUT/regions.json" 2>&1 | tee "$OUT/regions6.log"
