"""Recipes: one YAML file per training setup (model, tokenizer, trl configs, rewards, limits, launcher).

The `sft:` and `grpo:` sections are passed verbatim to trl's `SFTConfig`/`GRPOConfig`, so everything trl
can do is a recipe line, and trl itself validates them (the dry run builds both configs). `--set
sft.max_steps=3` overrides any entry from the command line.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

RECIPES = Path(__file__).parent / "recipes"


@dataclass(frozen=True)
class Rewards:
    """The hierarchical reward's weights (trl's `reward_weights`, in `rewards.COMPONENTS` order) and bounds."""

    weights: dict[str, float] = field(default_factory=lambda: {
        "format": 0.1, "gate": 0.1, "ran": 0.3, "correct": 1.0, "speed": 0.5, "hacked": 1.0})
    speed_clip: tuple[float, float] = (-1.0, 1.0)  # bounds of log(speedup over inductor)
    device: str = "auto"  # the verifier's device ("cuda:N" per process on several GPUs is picked automatically)
    workers: int = 8  # sandboxed slots in the warm pool
    timeout_s: float = 60.0
    trials: int = 3


@dataclass(frozen=True)
class Recipe:
    name: str
    path: Path
    model: str  # "tiny": build_tiny from scratch; else a local checkpoint directory (e.g. Qwen3-8B)
    model_config: dict[str, Any]  # build_tiny overrides
    teacher: str  # whose answers SFT learns: "direct" (training/data/direct) or "inductor" (training/data/teacher)
    vocab_size: int  # the from-scratch tokenizer's size
    tokenizer_words: str  # where its tokens must end (tokenizer.WORD_ENDS)
    rl_only_percent: int  # hash buckets of train compositions SFT leaves to GRPO (families.rl_only); 0: none
    library_tail: bool  # GRPO samples ModelNew only; the direct teacher's library is appended before judging
    sft: dict[str, Any]  # SFTConfig keyword arguments
    grpo: dict[str, Any]  # GRPOConfig keyword arguments
    rewards: Rewards
    max_seconds: float  # each command stops, saves and exits after this long (resume continues)
    save_every_s: float  # a resume point is written this often, so a killed command loses little
    save_dtype: str | None  # the dtype weights are saved in (None: as trained)
    needs_gpu: bool
    accelerate_config: Path | None  # for `accelerate launch --config_file`; None: one process

    @property
    def from_scratch(self) -> bool:
        return self.model == "tiny"


def load_recipe(name_or_path: str, overrides: list[str] = ()) -> Recipe:
    """A recipe by name (training/recipes/NAME.yaml) or path; `overrides` are `section.key=yaml-value`."""
    path = Path(name_or_path)
    if not path.suffix:
        path = RECIPES / f"{name_or_path}.yaml"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in RECIPES.glob("*.yaml")))
        raise FileNotFoundError(f"no recipe {name_or_path!r}: give a YAML path or one of: {known}")
    data = yaml.safe_load(path.read_text())
    data = _apply(data, overrides)
    rewards = data.get("rewards", {})
    if "speed_clip" in rewards:
        rewards["speed_clip"] = tuple(rewards["speed_clip"])
    accelerate = data.get("accelerate_config")
    return Recipe(
        name=data.get("name", path.stem), path=path, model=str(data["model"]),
        model_config=data.get("model_config", {}), teacher=str(data.get("teacher", "inductor")), vocab_size=int(data.get("vocab_size", 8192)),
        tokenizer_words=str(data.get("tokenizer_words", "lines")),
        rl_only_percent=int(data.get("rl_only_percent", 0)), library_tail=bool(data.get("library_tail", False)),
        sft=data.get("sft", {}), grpo=data.get("grpo", {}), rewards=Rewards(**rewards),
        max_seconds=float(data.get("max_seconds", 480)), save_every_s=float(data.get("save_every_s", 120)),
        save_dtype=data.get("save_dtype"), needs_gpu=bool(data.get("needs_gpu", True)),
        accelerate_config=(path.parent / accelerate).resolve() if accelerate else None,
    )


def _apply(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    for item in overrides:
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--set {item!r}: write KEY=VALUE, e.g. sft.max_steps=3")
        *parents, leaf = key.split(".")
        node = data
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = _scalar(value)
    return data


def _scalar(text: str) -> Any:
    """A YAML value, with `3e-3` read as the float it means (YAML 1.1 wants `3.0e-3`)."""
    value = yaml.safe_load(text)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            pass
    return value
