"""The from-scratch tokenizer: byte-level BPE trained on the dataset's own prompts and completions.

Byte-level, so any generated text (indentation, unicode in comments) round-trips exactly. Words are lines (or lines
cut after each call's bracket, WORD_ENDS), not GPT-2's words: a token may span spaces and punctuation up to a
newline (`    tmp0 = tl.load(`), while every digit is a token of its own, so sizes and strides are spelt digit by
digit. On today's data that makes an answer 0.36x as many tokens as GPT-2-style words did (median 564 against 1,553
on 300 test answers, `python examples/results/tokenizer_lengths.py`): a whole program must come out right token by
token, and run 39's SFT model, at 0.9935 token accuracy, still got about one token in 150 wrong. The chat template
is ChatML: the templated prompt is a prefix of the templated conversation, which is what trl's completion-only loss
needs. eos is `<|im_end|>` (the end of an assistant turn, where generation must stop); pad is a separate
`<|endoftext|>` so padding never masks a real eos.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import PreTrainedTokenizerFast

EOS, PAD, IM_START = "<|im_end|>", "<|endoftext|>", "<|im_start|>"
SPECIAL_TOKENS = [PAD, IM_START, EOS]

CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


# Where a token must end (the recipe's `tokenizer_words`). "lines": only at a newline. "calls": also after each `(`
# and `[`, so a call's arguments are the same tokens in the task and in the answer (`aten.mul.Tensor(` `x` `0`
# `,Ġx` `1` and `op_mul(` `x` `0` `,Ġx` `1`), where "lines" fuses the first one into the call (`aten.mul.Tensor(x`,
# `op_mul(x`); 1.15x as many tokens on 2,000 train pairs (`python examples/results/tokenizer_words.py`). Over seeds
# (runs 124-135) "calls" held out 38.0 of 64 tasks on average (4 seeds, 34-44) and "lines" 40.7 (3 seeds, 40-41).
WORD_ENDS = {"lines": r"\n", "calls": r"\n|[(\[]"}


def train_tokenizer(texts: Iterable[str], vocab_size: int = 8192, words: str = "lines") -> PreTrainedTokenizerFast:
    """A byte-level BPE of `vocab_size` tokens (special tokens included) trained on `texts`."""
    if words not in WORD_ENDS:
        raise ValueError(f"tokenizer_words {words!r}: use one of {', '.join(WORD_ENDS)}")
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(WORD_ENDS[words]), behavior="merged_with_previous"),
        pre_tokenizers.Digits(individual_digits=True),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False),
    ])
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tokenizer.train_from_iterator(texts, trainer=trainer)
    wrapped = PreTrainedTokenizerFast(tokenizer_object=tokenizer, eos_token=EOS, pad_token=PAD,
                                      model_max_length=32768)
    wrapped.chat_template = CHAT_TEMPLATE
    return wrapped


def save_tokenizer(tokenizer: PreTrainedTokenizerFast, directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    tokenizer.save_pretrained(directory)
    return directory


def tokenizer_step(data: Path, out: Path, vocab_size: int, teacher: str, words: str) -> Path:
    """`autotriton train tokenizer`: learn the BPE on the dataset's train prompts and answers into OUT/tokenizer."""
    from .rows import tokenizer_texts

    tokenizer = train_tokenizer(tokenizer_texts(data, teacher), vocab_size, words)
    return save_tokenizer(tokenizer, out / "tokenizer")
