#!/usr/bin/env bash
# Session 19, one call (issue 7): every GPU-only test (gpu_reply_zero_ms's attack file was fixed in session 17 and
# not rerun on a GPU), the cpu cgroup per slot on this machine's cgroup v2 (round attack22: test_cgroup and the
# starve test, CPU interpreter), then the verifier's throughput with the cpu cgroups on (compare run 80:
# examples/verifier/results/run80/bench.log). Carry .whl. Back: gpu_tests.log, cgroup_tests.log, bench.json, bench.log.
source examples/results/device_setup.sh > /dev/null || exit 1
timeout 230 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_verifier_reuse.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_attacks_sandbox.py tests/test_backend_gpu.py 2>&1 | tail -40 | tee "$OUT/gpu_tests.log"
timeout 120 python3 -m pytest -q -p no:cacheprovider -rA tests/test_cgroup.py tests/test_attacks_sandbox.py \
  -k "cgroup or starve or hold_more_host_memory or use_up_another" 2>&1 | grep -v "^PASSED\|warn" | tail -30 \
  | tee "$OUT/cgroup_tests.log"
python3 -c "from autotriton_backend.verifier.cgroup import hierarchies; print(hierarchies())" 2>&1 | tee -a "$OUT/cgroup_tests.log"
timeout 170 python3 examples/verifier/bench_gpu.py --out "$OUT/bench.json" --workers 16 --reuse 32 --untimed 160 \
  --timed 60 2>&1 | grep -v -i "softmax\|warnings.warn\|^$" | tee "$OUT/bench.log"
