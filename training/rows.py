"""Dataset records -> trainer rows. Prompts and answers come from the one prompt module, rebuilt from each
record's task, so the model trains on exactly the conversation the agent will serve it."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from autotriton_backend.prompt import assistant_message, first_prompt
from autotriton_backend.task import KernelTask
from training.data.dataset import TEACHER_SHARDS, DataError, split_records
from training.data.families import rl_only
from training.data.direct.translate import model_new_view, whole_library_view
from training.metrics import read_rows


INDUCTOR_KERNEL = re.compile(r"^def (triton_(?:poi|per|red|tem|helper_fn)_\w+)\(", re.MULTILINE)


def short_kernel_names(source: str) -> str:
    """Inductor names a kernel after the ops it fuses (`triton_poi_fused_abs_gelu_log1p_1`), so on a composition
    the train split never saw, a model must invent a long name and spell it twice: run 35's SFT model called kernels
    by names it had not defined in 5 of 16 held-out answers. Here they become `kernel_0`, `kernel_1`, ... in the
    order they are defined (helpers such as combine functions too). Only top-level names change, and the gate allows
    no reflection on them, so a renamed target computes what the verified one did (tests/test_training.py judges
    renamed pairs). The dataset keeps the verified text; the model trains on this view of it."""
    names = {name: f"kernel_{index}" for index, name in enumerate(INDUCTOR_KERNEL.findall(source))}
    for name in sorted(names, key=len, reverse=True):  # host names made from a kernel's (`..._1_xnumel`) go too
        source = re.sub(rf"\b{name}(?=_|\b)", names[name], source)
    return source


# The dataset's tasks as eval suites: its held-out split, its train split, and the train tasks GRPO takes by default
# (unanswered_records under the tiny recipe's teacher). A probe of either train suite picks GRPO's tasks.
TEST_SUITE, TRAIN_SUITE, UNANSWERED_SUITE = "test", "train", "unanswered"
PROBE_SUITES = (TRAIN_SUITE, UNANSWERED_SUITE)

# What the model learns of each teacher's verified answer (the dataset keeps the verified text).
TEACHER_VIEWS = {"inductor": short_kernel_names, "direct": whole_library_view}


def _sft_records(data: Path, teacher: str, split: str, rl_only_percent: int) -> Iterator[dict[str, Any]]:
    """The pairs SFT learns: one teacher's, less the compositions `rl_only` reserves for GRPO."""
    if teacher not in TEACHER_SHARDS:
        raise ValueError(f"teacher {teacher!r}: use one of {', '.join(TEACHER_SHARDS)}")
    return (r for r in split_records(data, "pairs", split, TEACHER_SHARDS[teacher])
            if not rl_only(r["composition"], rl_only_percent))


def sft_rows(data: Path, teacher: str, split: str = "train", rl_only_percent: int = 0,
             library_tail: bool = False) -> list[dict[str, Any]]:
    """Conversational prompt/completion rows from one teacher's pairs: trl masks the loss to the completion.
    With `library_tail` the answers are the direct teacher's ModelNew alone (the library is the reader's)."""
    view = model_new_view if library_tail else TEACHER_VIEWS[teacher]
    return [{"prompt": first_prompt(KernelTask.from_json(r["task"])),
             "completion": [assistant_message(view(r["target"]), "")]}
            for r in _sft_records(data, teacher, split, rl_only_percent)]


def _rl_row(record: dict[str, Any]) -> dict[str, Any]:
    """`task` (the KernelTask as JSON text) reaches the reward functions as a column."""
    return {"prompt": first_prompt(KernelTask.from_json(record["task"])), "task": json.dumps(record["task"])}


def rl_rows(data: Path, split: str = "train") -> list[dict[str, Any]]:
    """Prompt rows of every RL task of a split."""
    return [_rl_row(r) for r in split_records(data, "rl", split)]


def unanswered_records(data: Path, teacher: str, rl_only_percent: int) -> list[dict[str, Any]]:
    """The train RL tasks SFT saw no answer to: those of the compositions it left out and those its teacher has
    no pair for. By the source the prompt shows, not the task's key: two seeds can draw one program, one of them
    with a symbolic batch (24 such twins among session 25's 8,000 new tasks), and SFT's answer to one answers both."""
    answered = {r["task"]["source"] for r in _sft_records(data, teacher, "train", rl_only_percent)}
    return [r for r in split_records(data, "rl", "train") if r["task"]["source"] not in answered]


def grpo_rows(data: Path, teacher: str, rl_only_percent: int, probe: Path | None = None) -> list[dict[str, Any]]:
    """GRPO's tasks. Without a probe: the train RL tasks SFT saw no answer to, those of the compositions it left
    out and those its teacher has no pair for (not solved, or never judged). On tasks SFT had learned, every
    sample of a group was right and no reward differed (run 66); on those it never saw answered, almost every
    sample was wrong (run 84). With a probe, the tasks between the two: those the model solved some of the time."""
    if probe is not None:
        solved_sometimes = partly_solved(probe)
        rows = [_rl_row(r) for r in split_records(data, "rl", "train") if r["task_key"] in solved_sometimes]
        if not rows:
            raise DataError(f"no train RL task of {data} is among the {len(solved_sometimes)} the probe {probe} "
                            f"partly solved: probe more tasks (--limit), with more samples, on this dataset")
        return rows
    rows = [_rl_row(r) for r in unanswered_records(data, teacher, rl_only_percent)]
    if not rows:
        raise DataError(f"SFT on {data} answered every train RL task, so GRPO has none it never saw: raise "
                        f"rl_only_percent in the recipe to leave compositions to GRPO")
    return rows


def partly_solved(probe: Path) -> set[str]:
    """The tasks of a probe (`autotriton eval --suite unanswered --samples K --rows FILE` of the model GRPO starts
    from) where some samples were correct and some failed for a reason other than a syntax error.

    A syntax error in a sampled answer is one token drawn from the tail of a peaked model: the greedy answer
    rarely shares it, so groups that differ only by such noise teach nothing the greedy eval sees (run 87's
    probe at T=1.0: 172 of the 275 tasks with right and wrong samples failed only on syntax; run 88's GRPO on
    all 275 moved held-out nothing)."""
    config, rows, _ = read_rows(probe)
    if config.get("suite") not in PROBE_SUITES or config.get("samples", 0) < 2:
        raise DataError(f"--probe {probe} is an eval of suite {config.get('suite')!r} with {config.get('samples')} "
                        f"sample(s) a task: probe with `autotriton eval --suite {UNANSWERED_SUITE} --samples 8 "
                        f"--rows FILE`")
    return {r.key for r in rows if any(s.correct for s in r.samples)
            and any(not s.correct and s.failed_check != "syntax" for s in r.samples)}


def tokenizer_texts(data: Path, teacher: str, split: str = "train") -> Iterator[str]:
    """The text the tokenizer learns from: every train prompt and answer."""
    for row in sft_rows(data, teacher, split):
        yield from (m["content"] for m in row["prompt"] + row["completion"])
    for row in rl_rows(data, split):
        yield from (m["content"] for m in row["prompt"])
