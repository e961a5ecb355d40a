# Sourced at the start of every GPU call: the lent machine has torch, triton and transformers but not this
# package, diskcache or pytest. Wheels carried in .whl/ (see the device notes in examples/results/README.md)
# go to /tmp/site; a dist-info there registers autotriton's entry points without installing it.
set -o pipefail
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
export PYTHONPATH="/tmp/site:$PWD" PYTHONUNBUFFERED=1
info=/tmp/site/autotriton-0.2.0.dist-info
mkdir -p "$info"
printf 'Metadata-Version: 2.1\nName: autotriton\nVersion: 0.2.0\n' > "$info/METADATA"
python3 - "$info/entry_points.txt" <<'PY'
import sys, tomllib
points = tomllib.load(open("pyproject.toml", "rb"))["project"]["entry-points"]
with open(sys.argv[1], "w") as out:
    for group, entries in points.items():
        out.write(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()) + "\n")
PY
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
