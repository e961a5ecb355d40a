"""Text that others wrote (an imported cache entry's environment, provenance, refusal reason, task key) reaches the
user's terminal through `autotriton cache import/ls/show` as one line of plain characters: no escape sequences (OSC
0 titles, OSC 52 clipboard writes, CSI erase), carriage returns or backspaces that overwrite a line, bidi overrides,
or newlines that forge rows (round attack65)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from autotriton_backend.announce import one_line
from cache.store import EXPORT_FORMAT, EXPORT_VERSION

ROOT = Path(__file__).parent.parent
HOSTILE = "\x1b]0;PWNED\x07\x1b]52;c;ZWNobyBwd24=\x07\x1b[2K\rPASS correct\x08\u202eevil\nforged  row"


def autotriton(*args: str, cache_dir: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "AUTOTRITON_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "autotriton_backend.cli", *args], capture_output=True, text=True,
                          timeout=600, env=env)


def controls(text: str) -> list[str]:
    return [c for c in text if c not in "\n" and not c.isprintable()]


def test_one_line_escapes_controls():
    assert one_line(HOSTILE).isprintable() and "\\x1b" in one_line(HOSTILE)


def test_imported_entry_text_is_plain_on_the_terminal(tmp_path):
    now = time.time()
    export = tmp_path / "export.json"
    export.write_text(json.dumps({"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "entries": [
        {"task_key": "k" * 64, "environment": "cpu-" + HOSTILE, "source": None, "verdict": {}, "provenance": {},
         "created": now, "source_sha256": None, "budget": {"samples": 1}, "task": None, "level": None, "tag": None,
         "verifier": None, "refused": {"source_sha256": "ab", "reason": "bad" + HOSTILE, "at": now}},
        {"task_key": HOSTILE, "environment": "x", "source": "junk", "verdict": {}, "provenance": {}, "created": 1.0,
         "source_sha256": "zz"},
    ]}))
    cache = tmp_path / "cache"
    imported = autotriton("cache", "import", str(export), cache_dir=cache)
    assert imported.returncode == 0, imported.stderr
    assert "refusing entry" in imported.stderr and not controls(imported.stdout + imported.stderr)
    refusal = [line for line in imported.stderr.splitlines() if "refusing entry" in line]
    assert len(refusal) == 1 and "sha256" in refusal[0], imported.stderr  # the reason stays on the record's line

    listed = autotriton("cache", "ls", cache_dir=cache)
    assert listed.returncode == 0 and not controls(listed.stdout + listed.stderr), listed.stdout
    assert len(listed.stdout.splitlines()) == 3, listed.stdout  # header, the one entry, the refused note
    assert "forged" in listed.stdout.splitlines()[1]

    shown = autotriton("cache", "show", "kkkk", cache_dir=cache)
    assert shown.returncode == 0 and not controls(shown.stdout + shown.stderr), shown.stdout
    fields = [line.split()[0] for line in shown.stdout.splitlines()]
    assert fields == ["key", "env", "status", "created", "budget", "refused"], shown.stdout


def one_record_per_line(text: str, lines: int) -> None:
    assert not controls(text), text
    assert len(text.splitlines()) == lines, text


def test_engine_error_in_compile_report_and_warmup_summary():
    """An engine's error quotes what its server answered (an OpenAI-compatible server's error body): it reaches the
    compile report's and `autotriton warmup`'s "why" lines and table cells as plain text."""
    from agent.warmup import WarmupRow, summary_table
    from autotriton_backend.report import CompileReport, RegionRecord

    report = CompileReport(records=[RegionRecord(1, "add+relu", 2, "k" * 64, "engine-error", detail="boom" + HOSTILE,
                                                 level="coarse")], graphs=1, problems=["x" + HOSTILE])
    text = report.table()
    assert not controls(text) and sum("forged" in line for line in text.splitlines()) == 2, text
    assert not any(line.startswith("forged") for line in text.splitlines()), text

    table = summary_table([WarmupRow("k" * 64, "add" + HOSTILE, "cpu", "engine-error", None, 1.0, "boom" + HOSTILE,
                                     "coarse")])
    one_record_per_line(table, 5)  # count, header, the row, its why line, what engine-error means


def test_engine_error_in_eval_markdown():
    from training.metrics import ENGINE_ERROR, TaskRow, first_errors

    errors = first_errors([TaskRow("t", "k", ENGINE_ERROR, error="http://server (m): APIError: " + HOSTILE)])
    assert not controls(errors[ENGINE_ERROR]) and "\n" not in errors[ENGINE_ERROR], errors
