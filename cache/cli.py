"""`autotriton cache ...`: list, show, re-verify, export, import and clear cached kernels."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from autotriton_backend.announce import one_line
from autotriton_backend.report import format_table
from autotriton_backend.task import TaskError
from autotriton_backend.verifier import VerifyOptions

from .rejudge import rejudge
from .store import CacheCorrupted, CacheEntry, KernelCache, discard_database

KEY_WIDTH = 12


class CacheCliError(ValueError):
    """A usage error; the `autotriton` main turns it into exit code 2 and a one-line message."""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("cache", help="inspect and manage the kernel cache")
    p.add_argument("--dir", type=Path, default=None, help="cache directory (default: $AUTOTRITON_CACHE_DIR)")
    sub = p.add_subparsers(dest="cache_command", required=True)

    sub.add_parser("ls", help="list entries").set_defaults(run=run_ls)

    show = sub.add_parser("show", help="print one entry's source and verdict")
    _add_selector(show)
    show.set_defaults(run=run_show)

    check = sub.add_parser("verify", help="judge stored kernels again with this verifier: re-stamp those that pass, "
                                          "drop those that fail")
    target = check.add_mutually_exclusive_group(required=True)
    target.add_argument("key_prefix", nargs="?", help="key prefix as shown by `autotriton cache ls`")
    target.add_argument("--all", action="store_true", help="verify every winner")
    check.add_argument("--env", default=None, help="only the entry for this environment")
    check.add_argument("--device", choices=["cuda", "cpu"], default=None, help="default: cuda when available")
    check.add_argument("--keep", action="store_true", help="report failures without dropping them")
    check.add_argument("--timeout", type=float, default=180.0, help="seconds per kernel before it is killed")
    check.set_defaults(run=run_verify)

    export = sub.add_parser("export", help="write all entries to one JSON file")
    export.add_argument("file", type=Path)
    export.set_defaults(run=run_export)

    imp = sub.add_parser("import", help="merge entries from an exported JSON file")
    imp.add_argument("file", type=Path)
    imp.set_defaults(run=run_import)

    clear = sub.add_parser("clear", help="delete every entry")
    clear.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    clear.set_defaults(run=run_clear)


def _add_selector(p: argparse.ArgumentParser) -> None:
    p.add_argument("key_prefix", help="key prefix as shown by `autotriton cache ls`")
    p.add_argument("--env", default=None, help="pick the entry for this environment when a task has several")


def run_ls(args: argparse.Namespace) -> int:
    with KernelCache(args.dir) as cache:
        entries = cache.entries()
        if not entries:
            print(f"cache is empty ({cache.directory})")
            return 0
    rows = []
    for e in entries:
        speedup = f"{e.speedup_vs_inductor:.2f}x" if e.speedup_vs_inductor is not None else "-"
        source = "/".join(x for x in (e.provenance.get("engine"), e.provenance.get("model")) if x) or "-"
        rows.append((e.task_key[:KEY_WIDTH], e.environment, _status(e), speedup, source, _age(e.created)))
    print(format_table(("KEY", "ENV", "STATUS", "VS INDUCTOR", "ENGINE/MODEL", "AGE"), rows))  # cells one_line'd
    refused = sum(bool(e.refused) for e in entries)
    if refused:
        print(f"{refused} refused: a kernel refused at call time in a user's process (`autotriton cache show KEY` says "
              "why); never spliced again, its region left to inductor (search mode searches it again)")
    stale = sum(e.stale for e in entries)
    if stale:
        print(f"{stale} stale: judged by another verifier, not used until `autotriton cache verify --all` "
              "judges them again")
    return 0


def run_show(args: argparse.Namespace) -> int:
    with KernelCache(args.dir) as cache:
        entry = resolve(cache.entries(), args.key_prefix, args.env)
    print(f"key         {one_line(entry.task_key)}")
    print(f"env         {one_line(entry.environment)}")
    print(f"status      {_status(entry)}")
    if entry.is_kernel:
        judged_by = entry.verifier or "unknown (stored before verifiers were recorded)"
        note = "  (not this one: `autotriton cache verify` judges it again)" if entry.stale else ""
        print(f"verifier    {one_line(judged_by)}{note}")
    print(f"created     {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(entry.created))} ({_age(entry.created)} ago)")
    if entry.is_kernel:
        prov = ", ".join(f"{k}={v}" for k, v in entry.provenance.items() if v not in ("", None))
        print(f"provenance  {one_line(prov) or '-'}")
        print(f"sha256      {entry.source_sha256}")
        print("--- source ---")
        print(entry.source.rstrip())
        print("--- verdict ---")
        print(json.dumps(entry.verdict, indent=2))
    else:
        print(f"budget      {json.dumps(entry.budget)}")
    if entry.refused:
        at = entry.refused.get("at")
        when = f" ({_age(at)} ago)" if isinstance(at, (int, float)) else ""
        print(f"refused     kernel {one_line(entry.refused['source_sha256'])}{when}, at call time: "
              f"{one_line(entry.refused['reason'])}")
    return 0


def run_verify(args: argparse.Namespace) -> int:
    with KernelCache(args.dir) as cache:
        if args.all:
            entries = [e for e in cache.entries() if args.env is None or e.environment == args.env]
        else:
            entries = [resolve(cache.entries(), args.key_prefix, args.env)]
        options = VerifyOptions(device=args.device or "auto", timeout_s=args.timeout)
        passed = failed = skipped = 0
        for entry in entries:
            label = one_line(f"{entry.task_key[:KEY_WIDTH]}  {entry.environment}")
            if not entry.is_kernel:  # a kernel entry always carries its task (store._judgeable)
                print(f"SKIP  {label}  ({_status(entry)} entry)")
                skipped += 1
                continue
            try:
                judged = rejudge(cache, entry, options, drop=not args.keep)
            except TaskError as exc:  # the task broke, not the kernel: keep the entry
                print(f"ERROR {label}  (task no longer runs: {one_line(exc)})")
                failed += 1
                continue
            where = f"{label}  on {judged.verdict.device}"
            if judged.kept:
                note = "  re-stamped" if entry.stale and judged.restamped else (
                    "  still stale: judged on another environment's device" if entry.stale else "")
                print(f"PASS  {where}{note}")
                passed += 1
                continue
            kept = "  kept: the verifier failed or timed out, run verify again" if judged.inconclusive else ""
            print(f"FAIL  {where}  ({one_line(judged.reason)}){'  dropped' if judged.dropped else kept}")
            failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def run_export(args: argparse.Namespace) -> int:
    with KernelCache(args.dir) as cache:
        count = cache.export(args.file)
    print(f"exported {count} entries to {args.file}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    if not args.file.is_file():
        raise CacheCliError(f"import file not found: {args.file}")
    with KernelCache(args.dir) as cache:
        added, skipped = cache.import_(args.file)
    print(f"imported {added} entries from {args.file}, skipped {skipped}")
    return 0


def run_clear(args: argparse.Namespace) -> int:
    try:
        cache = KernelCache(args.dir)
    except CacheCorrupted as exc:
        if not args.yes:
            raise
        discard_database(exc.directory)
        print(f"the cache database in {exc.directory} was corrupted: deleted it; the cache is empty now")
        return 0
    with cache:
        count = len(cache)
        if not args.yes:
            if not sys.stdin.isatty():
                raise CacheCliError(f"refusing to delete {count} entries without --yes")
            if input(f"delete all {count} entries in {cache.directory}? [y/N] ").strip().lower() not in ("y", "yes"):
                print("nothing deleted")
                return 1
        removed = cache.clear()
    print(f"deleted {removed} entries")
    return 0


def resolve(entries: list[CacheEntry], prefix: str, env: str | None = None) -> CacheEntry:
    """The one entry whose key starts with `prefix` (and is in `env`), or a clear error."""
    if not prefix:
        raise CacheCliError("give a key prefix (see `autotriton cache ls`)")
    matches = [e for e in entries if e.key.startswith(prefix) and (env is None or e.environment == env)]
    where = f" in environment {env}" if env else ""
    if not matches:
        raise CacheCliError(f"no cache entry matches key prefix {prefix!r}{where}")
    if len(matches) > 1:
        shown = ", ".join(f"{e.task_key[:KEY_WIDTH]} ({e.environment})" for e in matches[:5])
        more = f" and {len(matches) - 5} more" if len(matches) > 5 else ""
        raise CacheCliError(
            f"key prefix {prefix!r} is ambiguous: it matches {len(matches)} entries: {shown}{more}; "
            "give more characters or --env"
        )
    return matches[0]


def _status(entry: CacheEntry) -> str:
    if entry.refused:
        return "refused"
    return "eager" if entry.is_eager else "stale" if entry.stale else "winner" if entry.is_winner else "negative"


def _age(created: float) -> str:
    seconds = max(0.0, time.time() - created)
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{int(seconds // size)}{unit}"
    return f"{int(seconds)}s"
