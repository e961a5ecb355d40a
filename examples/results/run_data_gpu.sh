# Issue 8: the training data on the GPU (resumable: carry runs/data back in to continue).
# bash examples/results/run_data_gpu.sh [SECONDS]   (default 540: one call)
source examples/results/device_setup.sh
mkdir -p $OUT/data runs/data
timeout --signal=TERM ${1:-540} python3 -m training.data.generate --out runs/data --count 6000 --device cuda 2>&1 \
  | tr '\r' '\n' | grep -v -i "warn\|^$" | awk 'NR % 20 == 1 || !/training data/' > $OUT/data/generate.log
tail -25 $OUT/data/generate.log
cp runs/data/ledger.jsonl runs/data/commands.txt runs/data/STATS.md runs/data/stats.json $OUT/data/ 2>/dev/null
(cd runs/data && tar czf $OUT/data/shards.tar.gz pairs rl)
ls -la $OUT/data; cat runs/data/STATS.md 2>/dev/null | head -40
