#!/usr/bin/env bash
# Verify and time the five KernelBench-style candidates on a CUDA GPU.
#
# usage: examples/kernelbench/run_gpu.sh RESULTS.jsonl
#
# Runs `python -m autotriton_backend.cli verify TASK CAND --json --device cuda` for each task,
# writes one JSON line per task (the verdict with "task" added) to RESULTS.jsonl and prints
# a table. Needs torch + triton + a GPU; the package is used from the repo via PYTHONPATH.
set -u -o pipefail

out="${1:?usage: $0 RESULTS.jsonl}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
py="${PYTHON:-$(command -v python || command -v python3)}"
tasks=(elementwise_gelu softmax rmsnorm row_sum matmul_bias_relu)

mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
: > "$out"
cd "$repo"
export PYTHONPATH="$repo${PYTHONPATH:+:$PYTHONPATH}"
errlog="$(mktemp)"
trap 'rm -f "$errlog"' EXIT

# Preflight: the CLI must import here (e.g. its cache subcommand needs diskcache installed).
if ! "$py" -c "import autotriton_backend.cli as cli; cli.build_parser()" 2>"$errlog"; then
  echo "[run_gpu] python -m autotriton_backend.cli cannot start on this machine:" >&2
  tail -n 3 "$errlog" >&2
  exit 1
fi

for task in "${tasks[@]}"; do
  echo "[run_gpu] $task ..." >&2
  verdict="$("$py" -m autotriton_backend.cli verify "examples/kernelbench/$task.py" \
      "examples/kernelbench/${task}_triton.py" --json --device cuda --timeout 900 2>"$errlog")"
  rc=$?
  TASK="$task" RC="$rc" VERDICT="$verdict" ERRLOG="$errlog" "$py" - >>"$out" <<'PY'
import json, os
task, rc, text = os.environ["TASK"], int(os.environ["RC"]), os.environ["VERDICT"]
lines = [l for l in text.splitlines() if l.startswith("{")]
try:
    verdict = json.loads(lines[-1])
except (IndexError, json.JSONDecodeError):
    err = open(os.environ["ERRLOG"]).read()[-2000:].strip()
    verdict = {"correct": False, "error": f"cli exit code {rc}, no verdict: {err or text[-2000:]}"}
print(json.dumps({"task": task, **verdict}))
PY
done

"$py" - "$out" <<'PY'
import json, sys

def fmt(v, spec):
    return "-" if v is None else format(v, spec)

rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
print(f"\n{'task':<18} {'correct':<8} {'cand_ms':>9} {'eager_ms':>9} {'ind_ms':>9} {'vs_eager':>9} {'vs_inductor':>11}")
for r in rows:
    t = r.get("timings") or {}
    print(f"{r['task']:<18} {str(r.get('correct')):<8} {fmt(t.get('candidate_ms'), '.4f'):>9} "
          f"{fmt(t.get('eager_ms'), '.4f'):>9} {fmt(t.get('inductor_ms'), '.4f'):>9} "
          f"{fmt(r.get('speedup_vs_eager'), '.2f'):>9} {fmt(r.get('speedup_vs_inductor'), '.2f'):>11}")
    if not r.get("correct"):
        failed = next((c for c in r.get("checks", []) if not c.get("passed")), None)
        why = f"{failed['name']}: {failed['reason']}" if failed else r.get("error", "")
        print(f"    -> {why[-400:]}")
print(f"\nverdicts: {sys.argv[1]}")
PY
