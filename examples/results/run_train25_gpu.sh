#!/usr/bin/env bash
# Run 25 (one H100, one call): the tiny recipe end to end from scratch on training/dataset with the recipe's
# defaults (GRPO: 3,072-token completions at temperature 0.6, run 24's settings), each step inside its own budget:
#   tokenizer -> SFT (max_seconds SFT_S=120) -> eval of the SFT model -> GRPO from it (what is left of END_S=565 s,
#   less one eval and GRPO_STEP_S=60 s for the step running when its max_seconds ends) -> eval of the GRPO model.
# Each eval: greedy, one sample, EVAL_TASKS=16 tasks spread over the test split, generated EVAL_BATCH=16 at a time,
# EVAL_TOKENS=3072 tokens at most each (the GRPO budget), judged (timed where correct) on the GPU, under EVAL_S=100 s;
# its summary says generation and judging seconds apart (generate_s, judge_s), so the next call can size both.
# TRAIN_SET="key=value ..." adds recipe overrides to every training step (e.g. "grpo.max_steps=4").
# Before it, HERE: bash examples/results/train_wheels.sh (fills .whl/, ~34 MB). Nothing else is carried.
# run(command="bash examples/results/run_train25_gpu.sh", kind="nvidia-h100-x1", carry=[".whl"], timeout_s=600)
# Back ($OUT, at most 8 files of <= 16 MiB): sft/ and, when GRPO saved a model, grpo/, each with that run's weights
# (safetensors shards) and run.tar (the run directory without weights): bash examples/results/unpack_train.sh
# FILES_AT/sft runs/tiny/sft (and FILES_AT/grpo runs/tiny/grpo); eval_sft.json and eval_grpo.json when the evals
# ran; train25.log (versions, every step's log and timing) and evals.tar.gz (each eval's progress log and rows).
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
end=${END_S:-565} sft_s=${SFT_S:-120} eval_s=${EVAL_S:-100} step_s=${GRPO_STEP_S:-60}
eval_args=(--suite test --samples 1 --limit "${EVAL_TASKS:-16}" --batch "${EVAL_BATCH:-16}" --max-tokens "${EVAL_TOKENS:-3072}")
cli=(python3 -m autotriton_backend.cli)
recipe=(--recipe tiny --data training/dataset)
for entry in ${TRAIN_SET:-}; do recipe+=(--set "$entry"); done
log=$OUT/train25.log side=/tmp/run25
rm -rf runs/tiny/sft runs/tiny/grpo "$side" && mkdir -p "$side"  # from scratch
say() { echo "[${SECONDS} s] $*" | tee -a "$log"; }

evaluate() {  # NAME MODEL_DIR SECONDS: one eval, its summary into the log
  [ -f "$2/config.json" ] || { say "eval $1: skipped, no model in $2"; return; }
  [ "$3" -ge 30 ] || { say "eval $1: skipped, $3 s left"; return; }  # (timeout 0 would mean no limit)
  say "eval $1: ${eval_args[*]} (timeout $3 s)"
  timeout -k 10 "$3" "${cli[@]}" eval --engine "hf:$2" "${eval_args[@]}" --rows "$side/eval_$1.rows.jsonl" --json \
    > "$OUT/eval_$1.json" 2> "$side/eval_$1.log"
  say "eval $1 exit $?"
  tr '\r' '\n' < "$side/eval_$1.log" | grep -v '^\s*$' | tail -3 | tee -a "$log"
  python3 -c "import json, sys; d = json.load(open(sys.argv[1])); print({k: d[k] for k in ('tasks', 'compiled_pct',
'correct_pct', 'hacked_pct', 'pass_at_1', 'fast1_vs_inductor_pct', 'outcomes', 'generated_tokens', 'generate_s',
'judge_s')})" "$OUT/eval_$1.json" 2>&1 | tee -a "$log"
}

python3 -c "import trl, transformers, torch; print('trl', trl.__version__, 'transformers', transformers.__version__, 'torch', torch.__version__)" 2>&1 | tee "$log" || exit 1
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee -a "$log"
say "tokenizer"
timeout 90 "${cli[@]}" train tokenizer "${recipe[@]}" --out runs/tiny/sft 2>&1 | tee -a "$log" || exit 1
say "sft: max_seconds $sft_s"
timeout -k 10 $((sft_s + 45)) "${cli[@]}" train sft "${recipe[@]}" --out runs/tiny/sft --set "max_seconds=$sft_s" 2>&1 \
  | tr '\r' '\n' | grep -v '^\s*$' | tee -a "$log"
say "sft exit ${PIPESTATUS[0]}"
evaluate sft runs/tiny/sft/model "$eval_s"

grpo_s=$((end - SECONDS - eval_s - step_s - 15))  # 15: packing
if [ -f runs/tiny/sft/model/config.json ] && [ "$grpo_s" -ge 60 ]; then
  say "grpo: max_seconds $grpo_s, then up to $step_s s to finish the step under way"
  timeout -k 15 $((grpo_s + step_s)) "${cli[@]}" train grpo "${recipe[@]}" --out runs/tiny/grpo \
    --model runs/tiny/sft/model --set "max_seconds=$grpo_s" 2>&1 | tr '\r' '\n' | grep -v '^\s*$' | tee -a "$log"
  say "grpo exit ${PIPESTATUS[0]}"
else
  say "grpo: skipped (${grpo_s} s left for it, or no SFT model)"
fi
left=$((end - SECONDS - 15))
evaluate grpo runs/tiny/grpo/model $((left < eval_s ? left : eval_s))

for run in sft grpo; do  # weights apart from the rest: one shard per returned file
  [ -f "runs/tiny/$run/model/config.json" ] || continue
  mkdir -p "$OUT/$run"
  cp runs/tiny/$run/model/*.safetensors "$OUT/$run/"
  tar cf "$OUT/$run/run.tar" --exclude='*.safetensors' --exclude=trainer -C "runs/tiny/$run" .
done
tar czf "$OUT/evals.tar.gz" -C "$side" .
say "done"
ls -laR "$OUT" | tee -a "$log"
