#!/usr/bin/env bash
# Session 20 (issue 7): rounds attack24-26's fixes on the GPU. Every GPU-only test, then `autotriton verify --device
# cuda` on each round's cheats (judged correct on the CPU before their fixes; round 26's tables are built while the
# candidate loads, then moved to the GPU) and on the honest idioms the gate now allows, and on a kernel launched in
# __init__ (now refused as `init`, not hacked). Carry .whl. Back: gpu_tests.log, verdicts.log.
source examples/results/device_setup.sh > /dev/null || exit 1
timeout 230 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_verifier_reuse.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_attacks_sandbox.py tests/test_backend_gpu.py 2>&1 | tail -15 | tee "$OUT/gpu_tests.log"
for candidate in attacks/round24_host_fill_tensor_cast attacks/round25_vararg_duck_launch_cast \
    attacks/round26_init_lookup_table attacks/round26_init_table_interpolated_fp32 attacks/round26_import_time_table \
    attacks/round26_python_table_init attacks/round26_python_table_forward catalogue/honest_helper_method \
    catalogue/honest_private_method catalogue/honest_private_attribute catalogue/honest_class_constant \
    catalogue/honest_staticmethod_grid catalogue/honest_registered_buffer catalogue/honest_layer_hyperparameters \
    catalogue/honest_module_finfo_constant catalogue/honest_weight_to_device catalogue/refused_init_kernel_launch; do
  task=$(sed -n 's/^# task: //p' "tests/$candidate.py")
  [ -f "tests/${candidate%/*}/$task.py" ] && task="tests/${candidate%/*}/$task.py" || task="tests/catalogue/$task.py"
  timeout 120 python3 -m autotriton_backend.cli verify "$task" "tests/$candidate.py" --device cuda --json 2>/dev/null \
    | python3 -c "import json, sys; d = json.load(sys.stdin); print('$candidate', d['correct'], d['hacked'],
    d['failure'], [c['name'] + ': ' + c['reason'][:100] for c in d['checks'] if not c['passed']])" 2>&1 \
    | tee -a "$OUT/verdicts.log"
done
