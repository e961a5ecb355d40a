#!/usr/bin/env bash
# Runs 20-21 (nvidia-h200-x4, nvidia-h200-x2), issues 8 and 9 in one call:
#   1. training data on every GPU for DATA_SECONDS (default 330): run_data_gpu.sh, every GPU judging
#      (tasks and capture processes dealt round robin) -> $OUT/dataset.tar.gz, $OUT/generate.log
#   2. side by side on the data just made:
#      GPUs 0,1:  the tiny recipe's tokenizer + SFT on two GPUs with accelerate (issue 9's two-GPU log,
#                 run_train_gpu.sh sft2) -> $OUT/train_sft2.log, model shard, run.tar
#      last GPU:  20 random pairs re-verified with `autotriton verify` as a new user would (issue 8; correctness
#                 only counts here: on two GPUs it shares GPU 1 with the training) -> $OUT/reverify_cuda.json
# run(command="bash examples/results/run_data20_gpu.sh", kind="nvidia-h200-x4", carry=[".whl"], timeout_s=600)
cd "$(dirname "$0")/../.." || exit 1
bash examples/results/run_data_gpu.sh "${DATA_SECONDS:-330}"
source examples/results/device_setup.sh > /dev/null
last=$(( $(nvidia-smi -L | wc -l) - 1 ))
(CUDA_VISIBLE_DEVICES=$last timeout 200 python3 examples/results/reverify_pairs.py --count 20 --jobs 5 --device cuda \
  --out "$OUT/reverify_cuda.json" > "$OUT/reverify_cuda.log" 2>&1; echo "reverify exit $?" >> "$OUT/reverify_cuda.log") &
CUDA_VISIBLE_DEVICES=0,1 TRAIN_SET="max_seconds=120" timeout 200 bash examples/results/run_train_gpu.sh sft2 > /dev/null 2>&1
echo "sft2 exit $?"
wait
tail -6 "$OUT/train_sft2.log"; tail -3 "$OUT/reverify_cuda.log"
