"""How many tokens a train pair (prompt and answer, as SFT sees them) takes under each of the tokenizer's word ends
(training/tokenizer.py WORD_ENDS), each tokenizer trained on the train split as `autotriton train tokenizer` trains it.

    python examples/results/tokenizer_words.py --pairs 2000
"""
import argparse
import random
import statistics
from pathlib import Path

from training.rows import sft_rows, tokenizer_texts
from training.tokenizer import WORD_ENDS, train_tokenizer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000, help="train pairs drawn to count")
    args = parser.parse_args()
    data = Path("training/dataset")
    texts = list(tokenizer_texts(data, "direct"))
    pairs = random.Random(0).sample(sft_rows(data, "direct", "train", library_tail=True), args.pairs)
    totals = {}
    for words in WORD_ENDS:
        tokenizer = train_tokenizer(texts, words=words)
        counts = [sum(len(tokenizer(m["content"])["input_ids"]) for m in row["prompt"] + row["completion"])
                  for row in pairs]
        totals[words] = sum(counts)
        print(f"{words}: median {statistics.median(counts)} tokens a pair, {totals[words]} in all")
    print(f"calls / lines: {totals['calls'] / totals['lines']:.2f}x the tokens")


if __name__ == "__main__":
    main()
