# Issue 8: the training data on the GPU, written into training/dataset (tracked, so every call resumes where the
# committed ledger stopped). One call: bash examples/results/run_data_gpu.sh [SECONDS] (default 480).
# Back comes $OUT/dataset.tar.gz (ledger, shards, stats; refreshed every 60 s, so a call cut short still returns
# what was committed) and a log; unpack with `tar xzf FILES_AT/dataset.tar.gz -C training/dataset` and commit.
source examples/results/device_setup.sh
mkdir -p $OUT
snapshot() { (cd training/dataset && tar czf $OUT/dataset.tar.gz.part --exclude=./tasks . && mv $OUT/dataset.tar.gz.part $OUT/dataset.tar.gz); }
(while sleep 60; do snapshot; done) &
snapshots=$!
# SIGTERM to the generator alone at SECONDS (--foreground: its pools' processes are not signalled mid-task); it
# commits what it judged and exits; KILL 30 s later if its pools hang on exit.
timeout --foreground --signal=TERM --kill-after=30 ${1:-480} python3 -m training.data.generate --out training/dataset --count 6000 \
  --device cuda 2>&1 | tr '\r' '\n' | grep --line-buffered -v "AUTOTUNE\|triton_mm\|triton_bmm\|strides:\|dtypes:\|best_kernel\|Autotune\|^  \|^$" > $OUT/generate.log
kill $snapshots; snapshot
tail -15 $OUT/generate.log
head -12 training/dataset/STATS.md
