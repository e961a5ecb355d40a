# Session 13, run 52 (issue 7): the first GPU run of sessions 11-12's verifier changes (state kept across calls,
# ModelNew built twice per load, keyed fingerprints, freed device memory cleared to zeros).
# 1. every GPU-only test (14);
# 2. verifier throughput with up to 32 candidates per sandboxed process (16 slots), then the 8.6 GB task, whose
#    load now builds the model twice. Compare with run 26 (examples/verifier/results/run26/bench.log, same script).
# Carry .whl. Back: gpu_tests.log, bench.json, bench.log.
source examples/results/device_setup.sh
mkdir -p $OUT
timeout 280 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_verifier_reuse.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_attacks_sandbox.py tests/test_backend_gpu.py tests/test_eval.py 2>&1 \
  | tail -40 | tee $OUT/gpu_tests.log
timeout 280 python3 examples/verifier/bench_gpu.py --out $OUT/bench.json --workers 16 --reuse 32 --untimed 240 --timed 60 \
  2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee $OUT/bench.log
