#!/usr/bin/env bash
# Issue 9: SFT from scratch (tokenizer, then the tiny recipe) and the held-out eval of what it made, in one call:
#   run(command="bash examples/results/run_sft_eval_gpu.sh NAME [DATASET]", carry=[".whl", "runs/dataset49"])
# TRAIN_SET adds recipe overrides (run_train_gpu.sh); SFT saves and exits END_S seconds in (default 410), and the
# eval (run_eval_gpu.sh, DATASET default runs/dataset49) gets EVAL_S (default 150).
# Back: the model's shards, run.tar and train_sft.log; eval_NAME.{json,rows.jsonl,log}. Rebuild the run here with
# `bash examples/results/unpack_train.sh FILES_AT runs/tiny/sft`.
cd "$(dirname "$0")/../.." || exit 1
name=${1:?usage: run_sft_eval_gpu.sh NAME [DATASET]}
rm -rf runs/tiny/sft  # from scratch: a warm machine keeps the last call's run, which run_train_gpu.sh would resume
END_S=${END_S:-410} bash examples/results/run_train_gpu.sh sft | grep -v "it/s\]$" | tail -5
EVAL_S=${EVAL_S:-150} bash examples/results/run_eval_gpu.sh "$name" "${2:-runs/dataset49}" runs/tiny/sft/model
