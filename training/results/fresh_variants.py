"""Issue 9, run 129: every long train task seen in a fresh variant each epoch, so a long answer cannot be recalled.

The models of runs 124-128 write a learned opening on held-out tasks of more than 10 statements
(`copy_divergence.py`); run 127 showed that two fixed swap variants per task, each seen 12 times, teach reading but
not reach. Here the SFT data is written for one pass (`sft.num_train_epochs=1`): the train pairs COPIES times (as
COPIES epochs would show them) and, for each train task of at least MIN statements (default 7), COPIES different
variants, each seen once: one or two calls swapped for kin (`op_swaps.swapped_task`), one or two scalar
constants of an ATen add/sub/mul/div redrawn, and the operands of one or two ATen binary calls put the other way
round. Variants are the direct teacher's translations and are NOT judged (an
experiment; the committed dataset never holds them): `check=N` judges N of them on the CPU. `make` writes them
to DATA/fresh.jsonl.gz (here); `repeat`, on the GPU machine after the tokenizer step, writes the copies and the
variants as DATA/pairs/direct-09000.jsonl.gz (answers as `library_tail` SFT reads them).

    python training/results/fresh_variants.py make DATA COPIES [MIN] [check=N]
    python training/results/fresh_variants.py repeat DATA COPIES
"""
import gzip, json, random, re, sys
from multiprocessing import Pool
from pathlib import Path

import torch
from tqdm import tqdm

from autotriton_backend.task import KernelTask, forward_statements, load_reference
from training.data.dataset import TEACHER_SHARDS, read_records
from training.data.direct.translate import direct_answer, model_new_view
from training.data.op_swaps import rewritten, swapped_task

_CONSTANT = re.compile(r"torch\.ops\.aten\.(?:add|sub|mul|div)\.(?:Tensor|Scalar)\([^,()\[\]]+, -?(\d[\d.e-]*)\)")
_OPERANDS = re.compile(r"(torch\.ops\.aten\.(?:add|sub|mul|div|maximum|minimum)\.Tensor\()(\w+), (\w+)\)")
FRESH = "fresh.jsonl.gz"
_FLOATS = (0.125, 0.25, 0.5, 0.75, 0.9, 1.5, 2.0, 3.0, 0.1, 1e-05, 1e-06, 0.044715)


def _redrawn(literal: str, rng: random.Random) -> str:
    """Another constant of the same kind: an int stays an int (an integer tensor keeps its dtype)."""
    if literal.isdigit():
        return str(rng.choice([n for n in range(2, 10) if str(n) != literal]))
    return repr(rng.choice([f for f in _FLOATS if repr(f) != literal]))


def _with_constants(source: str, rng: random.Random) -> str:
    sites = list(_CONSTANT.finditer(source))
    for m in sorted(rng.sample(sites, min(len(sites), rng.randint(1, 2))), key=lambda m: -m.start()):
        source = source[:m.start(1)] + _redrawn(m[1], rng) + source[m.end(1):]
    return source


def _with_operands_swapped(source: str, rng: random.Random) -> str:
    """One or two binary calls with their two operands' order swapped: `sub(x1, v0)` for `sub(v0, x1)` (the
    shapes broadcast alike, so the task stays valid; which value an op takes must be read, not recalled)."""
    sites = [m for m in _OPERANDS.finditer(source) if m[2] != m[3] and not m[3][0].isdigit()]
    for m in sorted(rng.sample(sites, min(len(sites), rng.randint(1, 2))), key=lambda m: -m.start()):
        source = source[:m.start(2)] + f"{m[3]}, {m[2]}" + source[m.end(3):]
    return source


def _finite(task: KernelTask) -> bool:
    """Whether the reference's outputs on one draw of its inputs are all finite (the verifier refuses the task
    otherwise: a redrawn constant can take a log or a sqrt out of its domain)."""
    reference = load_reference(task.source)
    torch.manual_seed(0)
    with torch.no_grad():
        outputs = reference["Model"](*reference["get_init_inputs"]())(*reference["get_inputs"]())
    outputs = outputs if isinstance(outputs, (tuple, list)) else (outputs,)
    return all(not o.is_floating_point() or bool(o.isfinite().all()) for o in outputs if isinstance(o, torch.Tensor))


def variant(record: dict, rng: random.Random, name: str) -> dict | None:
    """A pair for the record's task with swapped calls and redrawn constants; None when neither changed it or the
    direct teacher cannot translate it."""
    original = KernelTask.from_json(record["task"])
    swapped = swapped_task(record, rng, name)
    source = _with_operands_swapped(_with_constants((swapped.task if swapped else original).source, rng), rng)
    if source == original.source:
        return None
    task = rewritten(original, source, name)
    try:
        target = direct_answer(task)
        if not _finite(task):
            return None
    except Exception:  # a swap or constant the library, the shape trace or the reference cannot take
        return None
    return {**record, "task": task.to_json(), "task_key": task.key, "task_name": name, "target": target,
            "origin": "fresh", "verdict": None}


def _variants(job: tuple[dict, int]) -> list[dict]:
    record, copies = job
    rng, made = random.Random(record["task_key"]), {}
    for attempt in range(3 * copies):
        if len(made) == copies:
            break
        pair = variant(record, rng, f"{record['task_name']}~fresh{attempt}")
        if pair:
            made.setdefault(pair["task_key"], pair)
    return list(made.values())


def make(data: Path, copies: int, min_statements: int, check: int) -> None:
    """Variants of the long train pairs into DATA/fresh.jsonl.gz (outside pairs/: the tokenizer learns without them)."""
    pairs = [r for r in read_records(data / "pairs", TEACHER_SHARDS["direct"]) if r["split"] == "train"]
    long = [r for r in pairs if forward_statements(r["task"]["source"]) >= min_statements]
    with Pool(initializer=torch.set_num_threads, initargs=(1,)) as pool:  # a process per core, a thread each
        made = [p for ps in tqdm(pool.imap_unordered(_variants, [(r, copies) for r in long], chunksize=4),
                                 total=len(long), desc="variants", unit="task") for p in ps]
    print(f"{len(made)} variants of {len(long)} train tasks of {min_statements}+ statements "
          f"({len(made) / max(1, len(long)):.1f} each)", flush=True)
    with gzip.open(data / FRESH, "wt") as out:
        out.write("".join(json.dumps({**p, "target": model_new_view(p["target"])}) + "\n" for p in made))
    if check:
        from autotriton_backend import Candidate, TaskError, VerifyOptions, verify
        failures = []
        for pair in random.Random(1).sample(made, check):
            try:
                verdict = verify(KernelTask.from_json(pair["task"]), Candidate(pair["target"]),
                                 VerifyOptions(device="cpu", time_kernels=False))
                failures += [] if verdict.correct else [f"{pair['task_name']}: {verdict.failed_check.name}"]
            except TaskError as exc:
                failures.append(f"{pair['task_name']}: task broken ({str(exc)[:80]})")
        print(f"judged on the CPU: {check - len(failures)} of {check} correct", failures)


def repeat(data: Path, copies: int) -> None:
    """The train pairs COPIES - 1 more times, then the variants, as one more shard of DATA/pairs (one SFT epoch)."""
    pairs = [{**r, "target": model_new_view(r["target"])}  # what library_tail SFT reads
             for r in read_records(data / "pairs", TEACHER_SHARDS["direct"]) if r["split"] == "train"]
    with gzip.open(data / FRESH, "rt") as handle:
        made = handle.read()
    with gzip.open(data / "pairs" / f"{TEACHER_SHARDS['direct']}-09000.jsonl.gz", "wt", compresslevel=1) as out:
        for _ in range(copies - 1):
            out.write("".join(json.dumps(r) + "\n" for r in pairs))
        out.write(made)
    print(f"pairs: {len(pairs)} train pairs x {copies}, {made.count(chr(10))} variants")


if __name__ == "__main__":
    check = next((int(a.removeprefix("check=")) for a in sys.argv[2:] if a.startswith("check=")), 0)
    args = [a for a in sys.argv[2:] if not a.startswith("check=")]
    if sys.argv[1] == "make":
        make(Path(args[0]), int(args[1]), int(args[2]) if len(args) > 2 else 7, check)
    else:
        repeat(Path(args[0]), int(args[1]))
