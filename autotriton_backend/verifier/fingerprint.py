"""The running verifier's fingerprint: which code judged a verdict, so a cache entry judged by other code is known.

The sha256 of the installed source files that decide a verdict: every module of this package (gate, judge, sandbox,
monitors, comparison, inputs), and the modules of `autotriton_backend` it imports to judge: `task.py` (loading the
reference, input specs, tolerances, the source parsing the gate uses), `verdict.py` (which checks make a verdict
correct or hacked, which characters a source may hold) and `candidate.py` (the source and its sha256). Any edit to
them, a comment included, makes another fingerprint, and the cache's kernels are judged again before they are
trusted (cache/rejudge.py): a cheap re-judgement beats missing a refusal a newer verifier learned. Read from the files
beside this one (the installed package), once per process; it imports nothing but the standard library, so
`autotriton verify` and the cache stay free of the agent and of diskcache.
"""
from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
JUDGING_MODULES = ("candidate.py", "task.py", "verdict.py")  # in autotriton_backend, beside this package


def judging_files() -> list[Path]:
    """The files whose code decides a verdict, in a fixed order."""
    return sorted(PACKAGE.glob("*.py")) + [PACKAGE.parent / name for name in JUDGING_MODULES]


@cache
def verifier_fingerprint() -> str:
    """sha256 over each judging file's name and bytes (computed once; about 400 KB read)."""
    digest = hashlib.sha256()
    for path in judging_files():
        digest.update(f"{path.relative_to(PACKAGE.parent)}\0{path.stat().st_size}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
