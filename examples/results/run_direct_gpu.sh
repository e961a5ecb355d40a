# Issue 9: the direct teacher's pairs (training/data/direct), judged on the GPU, untimed, for every task of
# training/dataset (train split first). One call: bash examples/results/run_direct_gpu.sh [SECONDS] (default 480);
# ORIGIN=chains judges only that origin's tasks and leaves the other pairs as they are.
# Back: $OUT/direct.tar.gz (direct.json and the pairs/direct-*.jsonl.gz shards this call wrote: all of them would pass
# the 16 MiB a file may bring back) and direct.log; unpack with `tar xzf FILES_AT/direct.tar.gz -C training/dataset`
# and commit.
source examples/results/device_setup.sh
mkdir -p $OUT
started=$(mktemp)  # the pairs shards newer than this are the ones this call wrote
python3 -m training.data.direct.generate --data training/dataset --device cuda --max-seconds ${1:-480} ${ORIGIN:+--origin $ORIGIN} \
  > $OUT/direct.log 2>&1
echo "exit $?" >> $OUT/direct.log
tr '\r' '\n' < $OUT/direct.log | grep -v '^\s*$' | tail -40
(cd training/dataset && tar czf $OUT/direct.tar.gz direct.json $(find pairs -name 'direct-*.jsonl.gz' -newer "$started"))
ls -la $OUT
