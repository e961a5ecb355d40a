#!/usr/bin/env bash
# Issue 10 (run 17): the regions benchmark with the parent's judge stopped before the warm compiles and 7 fresh
# processes per backend taking turns; then the GPU-only tests (-v, so a cut-short run still shows what passed).
# run(command="bash examples/results/run_regions17_gpu.sh", carry=[".whl"])
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
timeout 330 python3 examples/regions_gpu.py --out "$OUT/regions_h100_run17.json" 2>&1 | grep -v "warn" \
  | tee "$OUT/regions_h100_run17.log" | tail -8
timeout 210 python3 -m pytest -v -p no:cacheprovider tests/test_attacks_sandbox.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_backend_gpu.py 2>&1 | grep -E "PASSED|FAILED|ERROR|SKIPPED|passed|failed" \
  > "$OUT/gpu_tests_h100_run17.log"; tail -5 "$OUT/gpu_tests_h100_run17.log"
