#!/usr/bin/env bash
# Session 29 (issues 7 and 9), one call after the tolerance learned to widen by eager's own error
# (`verifier/comparison.py`; carry .whl and runs/dataset49):
# 1. every attack and honest catalogue file judged on CUDA (tests/test_attacks.py, ATTACK_DEVICE=cuda);
# 2. the GPU-only verifier and backend tests;
# 3. the held-out eval of the model in agent/bundled_model, twice (each draws its own secret input sets: what is
#    left between the two is the verifier's noise on one greedy sample), in what is left of END_S (default 560).
# Back: attacks.json, attacks.log, gpu_tests.log, eval_NAME1.{json,log,rows.jsonl}, eval_NAME2.*; NAME (default
# bundled) is the first argument.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
name=${1:-bundled}
source examples/results/run_gpu_checks.sh
for run in 1 2; do
  left=$(((${END_S:-560} - SECONDS) / (3 - run)))
  [ "$left" -ge 100 ] || { echo "eval $run: skipped, $left s left"; exit 0; }
  EVAL_S=$left bash examples/results/run_eval_gpu.sh "$name$run" runs/dataset49
done
