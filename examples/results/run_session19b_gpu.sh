#!/usr/bin/env bash
# Session 19, second call (issue 7): round attack23's fixes on the GPU. Every GPU-only test (the launch check now
# unwraps a tl.constexpr; compute ops are named in full), then `autotriton verify --device cuda` on the round's two
# cheats (judged correct on an H200 before the fix: now torch_compute, hacked) and its four honest candidates
# (refused as hacked before: now correct). Carry .whl. Back: gpu_tests.log, verdicts.log.
source examples/results/device_setup.sh > /dev/null || exit 1
timeout 230 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_verifier_reuse.py tests/test_verifier_gpu.py \
  tests/test_attacks_gpu.py tests/test_attacks_sandbox.py tests/test_backend_gpu.py 2>&1 | tail -15 | tee "$OUT/gpu_tests.log"
for pair in task_add_relu:attacks/round23_host_repr_bits task_scale_rows:attacks/round23_host_repr_weights \
    task_softmax:catalogue/honest_metadata_bound_names task_add_relu:catalogue/honest_constexpr_object_argument \
    task_add_relu:catalogue/honest_kernel_default_module_constant task_softmax:catalogue/honest_layout_metadata_more; do
  timeout 120 python3 -m autotriton_backend.cli verify "tests/catalogue/${pair%%:*}.py" "tests/${pair#*:}.py" \
    --device cuda --json 2>/dev/null | python3 -c "import json, sys; d = json.load(sys.stdin); print('${pair#*:}',
    d['correct'], d['hacked'], d['failure'], [c['name'] + ': ' + c['reason'][:120] for c in d['checks'] if not c['passed']],
    d.get('speedup_vs_eager'))" 2>&1 | tee -a "$OUT/verdicts.log"
done
