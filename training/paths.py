"""Output directories: made and proven writable before hours of work go into them."""
from __future__ import annotations

from pathlib import Path


def make_writable_dir(path: Path) -> None:
    """Create `path` and write (then remove) a probe file in it; an OSError when either fails."""
    path.mkdir(parents=True, exist_ok=True)
    probe = path / ".write-test"
    probe.write_text("")
    probe.unlink()
