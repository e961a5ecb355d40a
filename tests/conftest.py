import glob
import os

# Before torch or triton load: without a GPU, Triton kernels spliced into compiled graphs run
# through the interpreter, which must be on from the start (the verifier's workers set it themselves).
if not glob.glob("/dev/nvidia[0-9]*"):
    os.environ.setdefault("TRITON_INTERPRET", "1")

import pytest
import torch


def pytest_collection_modifyitems(config, items):
    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    """No test ever reads or writes the user's real kernel cache."""
    monkeypatch.setenv("AUTOTRITON_CACHE_DIR", str(tmp_path / "kernel-cache"))
    monkeypatch.setenv("AUTOTRITON_KEY_FILE", str(tmp_path / "config" / "cache.key"))
    monkeypatch.delenv("AUTOTRITON_MODE", raising=False)
