#!/usr/bin/env bash
# Session 25, issue 9 (run 105): SFT from scratch on the larger direct-teacher data (run 104 added 1,786 train pairs
# of new synthetic tasks: 9,822 in all), with the bundled model's tokenizer (not retrained: the same vocabulary, so
# runs compare), batches of 32 and SFT_EPOCHS epochs (default 8) until SFT_END_S=420 s, then the held-out eval of
# session 11's 64 tasks (runs/dataset49) in what is left of END_S=575.
# run(command="bash examples/results/run_session25_gpu.sh", carry=[".whl", "runs/dataset49"])
# Back: the SFT weights, run.tar, train_sft.log (bash examples/results/unpack_train.sh FILES_AT runs/tiny/sft) and
# eval_sft105.{json,rows.jsonl,log}.
cd "$(dirname "$0")/../.." || exit 1
mkdir -p runs/tiny/sft/tokenizer
cp agent/bundled_model/{tokenizer.json,tokenizer_config.json,chat_template.jinja} runs/tiny/sft/tokenizer/ || exit 1
export TRAIN_SET="sft.per_device_train_batch_size=32 sft.num_train_epochs=${SFT_EPOCHS:-8} ${TRAIN_SET:-}"
END_S=${SFT_END_S:-420} bash examples/results/run_train_gpu.sh sft
EVAL_S=$((${END_S:-575} - SECONDS)) bash examples/results/run_eval_gpu.sh sft105 runs/dataset49 runs/tiny/sft/model
