#!/usr/bin/env bash
# Session 17, issue 9: does SFT learn the backend's ATen form from synthetic programs' regions? The regions
# (training/data/program_regions.py: RL tasks in training/dataset) get the direct teacher's answers, then the tiny
# recipe is trained from scratch as run 62 was (every train pair; EPOCHS=5, so that about as many steps as run 62's
# six epochs fit two calls) and evaluated on run 62's 64 held-out tasks. Two calls:
#   PHASE=data  REGIONS_S=150 s of program regions on 12 of the 16 cores (programs FIRST=4000 on: the CPU here did those
#               below), the direct teacher on every task not yet answered (DIRECT_S=200 s), then tokenizer + SFT from
#               scratch until END_S=540 s into the call. Back: data.tar.gz and direct.log (`tar xzf
#               FILES_AT/data.tar.gz -C training/dataset`, commit), the SFT weights, run.tar and train_sft.log
#               (`bash examples/results/unpack_train.sh FILES_AT runs/tiny/sft`).
#   PHASE=eval  SFT resumed until SFT_END_S=400 s, then the held-out eval (run_eval_gpu.sh) until END_S=585 s.
#               The resume point travels without its weights (carry runs/tiny/sft with its *.safetensors deleted
#               here; .whl, the tracked tree and a second model pass the 64 MiB that travels) and its weights as
#               agent/bundled_model's in the working tree: this script puts them back.
# run(command="PHASE=data bash examples/results/run_regions_gpu.sh", carry=[".whl"])
# run(command="PHASE=eval bash examples/results/run_regions_gpu.sh", carry=[".whl", "runs/tiny/sft", "runs/dataset49"])
cd "$(dirname "$0")/../.." || exit 1
export TRAIN_SET="sft.num_train_epochs=${EPOCHS:-5} rl_only_percent=0"
case ${PHASE:?PHASE=data or PHASE=eval} in
data)
  source examples/results/device_setup.sh > /dev/null || exit 1
  python3 -m training.data.program_regions --out training/dataset --programs 100000 --first "${FIRST:-4000}" \
    --workers 12 --max-seconds "${REGIONS_S:-150}" 2>&1 | tr '\r' '\n' | grep -v -e '^\s*$' -e 'added=[0-9]*]$' > "$OUT/regions.log"
  tail -5 "$OUT/regions.log"
  bash examples/results/run_direct_gpu.sh "${DIRECT_S:-200}"
  rm "$OUT/direct.tar.gz" && (cd training/dataset && tar czf "$OUT/data.tar.gz" direct.json commands.txt rl pairs/direct-*.jsonl.gz)
  END_S=$((${END_S:-540} - SECONDS)) bash examples/results/run_train_gpu.sh sft ;;
eval)
  cp agent/bundled_model/*.safetensors runs/tiny/sft/model/ || exit 1
  END_S=${SFT_END_S:-400} bash examples/results/run_train_gpu.sh sft
  EVAL_S=$((${END_S:-585} - SECONDS)) bash examples/results/run_eval_gpu.sh regions runs/dataset49 runs/tiny/sft/model ;;
esac
