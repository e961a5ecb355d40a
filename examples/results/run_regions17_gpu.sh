#!/usr/bin/env bash
# Issue 10 (run 17): the regions benchmark with the parent's judge stopped before the warm compiles and 7 fresh
# processes per backend taking turns. (Its first try also ran the GPU-only tests after a 330 s limit that cut the
# warm phase: 20 passed, gpu_tests_h100_run17.log; the benchmark alone needs about 8 minutes.)
# run(command="bash examples/results/run_regions17_gpu.sh", carry=[".whl"])
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
timeout 540 python3 examples/regions_gpu.py --out "$OUT/regions_h100_run17.json" 2>&1 | grep -v "warn" \
  | tee "$OUT/regions_h100_run17.log" | tail -12
