# Sourced at the start of every GPU call: the lent machine has torch, triton and transformers but not this
# package, diskcache, pytest or trl's stack. Wheels carried in .whl/ (see the device notes in
# examples/results/README.md) go to /tmp/site-packages; a dist-info there registers autotriton's entry points
# without installing it. The directory's name must contain "site-packages": dill (used by `datasets` to
# fingerprint) pickles modules found elsewhere by value, and pyarrow's cannot be.
set -o pipefail
site=/tmp/site-packages
# once per machine: scripts started side by side source this again, and two pip --target runs must not race
[ -f "$site/.installed" ] || { python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
  --target "$site" .whl/*.whl && touch "$site/.installed"; }
export PYTHONPATH="$site:$PWD" PYTHONUNBUFFERED=1
info=$site/autotriton-0.2.0.dist-info
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
