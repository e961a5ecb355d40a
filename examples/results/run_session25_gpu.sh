#!/usr/bin/env bash
# Session 25, issue 9: SFT from scratch on the larger direct-teacher data (runs 103-104: ~8,000 more synthetic RL
# tasks, answered by the direct teacher on the GPU), with the bundled model's tokenizer (not retrained: the same
# vocabulary, so runs compare), batches of 32 and SFT_EPOCHS epochs (default 6), until END_S=570 s.
# run(command="bash examples/results/run_session25_gpu.sh", carry=[".whl"])
# Back: the SFT weights, run.tar and train_sft.log (bash examples/results/unpack_train.sh FILES_AT runs/tiny/sft).
# Its held-out eval needs the weights in agent/bundled_model's place (run_eval_gpu.sh; training/results/README.md).
cd "$(dirname "$0")/../.." || exit 1
mkdir -p runs/tiny/sft/tokenizer
cp agent/bundled_model/{tokenizer.json,tokenizer_config.json,chat_template.jinja} runs/tiny/sft/tokenizer/ || exit 1
export TRAIN_SET="sft.per_device_train_batch_size=32 sft.num_train_epochs=${SFT_EPOCHS:-6} ${TRAIN_SET:-}"
END_S=${END_S:-570} bash examples/results/run_train_gpu.sh sft
