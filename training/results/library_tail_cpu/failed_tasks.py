"""CPU: for every held-out task the bundled model (run 81) failed in its GPU eval, regenerate its greedy answer here
and judge it twice on the CPU: as written, and with the library tail in place of the model's own copy.
Run from the repository root, with runs/dataset49 made by `mkdir -p runs/dataset49 && git archive 162527b training/dataset/rl |
tar x --strip-components=2 -C runs/dataset49` (CPU, 2 cores: ~25 min).
"""
import sys, time, json
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root
from training.eval import load_suite, spread
from agent.engines import HFEngine
from autotriton_backend.prompt import first_prompt, extract_code, LIBRARY_BREAK, with_library_tail
from autotriton_backend.candidate import Candidate
from autotriton_backend.verifier import VerifyOptions, verify
from training.data.direct.translate import library_tail
rows = [json.loads(l) for l in open('training/results/sft_run81/eval_sft81.rows.jsonl')]
failed = {r['key']: r['samples'][0]['failure'] for r in rows if 'key' in r and r['samples'][0]['failure']}
suite = [t for t in spread(load_suite("test", Path("runs/dataset49")), 64) if t.task.key in failed]
print(len(failed), "failed on the GPU;", len(suite), "found", flush=True)
engine = HFEngine("agent/bundled_model", device="cpu")
t0 = time.time()
replies = engine.generate([first_prompt(t.task) for t in suite], 1, 0.0, 3072)
print(f"generated in {time.time()-t0:.0f} s", flush=True)
tail = library_tail()
results = []
for t, [c] in zip(suite, replies):
    code = extract_code(c.text)
    exact = code.split(LIBRARY_BREAK, 1)[-1].strip() == tail.strip()
    row = {"name": t.name, "key": t.task.key, "gpu_failure": failed[t.task.key], "library_exact": exact, "tokens": c.tokens}
    for label, candidate in (("as_written", code), ("with_tail", with_library_tail(code, tail))):
        if label == "with_tail" and exact:
            row[label] = row["as_written"]; continue
        v = verify(t.task, Candidate(candidate), VerifyOptions(device="cpu"))
        row[label] = v.failure or "correct"
    results.append(row)
    print(json.dumps(row), flush=True)
json.dump(results, open("/tmp/diag2.json", "w"), indent=1)
