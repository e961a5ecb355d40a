"""GRPO rewards from the verifier, hierarchical (TritonRL): format, static gate, compiled and ran, correct,
speed; a penalty for anything judged hacked.

trl logs one entry per reward function, so each component is its own function; they share one verdict
per completion through `VerdictMemo`, which judges a whole batch in parallel on the verifier's warm pool
the first time any component asks (the generated code runs only in the pool's sandboxes). A verdict the
verifier could not reach (its own failure, a broken task) yields None: trl ignores it instead of
punishing the model.
"""
from __future__ import annotations

import ast
import json
import math
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import torch

from autotriton_backend.candidate import Candidate
from autotriton_backend.prompt import extract_code
from autotriton_backend.task import KernelTask, TaskError, parse_source
from autotriton_backend.verdict import FAILURE_CLASSES, Verdict
from autotriton_backend.verifier.pool import VerifyOptions, shared_pool

from .metrics import ran
from .recipe import Rewards

COMPONENTS = ("format", "gate", "ran", "correct", "speed", "hacked")
_STATIC = frozenset(name for name, kind in FAILURE_CLASSES.items() if kind == "static")
_UNJUDGED = object()  # the verifier had nothing to say (its own failure or a broken task)


def completion_text(completion: Any) -> str:
    """trl passes conversational completions as a list of messages, plain ones as text."""
    if isinstance(completion, list):
        return "".join(m.get("content", "") for m in completion if m.get("role", "assistant") == "assistant")
    return completion


# A line that opens a ModelNew class: where code does not parse, how `format` still tells an attempt from none.
_MODEL_NEW_LINE = re.compile(r"^class ModelNew\b", re.MULTILINE)


@lru_cache(maxsize=256)
def well_formed(code: str) -> bool:
    """The `format` reward, and whether a completion is judged at all: the code defines `class ModelNew` at the top
    level, not a mention in a comment or a string (which earned it: round attack45). Where the code does not parse,
    a line that opens the class counts, so an attempt with a syntax error keeps its format reward over no attempt.
    Remembered per code: each of the six components asks, and a library-tail module is long."""
    try:
        tree = parse_source(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # the gate's reasons a text does not parse
        return _MODEL_NEW_LINE.search(code) is not None
    return any(isinstance(node, ast.ClassDef) and node.name == "ModelNew" for node in tree.body)


class VerdictMemo:
    """One verification per (task, judged code), shared by the component functions of a batch (trl hands each of
    them the same `completions` list). `view` completes the code a completion holds before it is judged (GRPO's
    library tail: `run_grpo`). A verdict the verifier could not reach lasts its batch only: a judge that died once
    left a completion unscored in every later batch that held it (round attack57)."""

    def __init__(self, config: Rewards, view: Callable[[str], str] | None = None):
        self.config = config
        self.view = view
        self.options = VerifyOptions(device=_device(config.device), trials=config.trials,
                                     timeout_s=config.timeout_s)
        self._memo: dict[tuple[str, str], Any] = {}
        self._batch: list[Any] | None = None  # the completions trl hands every component of the batch being scored

    def code(self, completion: Any) -> str:
        """The module judged for a completion: its code block, completed by the view when it has one."""
        code = extract_code(completion_text(completion))
        return self.view(code) if self.view and code else code

    def verdicts(self, completions: list[Any], task: list[str]) -> list[Any]:
        """Each completion's Verdict, None when it has no well-formed code, or _UNJUDGED."""
        keys = [(t, self.code(c)) for t, c in zip(task, completions, strict=True)]
        if completions is not self._batch:  # a new batch: what the verifier failed on is judged again (round attack57)
            self._batch = completions
            self._memo = {k: v for k, v in self._memo.items() if v is not _UNJUDGED}
        missing = [k for k in dict.fromkeys(keys) if k not in self._memo]
        if missing:
            current = set(keys)
            self._memo = {k: v for k, v in self._memo.items() if k in current}  # the previous batch is done
            pool = shared_pool(self.options.resolved_device(), self.config.workers)
            started = time.monotonic()
            futures = {}
            for task_json, code in missing:
                if well_formed(code):
                    futures[(task_json, code)] = pool.submit(KernelTask.from_json(json.loads(task_json)),
                                                             Candidate(code), self.options)
                else:
                    self._memo[(task_json, code)] = None
            judged = [None] * (len(missing) - len(futures))  # no well-formed code
            for key, future in futures.items():
                try:
                    verdict = future.result()
                except TaskError:
                    verdict = _UNJUDGED
                judged.append(verdict)
                self._memo[key] = _UNJUDGED if isinstance(verdict, Verdict) and verdict.failure == "internal" \
                    else verdict
            print(f"rewards: {len(judged)} completions judged in {time.monotonic() - started:.1f} s: "
                  f"{batch_outcomes(judged)}", file=sys.stderr, flush=True)
        return [self._memo[k] for k in keys]


def batch_outcomes(verdicts: list[Any]) -> str:
    """How a batch fared, with the first reason of each failure class: a reward that stays flat says why here
    (run 87's rewards fell to 0 for every completion, and the log could not say what the verifier had seen)."""
    counts: Counter[str] = Counter()
    reasons: dict[str, str] = {}
    for verdict in verdicts:
        outcome = ("broken task" if verdict is _UNJUDGED else "no code" if verdict is None
                   else verdict.failure or "correct")
        counts[outcome] += 1
        if isinstance(verdict, Verdict) and verdict.failed_check is not None:
            reasons.setdefault(outcome, " ".join(verdict.failed_check.reason.split())[:160])
    return ", ".join(f"{n} {outcome}" + (f" ({reasons[outcome]})" if outcome in reasons else "")
                     for outcome, n in counts.most_common())


def _device(configured: str) -> str:
    """On several GPUs each process judges on its own one."""
    if configured == "auto" and "LOCAL_RANK" in os.environ and torch.cuda.is_available():
        return f"cuda:{os.environ['LOCAL_RANK']}"
    return configured


def gate_passed(verdict: Verdict) -> bool:
    return not any(not c.passed and (c.name in _STATIC or c.hacked) for c in verdict.checks)


def speed(verdict: Verdict, clip: tuple[float, float]) -> float:
    ratio = verdict.speedup_vs_inductor
    if not verdict.correct or ratio is None or ratio <= 0:
        return 0.0
    return min(max(math.log(ratio), clip[0]), clip[1])


def component(name: str, verdict: Any, code_ok: bool, config: Rewards) -> float | None:
    """One component's value for one completion (before trl applies the recipe's weight)."""
    if verdict is _UNJUDGED:
        return None
    if name == "format":
        return float(code_ok)
    if verdict is None:
        return 0.0
    return {
        "gate": lambda: float(gate_passed(verdict)),
        "ran": lambda: float(ran(verdict)),
        "correct": lambda: float(verdict.correct),
        "speed": lambda: speed(verdict, config.speed_clip),
        "hacked": lambda: -1.0 if verdict.hacked else 0.0,
    }[name]()


def reward_weights(config: Rewards) -> list[float]:
    """trl's `reward_weights`, in the order of `reward_functions`."""
    return [float(config.weights[name]) for name in COMPONENTS]


def reward_functions(config: Rewards, memo: VerdictMemo | None = None) -> list[Callable[..., list]]:
    """trl reward functions named `reward_<component>`, sharing one verdict per completion."""
    memo = memo or VerdictMemo(config)

    def make(name: str) -> Callable[..., list]:
        def reward(prompts: list, completions: list, task: list[str], **_: Any) -> list[float | None]:
            verdicts = memo.verdicts(completions, task)
            codes = [well_formed(memo.code(c)) for c in completions]
            return [component(name, v, ok, config) for v, ok in zip(verdicts, codes, strict=True)]

        reward.__name__ = f"reward_{name}"
        return reward

    return [make(name) for name in COMPONENTS]
