"""A cached kernel judged again by the running verifier: the one rule for entries another verifier judged.

An entry keeps the verdict of the verifier that judged it, and a later verifier may refuse what an earlier one passed
(a hack a later round learned to catch). Search mode does this for a stale hit before it is spliced (resolve.py),
`autotriton cache verify` for every kernel it is asked about. A kernel that is still correct, and still faster than
eager and inductor where they were timed (choice.fastest, the rule every search follows), is stored again with the
running verifier's verdict and stamp; any other is dropped, and its region is searched again as a miss.
"""
from __future__ import annotations

from dataclasses import dataclass

from autotriton_backend.candidate import Candidate, Provenance
from autotriton_backend.choice import KERNEL, fastest
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Verdict
from autotriton_backend.verifier import VerifyOptions, verify

from .environment import environment_key
from .store import CacheEntry, KernelCache


# Failures that say nothing lasting about a kernel: the verifier's own, and a timeout (a loaded machine makes one of a
# kernel that was fast when stored). The entry stays as it was, stale, rather than a kernel lost to a transient.
INCONCLUSIVE = ("internal", "timeout")


@dataclass(frozen=True)
class Rejudgement:
    verdict: Verdict  # the running verifier's
    kept: bool  # correct and still the fastest: the kernel stays
    restamped: bool  # stored again with this verdict and stamp (not when judged on another environment's device)
    dropped: bool  # refused (or now slower) and removed from the cache

    @property
    def inconclusive(self) -> bool:
        """The verifier failed or timed out: nothing lasting about the kernel, so the entry is left as it was."""
        return self.verdict.failure in INCONCLUSIVE

    @property
    def reason(self) -> str:
        """Why the kernel was not kept, in one line ("" when kept)."""
        if self.kept:
            return ""
        failed = self.verdict.failed_check
        if failed is None:
            return "correct, but no longer faster than eager and inductor"
        return f"{failed.name}: {failed.reason}".splitlines()[0]


def rejudge(cache: KernelCache, entry: CacheEntry, options: VerifyOptions, drop: bool = True) -> Rejudgement:
    """Judge `entry`'s kernel again; re-store it stamped if it still wins, else drop it (unless `drop` is False).

    Raises TaskError when the task itself no longer runs (the kernel is not at fault: the entry stays).
    """
    if not entry.is_kernel:  # a kernel entry read from the cache always carries its task (store._judgeable)
        raise ValueError(f"{entry.key}: only a stored kernel can be judged again")
    task = KernelTask.from_json(entry.task)
    candidate = Candidate(entry.source, Provenance(**entry.provenance))
    verdict = verify(task, candidate, options)
    if verdict.failure in INCONCLUSIVE:
        return Rejudgement(verdict, kept=False, restamped=False, dropped=False)
    if verdict.correct and fastest(verdict.timings, True) == KERNEL:
        restamped = environment_key(verdict.device) == entry.environment and cache.put_winner(
            CacheEntry.winner(task, candidate, verdict, entry.environment, entry.level))
        return Rejudgement(verdict, kept=True, restamped=restamped, dropped=False)
    return Rejudgement(verdict, kept=False, restamped=False, dropped=drop and cache.remove(entry.key))
