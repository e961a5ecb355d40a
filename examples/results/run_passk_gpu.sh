#!/usr/bin/env bash
# Issue 9: how much GRPO could add on the held-out split: pass@8 of the model in agent/bundled_model (8 samples at
# each temperature in TEMPS, default "1.0 0.6"; untimed) on the 64 held-out tasks of runs/dataset49, as
# run_eval_gpu.sh picks them. RL mostly turns what a model reaches in k samples into what it reaches in one, so
# pass@8 bounds what GRPO from this model is likely to reach greedily.
# run(command="bash examples/results/run_passk_gpu.sh NAME", carry=[".whl", "runs/dataset49"]).
# Back: passk_NAME_T.{json,log,rows.jsonl} per temperature T.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
name=${1:?usage: run_passk_gpu.sh NAME}
for t in ${TEMPS:-1.0 0.6}; do
  timeout -k 10 "${PASSK_S:-240}" python3 -m autotriton_backend.cli eval --engine hf:agent/bundled_model --suite test \
    --dataset runs/dataset49 --samples 8 --temperature "$t" --no-timing --limit 64 --batch 64 --max-tokens 3072 \
    --rows "$OUT/passk_${name}_$t.rows.jsonl" --json > "$OUT/passk_${name}_$t.json" 2> "$OUT/passk_${name}_$t.log"
  echo "T=$t exit $?"
  python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print({k: d.get(k) for k in ('tasks', 'samples',
'correct_pct', 'hacked_pct', 'pass_at_1', 'pass_at_k', 'outcomes', 'generate_s', 'judge_s')})" "$OUT/passk_${name}_$t.json"
done
