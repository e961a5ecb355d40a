#!/usr/bin/env bash
# Issue 9: GRPO's probe. The bundled model (or MODEL=DIR) answers TASKS (default 1024) RL tasks spread over SUITE (default
# unanswered: the train tasks SFT saw no answer to, GRPO's default tasks; train: the whole train split) of DATA
# (default the committed dataset), 8 samples each at GRPO's temperature (1.0), judged for correctness only, within PROBE_S seconds
# (default 560). The rows file says which tasks it solves some of the time: `train grpo --probe` trains on those
# (run_grpo_gpu.sh with PROBE=runs/probe.rows.jsonl). A later call with the same SUITE resumes the rows where the
# last stopped: on a warm machine they are still there; on a fresh one carry runs/probe.rows.jsonl.
# run(command="bash examples/results/run_grpo_probe_gpu.sh", carry=[".whl"]). Back: probe.rows.jsonl, probe.json, probe.log.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
mkdir -p runs
timeout -k 10 "${PROBE_S:-560}" python3 -m autotriton_backend.cli eval --engine "hf:${MODEL:-agent/bundled_model}" --suite "${SUITE:-unanswered}" \
  --dataset "${DATA:-training/dataset}" \
  --samples 8 --temperature 1.0 --no-timing --limit "${TASKS:-1024}" --batch "${BATCH:-32}" --max-tokens 3072 \
  --rows runs/probe.rows.jsonl --json > "$OUT/probe.json" 2> "$OUT/probe.log"
echo "exit $?"
cp runs/probe.rows.jsonl "$OUT/"
tr '\r' '\n' < "$OUT/probe.log" | grep -v '^\s*$' | tail -3
python3 - runs/probe.rows.jsonl <<'PY'
import collections, sys
from pathlib import Path
from training.metrics import read_rows
config, rows, _ = read_rows(Path(sys.argv[1]))
correct = collections.Counter(sum(s.correct for s in r.samples) for r in rows if r.samples)
print(f"{len(rows)} tasks probed; tasks by correct samples of 8: {dict(sorted(correct.items()))}")
print(f"partly solved: {sum(n for c, n in correct.items() if 0 < c < 8)}; generate {sum(r.generate_s for r in rows):.0f} s,"
      f" judge {sum(r.judge_s for r in rows):.0f} s")
PY
