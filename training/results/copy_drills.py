"""Issue 9, run 130: copy drills, region tasks whose arguments cannot be guessed, added to SFT.

Every model of runs 109-129 answers `v0 = torch.ops.aten.mul.Tensor(x0, x1)` with `op_mul(x0, x0)`, even cut to 4
statements (`copy_divergence.py ... first=4`): 94 train tasks open with `mul(x0, x0)` and 3 with `mul(x0, x1)`, so
the argument is predicted from the train answers, not read from the prompt. A drill is an ATen region of 4-24
pointwise statements over inputs of one shape (any wiring is valid): each argument is drawn from every value
defined so far, the next unused input, or (for mul and add) a constant, so only reading gives the answer. Inputs
keep the first-use order every task has. Compositions are `pointwise_binary(+pointwise_unary)`, both train
(`families.split_of`). Answers are the direct teacher's, NOT judged on the GPU (an experiment: the committed
dataset never holds them); `check=N` judges N on the CPU.

    python training/results/copy_drills.py DATA COUNT [check=N]    # writes DATA/pairs/direct-09000.jsonl.gz
"""
import gzip, json, random, sys
from pathlib import Path

from autotriton_backend.region_task import kernelbench_source, region_signature
from autotriton_backend.task import InputSpec, KernelTask
from training.data.direct.translate import direct_answer
from training.data.families import composition_of, families_in_source, split_of

BINARY = ("add.Tensor", "sub.Tensor", "mul.Tensor", "maximum.default", "minimum.default")
UNARY = ("relu.default", "sigmoid.default", "tanh.default", "abs.default", "neg.default")
SHAPES = ((16, 96), (8, 64), (4, 32, 16), (24, 48), (2, 12, 64))
CONSTANTS = (0.5, 2.0, 0.1, 1.5, 3.0, 0.25)


def drill(rng: random.Random, name: str) -> KernelTask:
    statements, inputs, values, lines = rng.randint(4, 24), 0, [], []
    max_inputs = rng.randint(2, 8)

    def argument() -> str:
        nonlocal inputs
        if inputs < max_inputs and (not values or rng.random() < 0.3) or inputs == 0:
            inputs += 1
            return f"x{inputs - 1}"
        return rng.choice(values + [f"x{i}" for i in range(inputs)])

    for index in range(statements):
        if rng.random() < 0.3:
            call = f"{rng.choice(UNARY)}({argument()})"
        else:
            op = rng.choice(BINARY)
            first = argument()
            second = repr(rng.choice(CONSTANTS)) if op in ("add.Tensor", "mul.Tensor") and rng.random() < 0.2 \
                else argument()
            call = f"{op}({first}, {second})"
        lines.append(f"v{index} = torch.ops.aten.{call}")
        values.append(f"v{index}")
    lines.append(f"return v{statements - 1}")
    specs = (InputSpec(shape=rng.choice(SHAPES), dtype="float32"),) * inputs
    return KernelTask(name=name, source=kernelbench_source(lines, specs, {}), inputs=specs,
                      signature=region_signature(lines))


def pair(task: KernelTask) -> dict:
    families = families_in_source(task.source)
    composition = composition_of(families)
    assert split_of(composition) == "train", composition
    return {"task_key": task.key, "task_name": task.name, "origin": "drills", "source": f"drills:{task.name}",
            "families": families, "composition": composition, "dtype": "float32", "split": "train",
            "task": task.to_json(), "target": direct_answer(task), "teacher": "direct", "verdict": None}


def main(data: Path, count: int, check: int) -> None:
    rng = random.Random(0)
    pairs = [pair(drill(rng, f"drill_{i}")) for i in range(count)]
    if check:
        from autotriton_backend import Candidate, VerifyOptions, verify
        verdicts = [verify(KernelTask.from_json(p["task"]), Candidate(p["target"]),
                           VerifyOptions(device="cpu", time_kernels=False)) for p in pairs[:check]]
        print(f"judged on the CPU: {sum(v.correct for v in verdicts)} of {check} correct",
              [v.failed_check.name for v in verdicts if not v.correct])
        return
    with gzip.open(data / "pairs" / "direct-09000.jsonl.gz", "wt") as out:
        out.write("".join(json.dumps(p) + "\n" for p in pairs))
    print(f"{count} drills, {sum(p['task']['source'].count(' = torch') for p in pairs) / count:.1f} statements each")


if __name__ == "__main__":
    check = next((int(a.removeprefix("check=")) for a in sys.argv[3:] if a.startswith("check=")), 0)
    main(Path(sys.argv[1]), int(sys.argv[2]), check)
