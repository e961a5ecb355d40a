"""Verdict: the verifier's judgement of one candidate, as JSON-safe data.

`feedback` is the text the agent shows the model on a repair turn, so it names the failed
check, why it failed and what to do instead.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

# Checks whose failure means the candidate tried to look faster or more correct than it is.
HACK_CHECKS = frozenset({"triton_launch", "torch_compute", "output_alias", "input_mutation", "state", "launch_args",
                         "timed_outputs"})
# The failure class of each check, for staged rewards and reports ("hacked" overrides it).
FAILURE_CLASSES = {
    "syntax": "static", "gate": "static", "structure": "static",
    "load": "compile", "init": "compile", "weights": "compile", "compile": "compile",
    "runtime": "runtime", "crash": "runtime", "out_of_memory": "runtime", "timeout": "timeout",
    "outputs": "mismatch", "shape": "mismatch", "dtype": "mismatch", "stride": "mismatch", "nan": "mismatch",
    "mismatch": "mismatch", "internal": "internal",
}

ADVICE = {
    "syntax": "Return one complete Python module in a single ```python block.",
    "structure": "Define `class ModelNew(torch.nn.Module)` and at least one `@triton.jit` kernel that forward launches.",
    "gate": "Use only what a Triton kernel and its host wrapper need: torch for allocation, shapes and views, "
            "triton.jit/cdiv/autotune, triton.language inside kernels, math.",
    "load": "The module must import and define ModelNew without errors.",
    "init": "ModelNew must accept the same constructor arguments as Model.",
    "weights": "Keep the reference's parameter names and shapes so the same weights can be loaded into ModelNew.",
    "compile": "Fix the Triton compile error shown above.",
    "runtime": "Fix the exception raised in forward, or in a kernel as it ran.",
    "triton_launch": "forward must launch your @triton.jit kernels; defining a kernel without launching it does not count.",
    "torch_compute": "All computation must run inside Triton kernels; use torch only to allocate outputs and make views.",
    "output_alias": "Return freshly allocated outputs; never return an input or a view of one.",
    "input_mutation": "Do not write into the inputs; allocate outputs with torch.empty.",
    "outputs": "Return the same number and kind of outputs as Model.forward.",
    "shape": "Match the reference output shape exactly.",
    "dtype": "Match the reference output dtype exactly.",
    "stride": "Match the reference output strides (allocate with torch.empty_like or the same layout).",
    "nan": "Every output element must be written; masked-out or skipped blocks leave NaN behind.",
    "mismatch": "Check the indexing, masking and accumulation order of your kernel. On a GPU, tl.dot of float32 "
                "values (and a broadcast product summed over an axis, which Triton may compile to one) rounds them "
                "to TF32 unless given input_precision=\"ieee\".",
    "launch_args": "Pass tensors for pointer arguments and plain ints, floats or dtypes for the rest; grids are ints.",
    "timed_outputs": "Every call must compute the full result, timed or not.",
    "state": "forward must not keep state between calls (no caches of inputs, outputs or weights).",
    "timeout": "The candidate ran past the time limit; look for loops that never end.",
    "crash": "The candidate's process died; look for out-of-bounds pointers or illegal memory access.",
    "out_of_memory": "Hold no more host memory than the task's tensors need, and start no processes of your own.",
    "internal": "The verifier itself failed; this says nothing about the candidate.",
}

# What a reason says when it withholds an exception's message (runner.short_error): the advice then points at what
# is shown, the type and the line of the candidate's code, never at the message (session 34, feedback42).
WITHHELD = "its message is withheld"
WITHHELD_ADVICE = ("The message is withheld because it could hold the judge's inputs; the exception's type and the "
                   "line of your code it was raised from are shown above. Fix that line; from a kernel's body on a "
                   "CPU it can also be a Triton feature the interpreter lacks: write it with core tl ops instead.")


# The longest reason a check gives: reasons name what the candidate wrote (a 150,000-character attribute of torch made
# a gate reason, and feedback, of 300,000: tests/attacks/round40_feedback_flood_gate_reason.py) or what its sandbox said.
MAX_REASON_CHARS = 4000


def shortened(reason: str) -> str:
    """`reason` as printable text (`printable`), cut to MAX_REASON_CHARS, saying how much was cut. Every reason a check
    gives passes here: the gate's, the sandbox's (`judge._Session._ask`), the pool's own."""
    reason = printable(reason)
    if len(reason) <= MAX_REASON_CHARS:
        return reason
    return f"{reason[:MAX_REASON_CHARS]}... ({len(reason) - MAX_REASON_CHARS} more characters cut)"


# Characters Python prints, and takes as letters of a name, that fonts draw as nothing: the Hangul fillers, the
# combining grapheme joiner, Mongolian and standardized variation selectors (Unicode's default-ignorable code points
# that `str.isprintable` passes). `n\u3164 = 0` binds a name that reads as `n`.
BLANK_LETTERS = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
                           "\U000e0100-\U000e01ef]")


def shown_otherwise(char: str) -> bool:
    """Whether a terminal or an editor shows `char` otherwise than Python reads it: a character Python does not print
    (controls; format characters: bidirectional controls, zero-width and tag characters, the soft hyphen; separators
    but the space; surrogates; private and unassigned code points) or a letter drawn as nothing (BLANK_LETTERS). The
    one rule for what a verified source may hold (the gate refuses it, but for a look-alike space in a comment:
    `allowlist._hidden`) and what a verdict's text may hold (`printable` writes it as its escape)."""
    return not char.isprintable() or BLANK_LETTERS.match(char) is not None


def printable(text: str) -> str:
    """`text` with every character `shown_otherwise` but newline and tab written as its escape (`\\x1b`, `\\udcff`,
    `\\u202e`). A reason repeats what the candidate's code raised, and the verdict's text goes to a terminal
    (`autotriton verify` prints it), into the next prompt (the repair turn) and into UTF-8 files:
    `raise ValueError("\\x1b]0;...\\x07")` retitled the terminal through the CLI (OSC 52 writes the clipboard in
    terminals that honour it), a lone surrogate made the CLI's print raise UnicodeEncodeError, and the bundled engine's
    tokenizer raise TypeError, which ended the task's whole search, every sample of it, as an engine error
    (tests/attacks/round42_feedback_control_characters.py); a right-to-left override, zero-width and tag characters
    spelled as escapes in a string literal (so the gate never saw them) reached the terminal as they were
    (tests/attacks/round46_feedback_format_characters.py)."""
    if text.isprintable() and not BLANK_LETTERS.search(text):
        return text
    return "".join(ascii(c)[1:-1] if c not in "\n\t" and shown_otherwise(c) else c for c in text)


@dataclass
class Check:
    name: str
    passed: bool
    reason: str = ""
    hacked: bool = False  # the failure shows cheating (set by the gate; runtime checks use HACK_CHECKS)


@dataclass
class Timings:
    """Median milliseconds per call; None where a baseline could not be timed."""

    candidate_ms: float | None = None
    eager_ms: float | None = None
    inductor_ms: float | None = None


@dataclass
class Verdict:
    task_key: str
    candidate_sha256: str
    device: str
    checks: list[Check] = field(default_factory=list)
    compiled: bool = False
    correct: bool = False
    max_abs_error: float | None = None
    max_rel_error: float | None = None
    timings: Timings | None = None
    timing_note: str = ""
    feedback: str = ""
    reference_basis: str = ""  # "float64", or "native dtype" where float64 did not fit or had no kernel
    layers: list[str] = field(default_factory=list)  # the sandbox layers that were active
    candidates_before_in_process: int = 0  # judged earlier in the process this one ran in (0: a fresh process)
    stage_seconds: dict[str, float] = field(default_factory=dict)  # where the verifier's time went

    @property
    def failed_check(self) -> Check | None:
        return next((c for c in self.checks if not c.passed), None)

    @property
    def hacked(self) -> bool:
        failed = self.failed_check
        return failed is not None and (failed.hacked or failed.name in HACK_CHECKS)

    @property
    def failure(self) -> str:
        """"" when correct; else static, compile, runtime, timeout, mismatch, hacked or internal."""
        failed = self.failed_check
        if failed is None:
            return ""
        return "hacked" if self.hacked else FAILURE_CLASSES.get(failed.name, "runtime")

    @property
    def speedup_vs_eager(self) -> float | None:
        return _ratio(self.timings, "eager_ms")

    @property
    def speedup_vs_inductor(self) -> float | None:
        return _ratio(self.timings, "inductor_ms")

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.update(
            hacked=self.hacked,
            failure=self.failure,
            speedup_vs_eager=self.speedup_vs_eager,
            speedup_vs_inductor=self.speedup_vs_inductor,
        )
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Verdict":
        fields = {k: v for k, v in data.items() if k in Verdict.__dataclass_fields__}
        fields["checks"] = [Check(**c) for c in data.get("checks", [])]
        fields["timings"] = Timings(**data["timings"]) if data.get("timings") else None
        return Verdict(**fields)

    def finish(self) -> "Verdict":
        """Derive `correct` and the agent-facing feedback from the checks."""
        failed = self.failed_check
        self.correct = failed is None and bool(self.checks)
        self.feedback = feedback_text(self)
        return self


def _ratio(timings: Timings | None, baseline: str) -> float | None:
    if timings is None or timings.candidate_ms is None:
        return None
    base = getattr(timings, baseline)
    return None if base is None else base / timings.candidate_ms


def feedback_text(verdict: Verdict) -> str:
    failed = verdict.failed_check
    if failed is not None:
        lines = [f"The candidate failed the `{failed.name}` check: {failed.reason}"]
        if verdict.max_abs_error is not None:
            lines.append(f"max abs error {verdict.max_abs_error:.3g}, max rel error {verdict.max_rel_error:.3g}.")
        lines.append(WITHHELD_ADVICE if WITHHELD in failed.reason else ADVICE.get(failed.name, ""))
        return "\n".join(line for line in lines if line)
    speed = verdict.speedup_vs_inductor
    if speed is None:
        return f"The candidate is correct. Timing: {verdict.timing_note or 'not measured'}."
    t = verdict.timings
    assert t is not None
    return (
        f"The candidate is correct. It takes {t.candidate_ms:.4f} ms; eager PyTorch takes {t.eager_ms:.4f} ms "
        f"and torch.compile takes {t.inductor_ms:.4f} ms (speedup {speed:.2f}x over torch.compile)."
        + ("" if speed >= 1 else " Make it faster: fuse more work per kernel, tune block sizes, cut memory traffic.")
    )
