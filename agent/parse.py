"""Pull the candidate module out of a model's reply.

Replies mix prose, reasoning and several code blocks; by convention the last python block is the
answer (earlier ones are drafts or quoted reference code).
"""
from __future__ import annotations

import re
import textwrap

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
