# Issue 8: the training data on the GPU(s), written into training/dataset (tracked, so every call resumes where the
# committed ledger stopped); every visible GPU judges. One call: bash examples/results/run_data_gpu.sh [SECONDS]
# (default 480). Back comes $OUT/dataset.tar.gz (ledger, shards, stats; refreshed every 60 s, so a call cut short
# still returns what was committed) and the filtered log; unpack with
# `tar xzf FILES_AT/dataset.tar.gz -C training/dataset` and commit.
source examples/results/device_setup.sh
mkdir -p $OUT
raw=/tmp/generate.raw  # a file, not a pipe: a pipe's reader would wait on every process that inherited it
snapshot() {
  (cd training/dataset && tar czf $OUT/dataset.tar.gz.part --exclude=./tasks . && mv $OUT/dataset.tar.gz.part $OUT/dataset.tar.gz)
  tr '\r' '\n' < $raw | grep -av "AUTOTUNE\|triton_mm\|triton_bmm\|strides:\|dtypes:\|best_kernel\|Autotune\|select_algorithm\|^  \|^$" > $OUT/generate.log
}
(while sleep 60; do snapshot; done) &
snapshots=$!
# SIGTERM to the generator alone at SECONDS (--foreground: its pools' processes are not signalled mid-task); it
# commits what it judged, stops its workers and exits; KILL 60 s later if that hangs.
timeout --foreground --signal=TERM --kill-after=60 ${1:-480} python3 -m training.data.generate --out training/dataset \
  --count 6000 --device cuda > $raw 2>&1
kill $snapshots; snapshot
tail -15 $OUT/generate.log
head -12 training/dataset/STATS.md
