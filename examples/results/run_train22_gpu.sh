#!/usr/bin/env bash
# Run 22 (nvidia-h200-x2), issues 8 and 9 in one call; carry .whl and runs/tiny/sft (run 21's SFT model):
#   GPU 1, first:  GRPO's first GPU run, from run 21's SFT model, ~230 s (rewards judged on GPU 1), and beside it
#                  20 random pairs re-verified with `autotriton verify` as a new user would (issue 8)
#   GPU 0, first:  training data for 240 s with the fixed judge, zoo regions and synthetic programs in turns
#   GPUs 0,1 then: the tiny recipe's tokenizer + SFT on the grown dataset with accelerate (ddp2), ~150 s
# Back: dataset.tar.gz, generate.log, SFT's model shard, run.tar, train_sft2.log, and results.tar.gz (GRPO's log
# and run.tar, the re-verify's json and log).
# run(command="bash examples/results/run_train22_gpu.sh", kind="nvidia-h200-x2", carry=[".whl", "runs/tiny/sft"], timeout_s=600)
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
side=/tmp/run22 && mkdir -p $side/grpo
mv runs/tiny/sft runs/tiny/sft21  # run 21's model: GRPO starts from it; SFT below starts afresh on the grown data
(CUDA_VISIBLE_DEVICES=1 OUT=$side/grpo RUN_DIR=runs/tiny/grpo21 FROM=runs/tiny/sft21/model TRAIN_SET="max_seconds=230" \
  timeout 290 bash examples/results/run_train_gpu.sh grpo > /dev/null 2>&1; echo "grpo exit $?" >> $side/grpo/train_grpo.log) &
(CUDA_VISIBLE_DEVICES=1 timeout 280 python3 examples/results/reverify_pairs.py --count 20 --jobs 4 --device cuda \
  --out $side/reverify_cuda.json > $side/reverify_cuda.log 2>&1; echo "reverify exit $?" >> $side/reverify_cuda.log) &
CUDA_VISIBLE_DEVICES=0 bash examples/results/run_data_gpu.sh 240 > /dev/null
wait
echo "data, GRPO and re-verify done at ${SECONDS} s"
CUDA_VISIBLE_DEVICES=0,1 TRAIN_SET="max_seconds=150" timeout $((585 - SECONDS)) bash examples/results/run_train_gpu.sh sft2 > /dev/null 2>&1
echo "sft2 exit $? at ${SECONDS} s"
rm -f $side/grpo/*.safetensors
tar czf $OUT/results.tar.gz -C $side .
tail -4 $side/grpo/train_grpo.log; tail -2 $side/reverify_cuda.log; tail -3 $OUT/train_sft2.log; head -3 training/dataset/STATS.md
