#!/usr/bin/env bash
# Issue 10: the regions run again with the warm compile measured over 5 fresh processes per backend, taking turns.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
timeout 480 python3 examples/regions_gpu.py --out "$OUT/regions_h100_run13.json" 2>&1 | grep -v "warn" | tee "$OUT/regions_h100_run13.log"
