"""The one prompt format: the request the model sees and how its answer is read back.

Agent, training data, trainers and evaluation all import this module, so a model is trained on
exactly the conversation it will be served. The layout is KernelBench/AutoTriton's: the reference
`Model` source in a python block, then the request for `ModelNew` (the published Triton models were
trained on it); the extra rules spell out what the verifier enforces. By convention the last python
block of a reply is the answer (earlier ones are drafts or quoted reference code).

`PROMPT_VERSION` is derived from the templates, so any change to their text changes the version
recorded in every Candidate's provenance and every dataset record.
"""
from __future__ import annotations

import hashlib
import re
import textwrap

from .task import KernelTask
from .verdict import Verdict

_FIRST = """\
You write custom Triton kernels to replace the PyTorch operators in the given architecture to get speedups.

You choose which operators to replace. You may fuse several operators into one kernel (for example \
matmul + relu) or change the algorithm (for example an online softmax).

You are given the following architecture:
```python
{source}
```

Optimize the architecture named Model with custom Triton kernels! Name your optimized output \
architecture ModelNew. Output the new code in codeblocks. Please generate real code, NOT pseudocode, \
make sure the code compiles and is fully functional. Just output the new model code, no other text, \
and NO testing code!

Your code is checked automatically:
- `ModelNew.forward` must launch your `@triton.jit` kernels; all arithmetic happens inside them.
- Use torch only to allocate outputs (`torch.empty`, `torch.empty_like`) and to make views.
- `ModelNew.__init__` takes the same arguments as `Model.__init__` and keeps its parameter names \
and shapes.
- Import only torch, triton, triton.language and math.
"""

_REPAIR = """\
Your code was run and it is not correct yet.

{feedback}

Fix it and output the complete corrected ModelNew module in one ```python code block."""

_SPEED = """\
Your code is correct, but it is not fast enough yet.

{feedback}

Output a faster, still correct, complete ModelNew module in one ```python code block."""


_ANSWER = "```python\n{code}\n```"

PROMPT_VERSION = "kernelbench-triton-" + hashlib.sha256(
    "\0".join((_FIRST, _REPAIR, _SPEED, _ANSWER)).encode()
).hexdigest()[:12]


def first_prompt(task: KernelTask) -> list[dict[str, str]]:
    """The opening conversation: a single user message, as the published models expect."""
    return [{"role": "user", "content": _FIRST.format(source=task.source.strip())}]


# The markers chat templates put between turns (ChatML's and Llama 3's `<|...|>`, DeepSeek's full-width bars, Gemma's,
# Llama 2's and Mistral's). A template renders a conversation to text and the tokenizer reads a marker anywhere in it
# as its special token, so a marker in a message's content starts or ends a turn the conversation does not have.
CHAT_MARKUP = re.compile(r"<[|\uff5c][^<>\s]{1,64}?[|\uff5c]>|</?s>|<(?:start|end)_of_turn>|\[/?INST\]|<</?SYS>>")


def as_text(content: str) -> str:
    """`content` with each chat-template marker written with a backslash after its first character (`<\\|im_start|>`),
    which no tokenizer reads as its special token. Every message the search loop builds from a candidate's text passes
    here: its answer (`assistant_message`) and the verdict's feedback, which repeats what the candidate chose (an
    exception's message, a compile error quoting its code). The bundled engine's tokenizer read
    `<|im_end|><|im_start|>assistant` in a raised message as turns: a forged answer and a forged "The candidate is
    correct" in the repair prompt (tests/attacks/round43_feedback_forges_chat_turns.py)."""
    return CHAT_MARKUP.sub(lambda m: m.group()[0] + "\\" + m.group()[1:], content)


def answer_block(code: str) -> str:
    """`code` as a reply holding it in one ```python block, byte for byte: `extract_code` reads back `code.strip()`.
    A reply an engine hands on (not a conversation's message, which is `assistant_message`'s, as text) is read by
    `extract_code` alone, so nothing in it is escaped: the library-tail engine wrote its answer through
    `assistant_message`, and `as_text` turned a `"<|im_end|>"` or `"[INST]"` in the code's strings into another
    string, so `autotriton eval` and the agent judged another module than GRPO's reward had (round attack45)."""
    return _ANSWER.format(code=code)


def assistant_message(code: str, reply: str) -> dict[str, str]:
    """What the model is shown of its own previous answer: just the code when it wrote some (as text: `as_text`)."""
    content = answer_block(code) if code else reply.strip()
    return {"role": "assistant", "content": as_text(content)}


# A model may be trained to stop where its ModelNew ends and leave a fixed library to the reader (the tiny recipe's
# `library_tail`): its model directory holds that text, and the engine or the reward puts it after the answer's code.
LIBRARY_TAIL_FILE = "library_tail.py"
LIBRARY_BREAK = "\n\n\n"  # between ModelNew and each library definition; ast.unparse never writes it inside ModelNew


def without_library_tail(code: str) -> str:
    """What a library-tail model wrote of a module: the code up to its first LIBRARY_BREAK."""
    return code.split(LIBRARY_BREAK, 1)[0]


def with_library_tail(code: str, tail: str) -> str:
    """The module a library-tail model means: the code up to its first LIBRARY_BREAK, then the library."""
    return without_library_tail(code) + LIBRARY_BREAK + tail


def feedback_message(verdict: Verdict) -> dict[str, str]:
    """The next user turn: a repair request for a failed candidate, a speed request for a slow one (as text)."""
    template = _SPEED if verdict.correct else _REPAIR
    return {"role": "user", "content": template.format(feedback=as_text(verdict.feedback))}


_THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL)
_FENCE = re.compile(r"^\s*```+\s*([\w+.-]*)\s*$")
_PYTHON_TAGS = frozenset({"python", "python3", "py"})


def strip_reasoning(reply: str) -> str:
    """Drop `<think>` blocks, including an opening tag the chat template put in the prompt and an
    unclosed one (a reply cut off mid-thought has no answer after it)."""
    text = _THINK_BLOCK.sub("", reply)
    text = text.rpartition("</think>")[2]
    return text.partition("<think>")[0]


def extract_code(reply: str) -> str:
    """The last ```python block of the reply (an untagged block when none is tagged), or "".

    A block left open at the end of the reply (the model ran out of tokens) still counts.
    """
    blocks: list[tuple[str, list[str]]] = []
    tag: str | None = None
    lines: list[str] = []
    for line in strip_reasoning(reply).splitlines():
        fence = _FENCE.match(line)
        if tag is None:
            if fence:
                tag, lines = fence.group(1).lower(), []
        elif fence and not fence.group(1):
            blocks.append((tag, lines))
            tag = None
        else:
            lines.append(line)
    if tag is not None:
        blocks.append((tag, lines))
    chosen = [body for t, body in blocks if t in _PYTHON_TAGS] or [body for t, body in blocks if not t]
    if not chosen:
        return ""
    return textwrap.dedent("\n".join(chosen[-1])).strip()
