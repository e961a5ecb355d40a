#!/usr/bin/env bash
# Issue 10: where the warm compile's extra ~0.3 s comes from (run 5: 0.79x inductor; runs 12-13: 1.12x). One cache,
# warm children taking turns: HEAD's and 483f245's autotriton child and inductor, with the parent's judge alive, then
# closed; one cProfile per autotriton variant and phase. Needs old483/ (git archive 483f245 autotriton_backend cache
# examples | tar -x -C old483), an untracked folder that travels with the tree. Up to 9.5 min on an H100 (warm.json is rewritten after each phase).
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
timeout 570 python3 examples/warm_compile_gpu.py --out "$OUT/warm" --old-tree old483 --runs 3 2>&1 | grep -v -i "warn" | tee "$OUT/warm.log"
