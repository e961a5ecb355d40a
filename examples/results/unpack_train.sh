#!/usr/bin/env bash
# Rebuild a run directory from what a training call sent back: unpack_train.sh FILES_AT runs/tiny/sft
# (run_train25_gpu.sh sends each run in its own folder: unpack_train.sh FILES_AT/sft runs/tiny/sft)
set -euo pipefail
from=$1 dest=$2
mkdir -p "$dest"
tar xf "$from/run.tar" -C "$dest"
cp "$from"/*.safetensors "$dest/model/"
cp "$from"/train_*.log "$dest/" 2>/dev/null || true
cat "$dest/summary.json"
