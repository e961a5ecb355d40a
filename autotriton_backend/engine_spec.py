"""Engine spec strings (`hf:PATH`, `openai:BASE_URL#MODEL`, `vllm:PATH`, `files:DIR`): the one parser.

The backend checks a spec when options are resolved, long before the agent starts an engine, so
a typo fails once with the valid forms instead of once per region.
"""
from __future__ import annotations

from dataclasses import dataclass

SPEC_FORMS = "hf:PATH, openai:BASE_URL#MODEL, vllm:PATH, files:DIR"
KINDS = ("hf", "openai", "vllm", "files")


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
