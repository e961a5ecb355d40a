#!/usr/bin/env bash
# Session 20, second call (issue 7): the verifier's throughput after rounds attack26-27 (a third build of ModelNew
# at load, over zeros, and the build monitor); compare run 82 (examples/verifier/results/run82/bench.log, the same
# command on an H200). Carry .whl. Back: bench.json, bench.log.
source examples/results/device_setup.sh > /dev/null || exit 1
timeout 300 python3 examples/verifier/bench_gpu.py --out "$OUT/bench.json" --workers 16 --reuse 32 --untimed 160 \
  --timed 60 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee "$OUT/bench.log"
