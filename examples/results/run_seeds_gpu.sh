#!/usr/bin/env bash
# Issue 9: one SFT setup at several seeds side by side on one GPU, then each model's held-out eval, in one call.
# The seed alone moves the 64-task eval by 9 tasks (runs 132-133), so a lever is judged over seeds, not one run.
#   run(command="TRAIN_SET='...' bash examples/results/run_seeds_gpu.sh NAME '0 1'", carry=[".whl", "runs/dataset49"])
# One tokenizer for all (its training does not depend on the seed); each seed sets the weights' init and the data's
# order (model_config.seed, sft.seed). A 14M-parameter model leaves most of an H200 idle (a step is bound by its
# launches, about 13 a second), so the runs share it at no cost; END_S (default 400) is when every SFT saves and exits,
# EVAL_S (default 170) each eval's time, the evals side by side too (EVAL_S=0: none). Two seeds fit a 600 s call.
# Three evals side by side took 190 s each on an H200 (run 146): EVAL_S=300 for three or more.
# An SFT longer than a call (batch 16: about 570 s): END_S=560 EVAL_S=0 first, then the same command with RESUME=1 on
# the warm machine (runs/ stays there between calls): it keeps runs/seeds, resumes each SFT where it saved, evaluates.
# On an H200 (runs 134-135): two SFTs side by side took 286-321 s each, as one alone (315 s); the whole call 494-551 s.
# DATA (default training/dataset) is the dataset every seed trains on (run_train_gpu.sh reads it too).
# Back: NAME_sSEED.tar per seed (train_NAME_sSEED.log, eval_NAME_sSEED.{json,rows.jsonl,log}); no weights.
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh > /dev/null || exit 1
name=${1:?usage: run_seeds_gpu.sh NAME SEEDS}
seeds=${2:?usage: run_seeds_gpu.sh NAME SEEDS (quoted, e.g. "0 1")}
[ "$(wc -w <<< "$seeds")" -le 8 ] || { echo "at most 8 seeds a call: one file comes back for each, 8 in all"; exit 2; }
sets=$(for entry in ${TRAIN_SET:-}; do printf -- '--set %s ' "$entry"; done)
if [ -z "${RESUME:-}" ]; then
  rm -rf runs/seeds && mkdir -p runs/seeds
  timeout 150 python3 -m autotriton_backend.cli train tokenizer --recipe tiny --data "${DATA:-training/dataset}" \
    --out runs/seeds $sets | tail -1 || exit 1
  echo "[$SECONDS s] tokenizer"
fi
for seed in $seeds; do
  grep -qs '(done)' "runs/seeds/$seed/back/train_${name}_s$seed.log" && continue  # finished in an earlier call
  [ -d "runs/seeds/$seed/tokenizer" ] || { mkdir -p "runs/seeds/$seed/out" && cp -r runs/seeds/tokenizer "runs/seeds/$seed/"; }
  OUT=runs/seeds/$seed/out RUN_DIR=runs/seeds/$seed END_S=$((${END_S:-400} - SECONDS)) \
    TRAIN_SET="${TRAIN_SET:-} model_config.seed=$seed sft.seed=$seed" \
    bash examples/results/run_train_gpu.sh sft > /dev/null 2>&1 &
done
wait
for seed in $seeds; do
  back=runs/seeds/$seed/back && mkdir -p "$back"
  log=$back/train_${name}_s$seed.log
  grep -qs '(done)' "$log" || cat "runs/seeds/$seed/out/train_sft.log" >> "$log"  # a resumed SFT's log follows the first
  echo "seed $seed: $(grep -a 'model in' "$log" | tail -1)"
done
echo "[$SECONDS s] SFT"
if [ "${EVAL_S:-170}" -gt 0 ]; then
  for seed in $seeds; do
    OUT=runs/seeds/$seed/back EVAL_S=${EVAL_S:-170} bash examples/results/run_eval_gpu.sh "${name}_s$seed" runs/dataset49 \
      "runs/seeds/$seed/model" > "runs/seeds/$seed/eval.out" 2>&1 &
  done
  wait
  for seed in $seeds; do echo "seed $seed: $(tail -1 "runs/seeds/$seed/eval.out")"; done
  echo "[$SECONDS s] evals"
fi
for seed in $seeds; do tar cf "$OUT/${name}_s$seed.tar" -C "runs/seeds/$seed/back" .; done
