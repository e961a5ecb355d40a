#!/usr/bin/env bash
# Issue 9 (run 23): run 22's SFT model (runs/tiny/sft, carried) on the held-out test split, one greedy sample per
# task, judged (and timed where correct) on the GPU; rows are written as tasks finish, so a cut-short call keeps them.
# run(command="bash examples/results/run_eval23_gpu.sh", carry=[".whl", "runs/tiny/sft"])
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
timeout 330 python3 -m autotriton_backend.cli eval --engine hf:runs/tiny/sft/model --suite test --samples 1 \
  --max-tokens 3072 --batch 80 --rows "$OUT/eval_sft_gpu.rows.jsonl" --json > "$OUT/eval_sft_gpu.json" 2> "$OUT/eval_sft_gpu.log"
echo "eval exit $?"; python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print({k: v for k, v in d.items() if k != 'rows'})" "$OUT/eval_sft_gpu.json"
tr '\r' '\n' < "$OUT/eval_sft_gpu.log" | tail -3
