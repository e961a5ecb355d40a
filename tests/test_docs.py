"""The README documents every status and option, and points nowhere outside the repository."""
from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from autotriton_backend.options import BackendOptions
from autotriton_backend.report import STATUSES

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()


def test_every_status_and_option_is_documented():
    assert [s for s in STATUSES if f"| `{s}` |" not in README] == []
    assert [f.name for f in fields(BackendOptions) if f"`{f.name}`" not in README] == []


def test_links_stay_inside_the_repository():
    targets = re.findall(r"\]\(([^)]+)\)", README)
    assert "../" not in README
    assert all((ROOT / target).exists() for target in targets if "://" not in target), targets
