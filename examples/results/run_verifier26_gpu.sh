# Session 7, run 26 (issue 7): sandboxed processes that judge several gated candidates in turn (runner.Host).
# 1. the GPU-only verifier tests, the reuse ones included (the device-memory scrub, reuse passing its own check);
# 2. verifier throughput side by side in one call: a fresh process per candidate (--reuse 1, the old behaviour)
#    against up to 32 candidates per process (the GPU default), 16 sandboxed slots, then the 8.6 GB task.
# Carry .whl (diskcache). Everything lands in $OUT: gpu_tests.log, bench.json, bench.log.
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 250 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_verifier_reuse.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_attacks_sandbox.py 2>&1 | tail -40 | tee $OUT/gpu_tests.log
timeout 320 python3 examples/verifier/bench_gpu.py --out $OUT/bench.json --workers 16 --reuse 1 32 --untimed 240 --timed 60 2>&1 \
  | grep -v -i "softmax\|warnings.warn\|^$" | tee $OUT/bench.log
