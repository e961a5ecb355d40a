#!/usr/bin/env bash
# Session 17, issue 9: does SFT learn the backend's ATen form from synthetic programs' regions? The regions
# (training/data/program_regions.py: RL tasks in training/dataset) get the direct teacher's answers, then the tiny
# recipe is trained from scratch as run 62 was (every train pair) and evaluated on run 62's 64 held-out tasks.
#   PHASE=data   REGIONS_S=150 s of program regions on 12 of the 16 cores (programs FIRST=4000 on), the direct
#                teacher on every task not yet answered (DIRECT_S=200 s), then tokenizer + SFT from scratch until
#                END_S=540 s into the call (runs 78-79: spawning the workers took ~90 s of the 150, so the regions
#                are now made on the CPU here and answered by run_session17_gpu.sh). Back: data.tar.gz and
#                direct.log (`tar xzf FILES_AT/data.tar.gz -C training/dataset`, commit), the SFT weights, run.tar
#                and train_sft.log.
#   PHASE=train  tokenizer + SFT from scratch with EPOCHS=4 (about run 62's step count on the larger data) until
#                SFT_END_S=420 s, then the held-out eval (run_eval_gpu.sh) until END_S=585 s. Back: the SFT weights,
#                run.tar and train_sft.log (`bash examples/results/unpack_train.sh FILES_AT runs/tiny/sft`),
#                eval_regions.json, .rows.jsonl and .log.
# run(command="PHASE=train bash examples/results/run_regions_gpu.sh", carry=[".whl", "runs/dataset49"])
cd "$(dirname "$0")/../.." || exit 1
export TRAIN_SET="sft.num_train_epochs=${EPOCHS:-4} rl_only_percent=0"
case ${PHASE:?PHASE=data or PHASE=train} in
data)
  source examples/results/device_setup.sh > /dev/null || exit 1
  python3 -m training.data.program_regions --out training/dataset --programs 100000 --first "${FIRST:-4000}" \
    --workers 12 --max-seconds "${REGIONS_S:-150}" 2>&1 | tr '\r' '\n' | grep -v -e '^\s*$' -e 'added=[0-9]*]$' > "$OUT/regions.log"
  tail -5 "$OUT/regions.log"
  bash examples/results/run_direct_gpu.sh "${DIRECT_S:-200}"
  rm "$OUT/direct.tar.gz" && (cd training/dataset && tar czf "$OUT/data.tar.gz" direct.json commands.txt rl pairs/direct-*.jsonl.gz)
  END_S=$((${END_S:-540} - SECONDS)) bash examples/results/run_train_gpu.sh sft ;;
train)
  END_S=${SFT_END_S:-420} bash examples/results/run_train_gpu.sh sft
  EVAL_S=$((${END_S:-585} - SECONDS)) bash examples/results/run_eval_gpu.sh regions runs/dataset49 runs/tiny/sft/model ;;
esac
