"""The search loop: sample, verify, repair, keep the fastest correct candidate.

Turn 0 asks the engine for `k` answers to one prompt; each answer then lives in its own
conversation. Every later turn continues the conversations that still have work to do: a failed
candidate gets its own code back with the verifier's feedback (repair), a correct one that is
slower than torch.compile gets a speed request. A conversation whose model context has no room left
for an answer as long as its last one starts again from the task: a fresh sample, not a cut-off repair.
Nothing here writes to the kernel cache: the caller decides what to keep.
"""
from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.prompt import PROMPT_VERSION, assistant_message, extract_code, feedback_message, first_prompt
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Verdict
from autotriton_backend.verifier import VerifyOptions, verify_many

from .engines import Completion, Engine, EngineError, RequestMeta


@dataclass(frozen=True)
class Budget:
    samples: int = 4  # k conversations, sampled together on turn 0
    turns: int = 3  # model turns per conversation; 1 means no repair
    seconds: float = 1800.0  # checked before each turn
    tokens: int | None = None  # generated tokens over the whole search
    max_tokens: int = 8192  # per reply
    temperature: float = 0.7
    good_enough: float = 1.0  # stop at this speedup over torch.compile (over eager when compile was not timed)

    def __post_init__(self) -> None:
        if self.samples < 1 or self.turns < 1:
            raise ValueError("a budget needs at least one sample and one turn")


@dataclass
class Attempt:
    candidate: Candidate
    verdict: Verdict
    tokens: int

    def to_json(self) -> dict[str, Any]:
        return {"candidate": self.candidate.to_json(), "verdict": self.verdict.to_json(), "tokens": self.tokens}


@dataclass
class SearchResult:
    task_key: str
    winner: Attempt | None
    attempts: list[Attempt]
    conversations: list[list[dict[str, str]]]  # one per sample, then those a restarted sample left behind
    stop_reason: str  # "good enough", "turns", "seconds", "tokens" or "error"
    tokens: int = 0
    seconds: float = 0.0
    error: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "task_key": self.task_key,
            "winner": self.winner.to_json() if self.winner else None,
            "attempts": [a.to_json() for a in self.attempts],
            "conversations": self.conversations,
            "stop_reason": self.stop_reason,
            "tokens": self.tokens,
            "seconds": self.seconds,
            "error": self.error,
        }


@dataclass(frozen=True)
class Event:
    """Progress for callers that show it: kind is "generate", "verdict", "winner" or "done"."""

    kind: str
    turn: int
    sample: int | None = None
    message: str = ""


def search(
    task: KernelTask,
    engine: Engine,
    budget: Budget = Budget(),
    verify_options: VerifyOptions = VerifyOptions(),
    on_event: Callable[[Event], None] | None = None,
    verify_workers: int = 2,
) -> SearchResult:
    """Search for a verified kernel for `task`. Engine failures end the search with `error` set;
    a broken task (TaskError from the verifier) propagates, since no model can fix it."""
    state = _Search(task, engine, budget, verify_options, on_event or (lambda event: None), verify_workers)
    return state.run()


@dataclass
class _Search:
    task: KernelTask
    engine: Engine
    budget: Budget
    verify_options: VerifyOptions
    emit: Callable[[Event], None]
    verify_workers: int
    conversations: list[list[dict[str, str]]] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    winner: Attempt | None = None
    tokens: int = 0
    verdicts: dict[str, Verdict] = field(default_factory=dict)  # by source sha256: identical code, one run

    def run(self) -> SearchResult:
        start = time.monotonic()
        stop, error, turn = "turns", "", 0
        active = list(range(self.budget.samples))
        for turn in range(self.budget.turns):
            if exhausted := self._exhausted(start):
                stop = exhausted
                break
            try:
                replies = self._generate(turn, active)
            except Exception as exc:  # any engine failure is a failed search, never a crash of the caller
                stop, error = "error", str(exc) if isinstance(exc, EngineError) else f"{type(exc).__name__}: {exc}"
                break
            active = self._judge(turn, active, replies)
            if self._good_enough():
                stop = "good enough"
                break
        self.emit(Event("done", turn, message=f"{stop}; winner: {self.winner is not None}"))
        return SearchResult(
            task_key=self.task.key,
            winner=self.winner,
            attempts=self.attempts,
            conversations=self.conversations,
            stop_reason=stop,
            tokens=self.tokens,
            seconds=time.monotonic() - start,
            error=error,
        )

    def _exhausted(self, start: float) -> str:
        if time.monotonic() - start >= self.budget.seconds:
            return "seconds"
        if self.budget.tokens is not None and self.tokens >= self.budget.tokens:
            return "tokens"
        return ""

    def _generate(self, turn: int, active: list[int]) -> list[Completion]:
        """One reply per active sample; turn 0 samples k answers from the shared first prompt."""
        b = self.budget
        if turn == 0:
            self.emit(Event("generate", 0, message=f"{b.samples} samples"))
            meta = [RequestMeta(self.task.key, 0, 0)]
            batch = self.engine.generate([first_prompt(self.task)], b.samples, b.temperature, b.max_tokens, meta)
            completions = batch[0] if len(batch) == 1 else []
        else:
            self._restart_the_cramped(turn, active)
            self.emit(Event("generate", turn, message=f"{len(active)} conversations"))
            meta = [RequestMeta(self.task.key, turn, i) for i in active]
            batch = self.engine.generate([self.conversations[i] for i in active], 1, b.temperature, b.max_tokens, meta)
            completions = [replies[0] for replies in batch if replies]
        if len(completions) != len(active):
            raise EngineError(f"{self.engine.name} engine: {len(completions)} replies for {len(active)} requests")
        if turn == 0:
            self.conversations = [first_prompt(self.task) for _ in completions]
        self.tokens += sum(c.tokens for c in completions)
        return completions

    def _restart_the_cramped(self, turn: int, active: list[int]) -> None:
        """The bundled model's context is 4,096 tokens and its answers ~2,400: a repair (task, answer, feedback)
        left it ~1,370, and the answers it wrote there held no code (the quickstart's coarse region, session 19).
        Such a conversation starts again from the task."""
        for sample in active:
            room = self.engine.room(self.conversations[sample])
            last = next(a.tokens for a in reversed(self.attempts) if a.candidate.provenance.sample == sample)
            if room is not None and room < last:
                self.conversations.append(self.conversations[sample])  # kept (after the k live ones), never lost
                self.conversations[sample] = first_prompt(self.task)
                self.emit(Event("generate", turn, sample, f"restarted from the task: {room} tokens of context left, "
                                                         f"the last answer took {last}"))

    def _judge(self, turn: int, active: list[int], replies: list[Completion]) -> list[int]:
        """Verify this turn's candidates, extend their conversations, return the samples to continue."""
        candidates = []
        for sample, reply in zip(active, replies):
            code = extract_code(reply.text)
            self.conversations[sample].append(assistant_message(code, reply.text))
            provenance = Provenance(self.engine.name, self.engine.model, PROMPT_VERSION, turn, sample)
            candidates.append(Candidate(code, provenance))
        verdicts = self._verify(candidates)
        still_active = []
        for sample, candidate, verdict, reply in zip(active, candidates, verdicts, replies):
            attempt = Attempt(candidate, verdict, reply.tokens)
            self.attempts.append(attempt)
            self.emit(Event("verdict", turn, sample, _summary(verdict)))
            if verdict.correct and _faster(attempt, self.winner):
                self.winner = attempt
                self.emit(Event("winner", turn, sample, _summary(verdict)))
            if not _done(verdict, self.budget.good_enough):
                self.conversations[sample].append(feedback_message(verdict))
                still_active.append(sample)
        return still_active

    def _verify(self, candidates: list[Candidate]) -> list[Verdict]:
        """Run the verifier once per distinct source (k samples often agree)."""
        fresh = list({c.sha256: c for c in candidates if c.sha256 not in self.verdicts}.values())
        for candidate, verdict in zip(fresh, verify_many(self.task, fresh, self.verify_options, self.verify_workers)):
            self.verdicts[candidate.sha256] = verdict
        return [copy.deepcopy(self.verdicts[c.sha256]) for c in candidates]

    def _good_enough(self) -> bool:
        return self.winner is not None and _done(self.winner.verdict, self.budget.good_enough)


def _speedup(verdict: Verdict) -> float | None:
    """Speedup over torch.compile, or over eager where torch.compile could not be timed."""
    inductor = verdict.speedup_vs_inductor
    return inductor if inductor is not None else verdict.speedup_vs_eager


def _done(verdict: Verdict, good_enough: float) -> bool:
    """Correct and either fast enough or not timed (CPU: nothing left to improve that we can see)."""
    speedup = _speedup(verdict)
    return verdict.correct and (speedup is None or speedup >= good_enough)


def _faster(attempt: Attempt, best: Attempt | None) -> bool:
    """Lower candidate time wins; without timings the first correct candidate stays."""
    if best is None:
        return True
    new, old = attempt.verdict.timings, best.verdict.timings
    if new is None or new.candidate_ms is None:
        return False
    return old is None or old.candidate_ms is None or new.candidate_ms < old.candidate_ms


def _summary(verdict: Verdict) -> str:
    if verdict.correct:
        ms = verdict.timings.candidate_ms if verdict.timings else None
        return "correct" + (f", {ms:.4f} ms" if ms is not None else "")
    failed = verdict.failed_check
    if failed is None:
        return "failed"
    reason = " ".join(failed.reason.split())
    return f"failed {failed.name}" + (f": {reason}" if reason else "")
