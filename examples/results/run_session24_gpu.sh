#!/usr/bin/env bash
# Session 24, issue 9 (run 99): tokenizer + SFT from scratch with the library tail (recipe key library_tail: the
# answers are ModelNew alone, ~13x shorter than run 81's; now the tiny recipe's default) until END_S=570 s.
# run(command="PHASE=sft bash examples/results/run_session24_gpu.sh", carry=[".whl"])
# Back: the SFT weights, run.tar and train_sft.log (bash examples/results/unpack_train.sh FILES_AT runs/tiny/sft).
# Its held-out eval (run 100) needs the weights in agent/bundled_model's place: the tracked tree, .whl and a second
# model pass the 64 MiB that travels (training/results/README.md, runs 99-102).
cd "$(dirname "$0")/../.." || exit 1
export TRAIN_SET="library_tail=true rl_only_percent=0 ${TRAIN_SET:-}"
[ "${PHASE:?PHASE=sft}" = sft ] && END_S=${END_S:-570} bash examples/results/run_train_gpu.sh sft
