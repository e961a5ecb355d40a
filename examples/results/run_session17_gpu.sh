#!/usr/bin/env bash
# Session 17, one call: (issue 7) every GPU-only test after the timing change (timing.median_ms clears the freed
# device memory before each timed call; tests/attacks_gpu/memo_freed_scratch.py must no longer earn a speedup), and
# the verifier's throughput (compare run 77: examples/verifier/results/run77/bench.log); then (issue 9) the direct
# teacher answers every task of training/dataset not yet answered (the program regions made here on the CPU) in
# what is left of END_S=570 s. Carry .whl. Back: gpu_tests.log, bench.json, bench.log, direct.log, data.tar.gz
# (`tar xzf FILES_AT/data.tar.gz -C training/dataset`, commit).
source examples/results/device_setup.sh > /dev/null || exit 1
timeout 230 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_verifier_reuse.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_attacks_sandbox.py tests/test_backend_gpu.py 2>&1 | tail -40 | tee "$OUT/gpu_tests.log"
timeout 150 python3 examples/verifier/bench_gpu.py --out "$OUT/bench.json" --workers 16 --reuse 32 --untimed 160 \
  --timed 60 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee "$OUT/bench.log"
python3 -m training.data.direct.generate --data training/dataset --device cuda --max-seconds $((${END_S:-570} - SECONDS - 40)) \
  > "$OUT/direct.log" 2>&1
echo "direct exit $?" | tee -a "$OUT/direct.log"
tr '\r' '\n' < "$OUT/direct.log" | grep -v '^\s*$' | grep -v 'task/s]$' | tail -25
(cd training/dataset && tar czf "$OUT/data.tar.gz" direct.json pairs/direct-*.jsonl.gz)
ls -la "$OUT"
