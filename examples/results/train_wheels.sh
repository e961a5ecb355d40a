#!/usr/bin/env bash
# Run HERE (not on the device) once before the training calls: fetch trl's stack for the device (CPython 3.12,
# manylinux x86_64) into .whl/ and slim pyarrow and pandas (slim_wheels.py), so wheels + repo fit the 64 MiB carry.
# The device already has torch, triton, transformers, numpy, pyyaml, jinja2, tqdm, safetensors, packaging.
# huggingface_hub 1.33 satisfies both datasets (>=1.31,<3) and transformers 5.x (<2).
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .whl
pip download -q --no-deps --python-version 3.12 --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
  --platform manylinux2014_x86_64 --only-binary=:all: -d .whl \
  trl==1.16.0 datasets==5.2.0 accelerate==1.15.0 huggingface_hub==1.33.0 pyarrow==26.0.1 pandas==3.1.1 \
  python-dateutil six dill==0.4.1 multiprocess==0.70.19 xxhash==4.1.0 fsspec==2026.9.0 psutil diskcache==5.6.3
python examples/results/slim_wheels.py .whl/pyarrow-26.0.1-*.whl .whl/pandas-3.1.1-*.whl
du -ch .whl/*.whl | tail -1
