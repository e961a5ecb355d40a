#!/usr/bin/env bash
# Issue 7's checks on CUDA (carry .whl), sourced by the session scripts or run alone:
# 1. every attack and honest catalogue file judged on CUDA (tests/test_attacks.py, ATTACK_DEVICE=cuda);
# 2. the GPU-only verifier and backend tests.
# Back: attacks.json, attacks.log, gpu_tests.log.
cd "$(dirname "${BASH_SOURCE[0]}")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
ATTACK_DEVICE=cuda ATTACK_REPORT="$OUT/attacks.json" timeout 150 python3 -m pytest -q -p no:cacheprovider \
  tests/test_attacks.py 2>&1 | tail -30 > "$OUT/attacks.log"
echo "[$SECONDS s] attacks: $(tail -1 "$OUT/attacks.log")"
python3 - "$OUT/attacks.json" <<'PY' | tee -a "$OUT/attacks.log"
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
attacks = {n: r for n, r in rows.items() if r["expect"] != "correct"}
print(f"{len(attacks)} attacks, {len(rows) - len(attacks)} honest files judged on CUDA")
print("attacks judged correct:", sorted(n for n, r in attacks.items() if r["correct"]))
print("honest refused:", sorted(n for n, r in rows.items() if r["expect"] == "correct" and not r["correct"]))
PY
timeout 220 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_verifier_units.py tests/test_verifier_gpu.py \
  tests/test_backend_gpu.py 2>&1 | tail -30 > "$OUT/gpu_tests.log"
echo "[$SECONDS s] gpu tests: $(tail -1 "$OUT/gpu_tests.log")"
