"""CPU: the held-out tasks run 81 solved in its GPU eval: is its greedy copy of the library exact (then the library tail
changes nothing), and if not, is the answer with the tail still correct on the CPU?
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
solved = {r['key'] for r in rows if 'key' in r and r['samples'][0]['correct']}
suite = [t for t in spread(load_suite("test", Path("runs/dataset49")), 64) if t.task.key in solved]
print(len(solved), "solved on the GPU;", len(suite), "found", flush=True)
engine = HFEngine("agent/bundled_model", device="cpu")
replies = engine.generate([first_prompt(t.task) for t in suite], 1, 0.0, 3072)
tail = library_tail()
for t, [c] in zip(suite, replies):
    code = extract_code(c.text)
    exact = code.split(LIBRARY_BREAK, 1)[-1].strip() == tail.strip()
    row = {"name": t.name, "library_exact": exact, "tokens": c.tokens, "head_tokens": len(engine.tokenizer(code.split(LIBRARY_BREAK, 1)[0])["input_ids"])}
    if not exact:
        v = verify(t.task, Candidate(with_library_tail(code, tail)), VerifyOptions(device="cpu"))
        row["with_tail"] = v.failure or "correct"
    print(json.dumps(row), flush=True)
