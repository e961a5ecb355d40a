#!/usr/bin/env bash
# Session 21: the GPU-only tests (the eval's `--no-timing` among them), then `autotriton verify --device cuda` on
# rounds attack27-28's cheats (judged correct on the CPU before their fixes) and round 28's honest idioms.
# Carry .whl. Back: gpu_tests.log, verdicts.log.
source examples/results/device_setup.sh > /dev/null || exit 1
timeout 300 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_eval.py tests/test_verifier_reuse.py \
  tests/test_verifier_gpu.py tests/test_attacks_gpu.py tests/test_attacks_sandbox.py tests/test_backend_gpu.py 2>&1 \
  | tail -15 | tee "$OUT/gpu_tests.log"
for candidate in tests/attacks/round27_*.py tests/attacks/round28_*.py tests/catalogue/honest_round28_*.py; do
  candidate=${candidate#tests/} candidate=${candidate%.py}
  task=$(sed -n 's/^# task: //p' "tests/$candidate.py")
  [ -f "tests/${candidate%/*}/$task.py" ] && task="tests/${candidate%/*}/$task.py" || task="tests/catalogue/$task.py"
  timeout 100 python3 -m autotriton_backend.cli verify "$task" "tests/$candidate.py" --device cuda --json 2>/dev/null \
    | python3 -c "import json, sys; d = json.load(sys.stdin); print('$candidate', d['correct'], d['hacked'],
    d['failure'], [c['name'] + ': ' + c['reason'][:100] for c in d['checks'] if not c['passed']])" 2>&1 \
    | tee -a "$OUT/verdicts.log"
done
