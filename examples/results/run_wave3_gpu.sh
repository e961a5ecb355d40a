#!/usr/bin/env bash
# Third GPU call: the GPU tests after the fixes, then issue 10's regions run.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
python3 -m pytest -q -s -p no:cacheprovider tests/test_verifier_gpu.py tests/test_attacks_gpu.py 2>&1 | tee "$OUT/gpu_tests2.log"
timeout 420 python3 examples/regions_gpu.py --out "$OUT/regions.json" 2>&1 | tee "$OUT/regions2.log"
