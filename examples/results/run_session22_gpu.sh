#!/usr/bin/env bash
# Session 22 (issue 7), one call: every attack and honest catalogue file judged on CUDA (tests/test_attacks.py with
# ATTACK_DEVICE=cuda: attacks accepted, honest files refused, side effects); the verifier's throughput after rounds
# attack28-29 and the honest idioms (compare run 86, examples/verifier/results/run86/bench.log, the same bench on an
# H200 before them); the eval's GPU test that run 89 left failing. Carry .whl.
# Back: attacks.json, attacks.log, bench.json, bench.log, gpu_eval.log.
source examples/results/device_setup.sh > /dev/null || exit 1
ATTACK_DEVICE=cuda ATTACK_REPORT="$OUT/attacks.json" timeout 330 python3 -m pytest -q -p no:cacheprovider \
  tests/test_attacks.py 2>&1 | tail -40 > "$OUT/attacks.log"
tail -3 "$OUT/attacks.log"
python3 - "$OUT/attacks.json" <<'EOF' | tee -a "$OUT/attacks.log"
import json, sys
report = json.load(open(sys.argv[1]))
rows = report["rows"]
honest = {n: r for n, r in rows.items() if r["expect"] == "correct"}
attacks = {n: r for n, r in rows.items() if r["expect"] != "correct"}
print(f"{len(attacks)} attacks, {len(honest)} honest files judged on CUDA")
print("attacks judged correct:", sorted(n for n, r in attacks.items() if r["correct"]))
print("attacks refused by another check than expected:",
      sorted(f"{n}: {r['failed_check']}" for n, r in attacks.items() if not r["correct"] and r["failed_check"] != r["expect"]))
print("honest files refused:", sorted(f"{n}: {r['failed_check']} {r['reason'][:120]}" for n, r in honest.items() if not r["correct"]))
print("side effects:", sorted(m for r in rows.values() for m in r["effects"]), "cache changed:", report["cache_changed"],
      "planted:", report["planted_in_triton_cache"], "survivors:", report["survivors"])
EOF
timeout 150 python3 examples/verifier/bench_gpu.py --out "$OUT/bench.json" --workers 16 --reuse 32 --untimed 160 \
  --timed 60 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee "$OUT/bench.log"
timeout 90 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_eval.py 2>&1 | tail -5 | tee "$OUT/gpu_eval.log"
