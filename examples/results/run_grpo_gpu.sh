#!/usr/bin/env bash
# Issue 9: GRPO from the bundled SFT model for GRPO_S seconds (default 300; the step under way may finish), then the
# held-out eval of the GRPO model (run_eval_gpu.sh: 64 tasks of DATASET's test split) in what is left of END_S=575
# (none under 60 s: END_S=0 trains only).
# run(command="bash examples/results/run_grpo_gpu.sh [DATASET]", carry=[".whl", DATASET if not tracked]); GRPO_SET, if
# given, holds more recipe overrides separated by ';' (e.g. "grpo.learning_rate=1.0e-4;grpo.top_entropy_quantile=0.2").
# PROBE=FILE trains on the tasks a probe (run_grpo_probe_gpu.sh) found partly solved, among DATA's (default
# training/dataset) train RL tasks. MODEL=DIR starts from another SFT model than the bundled one (e.g. runs/seeds/1/model,
# on the machine still warm from run_seeds_gpu.sh).
# Back: grpo/ (weights and run.tar: unpack_train.sh FILES_AT/grpo runs/tiny/grpo), grpo.log, eval_grpo.*.
# RESUME=1 continues runs/tiny/grpo from a previous call. On a machine still warm from that call the resume point is
# still there: carry nothing more. On a fresh one: the tracked tree, .whl and a second model pass the 64 MiB that
# travels, so the resume point travels without its weights (carry runs/tiny/grpo, its *.safetensors deleted here)
# and its weights travel as agent/bundled_model's in the working tree; this script puts them back.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
log=$OUT/grpo.log grpo_s=${GRPO_S:-300}
say() { echo "[${SECONDS} s] $*" | tee -a "$log"; }
resume=() overrides=()
IFS=';' read -ra sets <<< "${GRPO_SET:-}"
for item in "${sets[@]}"; do overrides+=(--set "$item"); done
if [ -n "${RESUME:-}" ]; then
  ls runs/tiny/grpo/model/*.safetensors > /dev/null 2>&1 || cp agent/bundled_model/*.safetensors runs/tiny/grpo/model/ || exit 1
  resume=(--resume)
fi
say "grpo from ${MODEL:-agent/bundled_model} ${resume[*]}, max_seconds $grpo_s${GRPO_SET:+, $GRPO_SET}${PROBE:+, tasks the probe $PROBE partly solved}"
[ -z "${RESUME:-}" ] || say "resume point: $(ls runs/tiny/grpo/model | tr '\n' ' ')"
timeout -k 15 $((grpo_s + 120)) python3 -m autotriton_backend.cli train grpo --recipe tiny --data "${DATA:-training/dataset}" \
  --out runs/tiny/grpo --model "${MODEL:-agent/bundled_model}" "${resume[@]}" --set "max_seconds=$grpo_s" "${overrides[@]}" ${PROBE:+--probe "$PROBE"} 2>&1 | tr '\r' '\n' \
  | grep -v -e '^\s*$' -e 'it/s]$' >> "$log"
say "grpo exit ${PIPESTATUS[0]}"
grep -E "^step|^\{'loss'" "$log" | tr ',' '\n' | grep -E "step|reward|frac|completions/mean_length" | tail -40
[ -f runs/tiny/grpo/model/config.json ] || exit 1
mkdir -p "$OUT/grpo" && cp runs/tiny/grpo/model/*.safetensors "$OUT/grpo/"
tar cf "$OUT/grpo/run.tar" --exclude='*.safetensors' --exclude=trainer -C runs/tiny/grpo .
left=$((${END_S:-575} - SECONDS))
[ "$left" -ge 60 ] || { say "eval: skipped, $left s left (END_S)"; exit 0; }
say "eval"
EVAL_S=$left bash examples/results/run_eval_gpu.sh grpo "${1:-training/dataset}" runs/tiny/grpo/model
say "done"
