#!/usr/bin/env bash
# Issue 9 (run 19): run 18's SFT model (runs/tiny/sft, carried) on the held-out test split, one greedy sample per
# task, judged and timed on the GPU; rows are written as tasks finish, so a cut-short call still reports them.
# run(command="bash examples/results/run_eval19_gpu.sh", carry=[".whl", "runs/tiny/sft"])
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
timeout 200 python3 -m autotriton_backend.cli eval --engine hf:runs/tiny/sft/model --suite test --samples 1 \
  --max-tokens 1536 --rows "$OUT/eval_sft_gpu.rows.jsonl" --json > "$OUT/eval_sft_gpu.json" 2> "$OUT/eval_sft_gpu.log"
echo "eval exit $?"; cat "$OUT/eval_sft_gpu.json"; tr '\r' '\n' < "$OUT/eval_sft_gpu.log" | tail -3
