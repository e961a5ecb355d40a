"""Repack the biggest wheels trl needs (pyarrow, pandas) to fit the device's 64 MiB carry.

trl imports `datasets`, which imports pyarrow and pandas: ~64 MiB of wheels as published. `datasets` uses
arrow's core, compute, acero, dataset, parquet, csv and json, never Flight, the cloud filesystems,
Substrait's module (its library is linked), ORC, the C++ headers or either package's test suite; those are dropped and the rest is
recompressed with LZMA (pip extracts wheels with zipfile, which reads it). Name and version stay, so
`pip install --no-index` treats the result as the published wheel. Measured: pyarrow 26.0.1 52.5 -> 21.4 MiB.

    python examples/results/slim_wheels.py .whl/pyarrow-*.whl .whl/pandas-*.whl     # rewrites them in place
"""
from __future__ import annotations

import re
import sys
import zipfile
from pathlib import Path

DROP = re.compile(
    r"^(pandas/tests/|pyarrow/(include/|src/|tests/|libarrow_python\.so(\.\d+\.\d+\.\d+)?$|"
    r".*(flight|_substrait\.cpython|_s3|s3fs|gcsfs|azurefs|hdfs|_orc|gandiva|_cuda).*\.so[.\d]*$|.*\.pxd$|.*\.pyx$|.*\.pxi$))"
)


def slim(path: Path) -> None:
    before = path.stat().st_size
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_LZMA) as dst:
        kept = [i for i in src.infolist() if not DROP.match(i.filename)]
        names = {i.filename for i in kept}
        for info in kept:
            data = src.read(info)
            if info.filename.endswith(".dist-info/RECORD"):  # list only what is left
                lines = [l for l in data.decode().splitlines() if l.rsplit(",", 2)[0] in names]
                data = ("\n".join(lines) + "\n").encode()
            dst.writestr(info, data, compress_type=zipfile.ZIP_LZMA)
    tmp.replace(path)
    print(f"{path.name}: {before / 2**20:.1f} MiB -> {path.stat().st_size / 2**20:.1f} MiB")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        slim(Path(name))
