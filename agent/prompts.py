"""Prompts in the KernelBench/AutoTriton format.

The published Triton models (AutoTriton, TritonRL, KernelLLM) were trained on this layout:
reference `Model` source in a python block, then the request for `ModelNew`. Keeping it lets
them work as trained; the extra rules spell out what the verifier enforces.
"""
from __future__ import annotations

from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Verdict

# Bump whenever any text below changes: it is recorded in every Candidate's Provenance.
PROMPT_VERSION = "kernelbench-triton-1"

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


def first_prompt(task: KernelTask) -> list[dict[str, str]]:
    """The opening conversation: a single user message, as the published models expect."""
    return [{"role": "user", "content": _FIRST.format(source=task.source.strip())}]


def assistant_message(code: str, reply: str) -> dict[str, str]:
    """What the model is shown of its own previous answer: just the code when it wrote some."""
    content = f"```python\n{code}\n```" if code else reply.strip()
    return {"role": "assistant", "content": content}


def feedback_message(verdict: Verdict) -> dict[str, str]:
    """The next user turn: a repair request for a failed candidate, a speed request for a slow one."""
    template = _SPEED if verdict.correct else _REPAIR
    return {"role": "user", "content": template.format(feedback=verdict.feedback)}
