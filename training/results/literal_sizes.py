"""Issue 9, run 128: the direct teacher's train answers with the task's literal sizes (`direct_answer(task,
literal_sizes=True)`: `op_reshape(v5, [24, 64])` where the dataset has `op_reshape(v5, [-1, x0.shape[2]])`), written
over the pairs of a dataset in the working tree; the test pairs are left out (SFT does not read them, and the tree
must travel to the GPU within 64 MiB). Restore with `git checkout training/dataset/pairs`.

    python training/results/literal_sizes.py training/dataset/pairs/direct-*.jsonl.gz
"""
import gzip, json, sys

from autotriton_backend.task import KernelTask
from training.data.direct.translate import direct_answer


def main(paths: list[str]) -> None:
    changed = kept = 0
    for path in paths:
        rows = [r for r in map(json.loads, gzip.open(path, "rt")) if r["split"] == "train"]
        for row in rows:
            literal = direct_answer(KernelTask.from_json(row["task"]), literal_sizes=True)
            changed, kept = changed + (literal != row["target"]), kept + (literal == row["target"])
            row["target"] = literal
        with gzip.open(path, "wt") as out:
            out.write("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
    print(f"{changed} train answers now write literal sizes, {kept} had none to write")


if __name__ == "__main__":
    main(sys.argv[1:])
