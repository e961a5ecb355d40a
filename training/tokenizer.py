"""The from-scratch tokenizer: byte-level BPE trained on the dataset's own prompts and completions.

Byte-level, so any generated text (indentation, unicode in comments) round-trips exactly. The chat
template is ChatML: the templated prompt is a prefix of the templated conversation, which is what
trl's completion-only loss needs. eos is `<|im_end|>` (the end of an assistant turn, where generation
must stop); pad is a separate `<|endoftext|>` so padding never masks a real eos.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import PreTrainedTokenizerFast

EOS, PAD, IM_START = "<|im_end|>", "<|endoftext|>", "<|im_start|>"
SPECIAL_TOKENS = [PAD, IM_START, EOS]

CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)


def train_tokenizer(texts: Iterable[str], vocab_size: int = 8192) -> PreTrainedTokenizerFast:
    """A byte-level BPE of `vocab_size` tokens (special tokens included) trained on `texts`."""
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
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


def tokenizer_step(data: Path, out: Path, vocab_size: int) -> Path:
    """`autotriton train tokenizer`: learn the BPE on the dataset's train prompts and answers into OUT/tokenizer."""
    from .rows import tokenizer_texts

    tokenizer = train_tokenizer(tokenizer_texts(data), vocab_size)
    return save_tokenizer(tokenizer, out / "tokenizer")
