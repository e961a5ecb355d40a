#!/usr/bin/env bash
# Second GPU call: verifier throughput again (after the first call's findings), then issue 10's regions run.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
python3 examples/verifier/bench_gpu.py --out "$OUT/verifier_bench2.json" --untimed 160 --timed 40 2>&1 | tee "$OUT/verifier_bench2.log"
timeout 300 python3 examples/regions_gpu.py --out "$OUT/regions.json" 2>&1 | tee "$OUT/regions.log"
