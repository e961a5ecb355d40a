#!/usr/bin/env bash
# Issue 9, run 129: SFT where every long train task is a fresh variant each epoch (training/results/fresh_variants.py),
# in two calls (one would pass 10 minutes). HERE first: `python training/results/fresh_variants.py make
# training/dataset 12 7` (writes training/dataset/fresh.jsonl.gz), and move agent/bundled_model's safetensors out of
# the tree (the run does not read them; the tree, .whl and runs/dataset49 must travel within 64 MiB).
#   run(command="bash examples/results/run_fresh129_gpu.sh train", carry=[".whl", "runs/dataset49"])
#   run(command="bash examples/results/run_fresh129_gpu.sh eval", carry=[".whl", "runs/dataset49", "runs/tiny/sft/model"])
# (here: unpack_train.sh FILES_AT runs/tiny/sft first, and move training/dataset/pairs out of the tree, which must
# travel within 64 MiB; in run 129 the next call got a fresh machine, without the run, though the first was warm)
# train: the tokenizer on the dataset as it is, then the pairs 12 times and the variants once, one epoch (as 12);
# eval: the held-out eval (run_eval_gpu.sh), then issue 7's CUDA checks (run_gpu_checks.sh).
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
if [ "$1" = train ]; then
  rm -rf runs/tiny/sft
  timeout 150 python3 -m autotriton_backend.cli train tokenizer --recipe tiny --data training/dataset --out runs/tiny/sft \
    2>&1 | tail -2 || exit 1
  python3 training/results/fresh_variants.py repeat training/dataset 12 || exit 1
  echo "[$SECONDS s] data ready"
  TRAIN_SET="sft.num_train_epochs=1 sft.per_device_train_batch_size=32 sft.train_sampling_strategy=group_by_length
    sft.dataset_num_proc=8" END_S=$((520 - SECONDS)) bash examples/results/run_train_gpu.sh sft | grep -v "it/s\]$" | tail -8
else
  EVAL_S=150 bash examples/results/run_eval_gpu.sh fresh129 runs/dataset49 runs/tiny/sft/model
  bash examples/results/run_gpu_checks.sh
fi
