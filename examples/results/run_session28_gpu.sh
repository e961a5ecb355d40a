#!/usr/bin/env bash
# Session 28 (issues 7 and 9), one call after rounds attack36-37 and the nudge by the task's dtype (carry .whl and
# runs/dataset49):
# 1. every attack and honest catalogue file judged on CUDA (tests/test_attacks.py, ATTACK_DEVICE=cuda);
# 2. the GPU-only verifier and backend tests (the per-device build of a spliced ModelNew, the catalogue on CUDA);
# 3. the verifier's throughput and the 8.6 GB task with the ladder of rounds 35-36 (one --reuse, fewer verdicts
#    than run 92's bench: enough to compare with the targets);
# 4. the held-out eval of the bundled model (run 109) under today's verifier, in what is left of END_S (default 500).
# Back: attacks.json, attacks.log, gpu_tests.log, bench.json, bench.log, eval_bundled.{json,log,rows.jsonl}.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
source examples/results/run_gpu_checks.sh
timeout 130 python3 examples/verifier/bench_gpu.py --out "$OUT/bench.json" --workers 16 --reuse 32 --untimed 160 \
  --timed 40 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" > "$OUT/bench.log"
echo "[$SECONDS s] bench:"; tail -4 "$OUT/bench.log"
left=$((${END_S:-500} - SECONDS))
[ "$left" -ge 100 ] || { echo "eval: skipped, $left s left"; exit 0; }
EVAL_S=$left bash examples/results/run_eval_gpu.sh bundled runs/dataset49
