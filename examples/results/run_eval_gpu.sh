#!/usr/bin/env bash
# Issue 9: the held-out eval of MODEL (default agent/bundled_model) on the GPU (greedy, one sample, timed where
# correct), on 64 tasks spread over the test split of DATASET (default training/dataset), within EVAL_S seconds
# (default 560). A model trained here travels as agent/bundled_model (the tracked tree plus .whl must fit the
# 64 MiB that travels; a second model would not); one trained in the same call is named by its directory.
# run(command="bash examples/results/run_eval_gpu.sh NAME [DATASET [MODEL]]", carry=[".whl", DATASET if not tracked])
# Session 11's 64 tasks (runs 49-51) are those of the RL shards at 162527b: here, once, `mkdir -p runs/dataset49 &&
# git archive 162527b training/dataset/rl | tar x --strip-components=2 -C runs/dataset49`, then DATASET=runs/dataset49.
# Back: eval_NAME.json (the summary), eval_NAME.rows.jsonl (per task), eval_NAME.log.
source examples/results/device_setup.sh > /dev/null || exit 1
name=${1:?usage: run_eval_gpu.sh NAME [DATASET [MODEL]]}
timeout -k 10 "${EVAL_S:-560}" python3 -m autotriton_backend.cli eval --engine "hf:${3:-agent/bundled_model}" --suite test \
  --dataset "${2:-training/dataset}" --samples 1 --limit 64 --batch 64 --max-tokens 3072 \
  --rows "$OUT/eval_$name.rows.jsonl" --json > "$OUT/eval_$name.json" 2> "$OUT/eval_$name.log"
echo "exit $?"
tr '\r' '\n' < "$OUT/eval_$name.log" | grep -v '^\s*$' | tail -3
python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print({k: d[k] for k in ('tasks', 'compiled_pct',
'correct_pct', 'hacked_pct', 'fast1_vs_eager_pct', 'fast1_vs_inductor_pct', 'outcomes', 'generate_s', 'judge_s')})" \
  "$OUT/eval_$name.json"
