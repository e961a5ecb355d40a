#!/usr/bin/env bash
# Issue 9 (run 18): the tiny recipe's first GPU training on the real dataset (training/dataset, 480 pairs):
# tokenizer + SFT for 300 s (run_train_gpu.sh sft), then the SFT model evaluated on the held-out test split,
# 4 samples per task, judged by the verifier on the same GPU.
# run(command="bash examples/results/run_sfteval18_gpu.sh", carry=[".whl"]); unpack the model with
# bash examples/results/unpack_train.sh FILES_AT runs/tiny/sft
cd "$(dirname "$0")/../.." || exit 1
TRAIN_SET="max_seconds=300" bash examples/results/run_train_gpu.sh sft > /dev/null 2>&1
tail -4 "$OUT/train_sft.log"
source examples/results/device_setup.sh > /dev/null
timeout 170 python3 -m autotriton_backend.cli eval --engine hf:runs/tiny/sft/model --suite test --samples 4 \
  --max-tokens 1536 --rows "$OUT/eval_sft.rows.jsonl" --json > "$OUT/eval_sft.json" 2> "$OUT/eval_sft.log"
echo "eval exit $?"; cat "$OUT/eval_sft.json"; tail -5 "$OUT/eval_sft.log"
