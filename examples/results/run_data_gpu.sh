# Issue 8: the training data on the GPU, written into training/dataset (tracked, so every call resumes where the
# committed ledger stopped). One call: bash examples/results/run_data_gpu.sh [SECONDS] (default 540).
# Back comes $OUT/dataset.tar.gz (ledger, shards, the zoo's cut regions under tasks/, stats) and a log; unpack
# with `tar xzf FILES_AT/dataset.tar.gz -C training/dataset` and commit.
source examples/results/device_setup.sh
mkdir -p $OUT
timeout --signal=TERM ${1:-540} python3 -m training.data.generate --out training/dataset --count 6000 --device cuda \
  2>&1 | tr '\r' '\n' | grep -v "AUTOTUNE\|triton_mm\|triton_bmm\|strides:\|dtypes:\|best_kernel\|Autotune\|^  \|^$" \
  | awk '!/training data|zoo regions/ || NR % 25 == 1' > $OUT/generate.log
tail -15 $OUT/generate.log
(cd training/dataset && tar czf $OUT/dataset.tar.gz .)
cat training/dataset/STATS.md | head -12
