"""Engine spec strings (`hf:PATH`, `openai:BASE_URL#MODEL`, `vllm:PATH`, `files:DIR`) and the default engine.

The backend checks a spec when options are resolved, long before the agent starts an engine, so
a typo fails once with the valid forms instead of once per region.

The default engine is the model bundled with the package (`agent/bundled_model/`, a transformers
model directory served in-process as `hf:DIR`): used wherever search needs an engine and none is
configured. An explicit spec wins; `none` turns search off. The directory is found without
importing the agent, which the backend must not do.
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

SPEC_FORMS = "hf:PATH, openai:BASE_URL#MODEL, vllm:PATH, files:DIR"
KINDS = ("hf", "openai", "vllm", "files")
NO_ENGINE = "none"  # engine="none": no model is asked; regions without a cached kernel run the faster of eager and inductor


def _bundled_model_dir() -> Path:
    spec = importlib.util.find_spec("agent")  # locates the package without running it
    locations = list(spec.submodule_search_locations or []) if spec else []
    return (Path(locations[0]) if locations else Path(__file__).resolve().parents[1] / "agent") / "bundled_model"


BUNDLED_MODEL_DIR = _bundled_model_dir()


@dataclass(frozen=True)
class EngineSpec:
    kind: str  # one of KINDS
    target: str  # the path, directory or base URL
    model: str = ""  # openai only: the served model's name


def parse_engine_spec(spec: str) -> EngineSpec:
    """Split a spec into its parts; a ValueError naming the valid forms when it is malformed."""
    kind, _, rest = spec.partition(":")
    if kind == "openai":
        base_url, _, model = rest.partition("#")
        if "://" not in base_url or not model:
            raise ValueError(f"bad engine spec {spec!r}: openai needs BASE_URL#MODEL; valid forms: {SPEC_FORMS}")
        return EngineSpec(kind, base_url, model)
    if kind not in KINDS or not rest:
        raise ValueError(f"bad engine spec {spec!r}; valid forms: {SPEC_FORMS}")
    return EngineSpec(kind, rest)


def bundled_engine() -> str | None:
    """`hf:DIR` for the bundled model, or None when it is absent or transformers cannot load it."""
    if not (BUNDLED_MODEL_DIR / "config.json").is_file() or importlib.util.find_spec("transformers") is None:
        return None
    return f"hf:{BUNDLED_MODEL_DIR}"


def effective_engine(configured: str | None) -> str | None:
    """The engine setting after defaults: a configured spec (checked) or `none` as given, else the
    bundled model, else None (nothing configured, nothing bundled)."""
    if configured is None:
        return bundled_engine()
    if configured != NO_ENGINE:
        parse_engine_spec(configured)
    return configured


def search_spec(engine: str | None) -> str | None:
    """The spec to search with, or None where search has no engine (`none`, or nothing at all)."""
    return None if engine in (None, NO_ENGINE) else engine


def no_engine_reason(engine: str | None) -> str:
    """Why search has no engine (`engine` as effective_engine gave it) and how to get one."""
    if engine == NO_ENGINE:
        return f"engine={NO_ENGINE!r} turns search off"
    if not (BUNDLED_MODEL_DIR / "config.json").is_file():
        return (f"no engine is configured and no model is bundled at {BUNDLED_MODEL_DIR}; set options={{'engine': "
                f"SPEC}} or AUTOTRITON_ENGINE ({SPEC_FORMS}), or put a trained model directory there "
                "(README: the bundled model)")
    return f"the bundled model at {BUNDLED_MODEL_DIR} needs transformers: pip install autotriton[hf]"
