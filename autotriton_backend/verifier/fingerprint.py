"""The running verifier's fingerprint: which code judged a verdict, so a cache entry judged by other code is known.

The sha256 of the installed source files that decide a verdict: every module of this package (gate, judge, sandbox,
monitors, comparison, inputs), and the modules of `autotriton_backend` it runs to judge: `__init__.py` (every judge
and runner starts as `-m autotriton_backend.verifier...`, which executes it first), `task.py` (loading the reference,
input specs, tolerances, the source parsing the gate uses), `verdict.py` (which checks make a verdict correct or
hacked, which characters a source may hold) and `candidate.py` (the source and its sha256). Then the exact Python,
torch and Triton releases that ran them: a patch release changes what the gate parses, what the monitors see and what
Triton compiles, while the cache's environment key holds only torch's and Triton's major.minor. Any edit to the files,
a comment included, or another release makes another fingerprint, and the cache's kernels are judged again before
they are trusted (cache/rejudge.py): a cheap re-judgement beats missing a refusal a newer verifier learned. Read
from the files beside this one (the installed package) and the installed distributions' metadata, once per process;
it imports nothing but the standard library, so `autotriton verify` and the cache stay free of the agent and of
diskcache.
"""
from __future__ import annotations

import hashlib
import platform
from functools import cache
from importlib import metadata
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
JUDGING_MODULES = ("__init__.py", "candidate.py", "task.py", "verdict.py")  # in autotriton_backend, beside this package
JUDGING_DISTRIBUTIONS = ("torch", "triton")


def judging_files() -> list[Path]:
    """The files whose code decides a verdict, in a fixed order."""
    return sorted(PACKAGE.glob("*.py")) + [PACKAGE.parent / name for name in JUDGING_MODULES]


def judging_releases() -> str:
    """The Python, torch and Triton releases installed, e.g. "python 3.11.9, torch 2.13.0, triton 3.6.0"."""
    def release(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "absent"
    releases = [f"python {platform.python_version()}"] + [f"{name} {release(name)}" for name in JUDGING_DISTRIBUTIONS]
    return ", ".join(releases)


@cache
def verifier_fingerprint() -> str:
    """sha256 over the judging releases and each judging file's name and bytes (computed once; about 400 KB read)."""
    digest = hashlib.sha256(f"{judging_releases()}\0".encode())
    for path in judging_files():
        digest.update(f"{path.relative_to(PACKAGE.parent)}\0{path.stat().st_size}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
