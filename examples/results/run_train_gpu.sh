#!/usr/bin/env bash
# Train the tiny recipe on the device, one call per command (each under 9 minutes; resumable across calls).
#   MODE = sft   tokenizer (first call) + SFT on training/dataset      -> runs/tiny/sft
#          grpo  GRPO from runs/tiny/sft/model on the dataset's RL set -> runs/tiny/grpo
#          sft2 | grpo2   the same on two GPUs (accelerate, training/recipes/accelerate/ddp2.yaml)
# Before the first call, HERE: bash examples/results/train_wheels.sh (fills .whl/, ~34 MB).
# Carry: .whl (~34 MB) and, to resume SFT or start GRPO, runs/tiny/sft; to resume GRPO, runs/tiny/grpo only
# (each ~14 MB: the bf16 tiny model; .whl + repo + dataset + one run must stay under 64 MiB). A run directory
# that already holds model/ is resumed. TRAIN_SET="key=value ..." adds recipe overrides. What comes back ($OUT, at most 8 files of <= 16 MiB): the model's
# safetensors shard(s), run.tar (config, tokenizer, trainer state, scheduler, summary) and the log;
# rebuild the run directory HERE with: bash examples/results/unpack_train.sh FILES_AT runs/tiny/MODE_DIR
set -o pipefail
cd "$(dirname "$0")/../.." && source examples/results/device_setup.sh || exit 1
mode=${1:-sft}
step=${mode%2}
run=${RUN_DIR:-runs/tiny/$step}  # RUN_DIR and FROM (the SFT model GRPO starts from) name other runs
data=${DATA:-training/dataset}
log=$OUT/train_$mode.log
python3 -c "import trl, datasets, accelerate, transformers, torch; print('trl', trl.__version__, 'datasets', datasets.__version__, 'accelerate', accelerate.__version__, 'transformers', transformers.__version__, 'torch', torch.__version__)" 2>&1 | tee "$log" || exit 1
if [ "$step" = sft ] && [ ! -f "$run/tokenizer/tokenizer.json" ]; then
  timeout 150 python3 -m autotriton_backend.cli train tokenizer --recipe tiny --data "$data" --out "$run" \
    $(for entry in ${TRAIN_SET:-}; do printf -- '--set %s ' "$entry"; done) 2>&1 | tee -a "$log" || exit 1
fi
end=${END_S:-530}  # seconds into this script by which training saves and exits
args=(train "$step" --recipe tiny --data "$data" --out "$run" --set "max_seconds=$((end - SECONDS))")
for entry in ${TRAIN_SET:-}; do args+=(--set "$entry"); done  # e.g. TRAIN_SET="sft.max_steps=100 grpo.max_steps=20"
[ -d "$run/model" ] && args+=(--resume)
[ "$step" = grpo ] && [ ! -d "$run/model" ] && args+=(--model "${FROM:-runs/tiny/sft/model}")
if [ "${mode: -1}" = 2 ]; then
  launch=(python3 -m accelerate.commands.launch --config_file training/recipes/accelerate/ddp2.yaml -m autotriton_backend.cli)
else
  launch=(python3 -m autotriton_backend.cli)
fi
echo "+ ${launch[*]} ${args[*]}" | tee -a "$log"
# max_seconds: training stops, saves and exits by END_S; timeout is the backstop (SIGTERM also saves)
timeout $((end + 55 - SECONDS)) "${launch[@]}" "${args[@]}" 2>&1 | tr '\r' '\n' | tee -a "$log"
status=${PIPESTATUS[0]}
nvidia-smi --query-gpu=name,memory.used --format=csv,noheader | tee -a "$log"
cp "$run"/model/*.safetensors "$OUT"/ 2>/dev/null
tar cf "$OUT/run.tar" --exclude='*.safetensors' --exclude=trainer -C "$run" .
ls -la "$OUT" | tee -a "$log"
exit $status
