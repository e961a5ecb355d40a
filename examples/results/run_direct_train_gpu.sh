# Issue 9, one call: the direct teacher's pairs judged on the GPU (run_direct_gpu.sh, DIRECT_S seconds, train split
# first), then the tiny recipe's tokenizer and SFT on them (run_train25_gpu.sh, SFT_S seconds, no GRPO: END_S=0).
# bash examples/results/run_direct_train_gpu.sh   (carry .whl)
# Back: direct.tar.gz (unpack into training/dataset) and run_train25_gpu.sh's sft/ and train25.log.
cd "$(dirname "$0")/../.." || exit 1
bash examples/results/run_direct_gpu.sh "${DIRECT_S:-230}" | tail -30
tar xzf "$OUT/direct.tar.gz" -C training/dataset  # what SFT reads (already there; the archive is the record)
SFT_S=${SFT_S:-210} END_S=0 EVAL_S=0 TRAIN_SET="${TRAIN_SET:-sft.num_train_epochs=10}" \
  bash examples/results/run_train25_gpu.sh
