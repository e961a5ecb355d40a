#!/usr/bin/env bash
# Fifth GPU call: where a verdict's time goes (stage seconds), then issue 10's regions run after the re-time fix.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
timeout 200 python3 examples/verifier/bench_gpu.py --out "$OUT/verifier_bench3.json" --untimed 64 --timed 20 2>&1 | tee "$OUT/verifier_bench3.log"
timeout 330 python3 examples/regions_gpu.py --out "$OUT/regions.json" 2>&1 | tee "$OUT/regions3.log"
