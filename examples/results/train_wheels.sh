#!/usr/bin/env bash
# Run HERE (not on the device) once before the training calls: fetch what trl's stack needs beyond the device's
# image (CPython 3.12, manylinux x86_64) into .whl/ (~4 MB). The image has torch, triton, transformers, numpy,
# pyarrow, pandas, pyyaml, jinja2, tqdm, safetensors, packaging; carrying pyarrow and pandas too (31 MB) would
# not fit the 64 MiB that travels beside the repo and its bundled model.
# huggingface_hub 1.33 satisfies both datasets (>=1.31,<3) and transformers 5.x (<2).
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .whl
pip download -q --no-deps --python-version 3.12 --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
  --platform manylinux2014_x86_64 --only-binary=:all: -d .whl \
  trl==1.16.0 datasets==5.2.0 accelerate==1.15.0 huggingface_hub==1.33.0 \
  python-dateutil six dill==0.4.1 multiprocess==0.70.19 xxhash==4.1.0 fsspec==2026.9.0 psutil diskcache==5.6.3
du -ch .whl/*.whl | tail -1
