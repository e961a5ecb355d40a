#!/usr/bin/env bash
# Session 4, call 1 (run 14): two probes and the GPU-only tests in one call, each under its own time limit.
#  1. issue 7: what a CUDA context costs when many sandboxes make one at once (context_cost_gpu.py);
#  2. issue 10: where the warm compile's time goes (warm_compile_gpu.py; needs old483/, see run_warm_gpu.sh);
#  3. the GPU-only tests (sandbox attacks, verifier, attacks and backend on the GPU).
# run(command="bash examples/results/run_probe14_gpu.sh", carry=[".whl", "old483"]); everything comes back
# in $OUT/probe14.tar.gz (the warm probe alone writes five files).
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
r=$OUT/probe14 && mkdir -p "$r"
timeout 90 python3 examples/verifier/context_cost_gpu.py --out "$r/context_cost.json" 2>&1 | tail -20
timeout 280 python3 examples/warm_compile_gpu.py --out "$r/warm" --old-tree old483 --runs 2 2>&1 \
  | grep -v -i "warn" | tail -30 | tee "$r/warm.log"
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_attacks_sandbox.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_backend_gpu.py 2>&1 | tail -15 | tee "$r/gpu_tests.log"
tar czf "$OUT/probe14.tar.gz" -C "$OUT" probe14 && rm -rf "$r"
