"""How many tokens an SFT answer takes under training/tokenizer.py, against GPT-2-style words (its pre-tokenizer
until session 9), both trained on today's train split with the same vocabulary budget.

    python examples/results/tokenizer_lengths.py --answers 300
"""
import argparse
import statistics
from pathlib import Path

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from training.rows import sft_rows, tokenizer_texts
from training.tokenizer import SPECIAL_TOKENS, train_tokenizer


def gpt2_words(texts: list[str], vocab_size: int) -> Tokenizer:
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.train_from_iterator(texts, trainer=trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    return tokenizer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=300, help="test-split answers to count")
    parser.add_argument("--vocab-size", type=int, default=8192)
    args = parser.parse_args()
    data = Path("training/dataset")
    texts = list(tokenizer_texts(data, "inductor"))
    answers = [row["completion"][0]["content"] for row in sft_rows(data, "inductor", "test")][:args.answers]
    ours, before = train_tokenizer(texts, args.vocab_size), gpt2_words(texts, args.vocab_size)
    lines = [len(ours(answer)["input_ids"]) for answer in answers]
    words = [len(before.encode(answer).ids) for answer in answers]
    print(f"{len(answers)} test answers; vocabulary {len(ours)} (lines) vs {before.get_vocab_size()} (GPT-2 words)")
    print(f"median tokens per answer {statistics.median(lines)} vs {statistics.median(words)}; "
          f"all answers {sum(lines) / sum(words):.2f}x the tokens")


if __name__ == "__main__":
    main()
