"""Issue 9: where the model's reach ends. Held-out greedy correct by the number of statements in the task's forward
(an eval's rows against runs/dataset49's test split), beside how many SFT pairs of each length the committed data
holds (training/dataset/pairs/direct-*: the tiny recipe teacher, `direct`).

    python training/results/chain_length.py training/results/session29/eval117_bundled1.rows.jsonl.gz
"""
import collections, glob, gzip, json, sys

from autotriton_backend.task import forward_statements

BANDS = ((3, "1-3"), (6, "4-6"), (10, "7-10"), (10**9, ">10"))


def band(source: str) -> str:
    return next(name for top, name in BANDS if forward_statements(source) <= top)


def main(rows_path: str) -> None:
    held_out = {r["task_name"]: r["task"]["source"] for f in sorted(glob.glob("runs/dataset49/rl/*.gz"))
                for r in map(json.loads, gzip.open(f, "rt")) if r["split"] == "test"}
    right, asked = collections.Counter(), collections.Counter()
    for row in map(json.loads, gzip.open(rows_path, "rt")):
        if row.get("samples") and row["name"] in held_out:
            length = band(held_out[row["name"]])
            asked[length] += 1
            right[length] += row["samples"][0]["correct"]
    shards = sorted(glob.glob("training/dataset/pairs/direct-*.gz"))
    pairs = collections.Counter(band(r["task"]["source"]) for f in shards
                                for r in map(json.loads, gzip.open(f, "rt")) if r["split"] == "train")
    print("| statements in forward | held-out correct | SFT train pairs |\n|---|---|---|")
    for _, name in BANDS:
        share = 100 * pairs[name] / sum(pairs.values())
        print(f"| {name} | {right[name]} / {asked[name]} | {pairs[name]} ({share:.1f}%) |")


if __name__ == "__main__":
    main(sys.argv[1])
