"""autotriton's log in torch's logging system: `TORCH_LOGS="+autotriton"` shows regions, cache decisions,
searches and verdict reasons (`TORCH_LOGS="autotriton"`: one line per region and search).

torch calls `register()` through the `torch.backends` entry point while it is being imported, before it
reads TORCH_LOGS, so this module stays tiny and imports nothing of autotriton's.
"""
from __future__ import annotations

LOG_NAME = "autotriton"  # the TORCH_LOGS name, and the parent of every autotriton logger ("autotriton.backend", ...)


def register() -> None:
    from torch._logging._internal import register_log

    register_log(LOG_NAME, LOG_NAME)
