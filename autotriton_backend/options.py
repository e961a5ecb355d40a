"""Backend options: `torch.compile(..., options={...})` over `AUTOTRITON_*` environment variables."""
from __future__ import annotations

import os
from dataclasses import dataclass, fields
from typing import Any, Mapping

from .engine_spec import effective_engine, no_engine_reason, search_spec

MODES = ("search", "cache", "off")
ENV_PREFIX = "AUTOTRITON_"


@dataclass(frozen=True)
class BackendOptions:
    mode: str = "search"  # search: cache, then ask the engine for misses; cache: hits only; off: plain inductor
    engine: str | None = None  # engine spec for search mode, or "none"; resolve() fills in the bundled model
    cache_dir: str | None = None  # default: $AUTOTRITON_CACHE_DIR or ~/.cache/autotriton/kernels
    strict: bool = False  # raise instead of falling back to inductor
    report: bool = False  # print the compile report after each graph
    model_guard: bool = True  # on a GPU, keep spliced kernels only if the whole graph gets faster
    search_turns: int = 2
    search_samples: int = 2
    search_seconds: float = 600.0
    search_tokens: int | None = None  # generated tokens per region, all turns together
    verify_timeout_s: float = 180.0  # seconds one candidate may run in the verifier before it is killed

    @property
    def search_engine(self) -> str | None:
        """The spec search mode asks for kernels, or None: `none`, or no engine configured or bundled."""
        return search_spec(self.engine)

    @staticmethod
    def resolve(options: Mapping[str, Any] | None = None, environ: Mapping[str, str] = os.environ) -> "BackendOptions":
        """Options given to torch.compile win over environment variables; anything unknown is an error."""
        known = {f.name: f for f in fields(BackendOptions)}
        values: dict[str, Any] = {}
        for name, field in known.items():
            env_value = environ.get(ENV_PREFIX + name.upper())
            if env_value is not None:
                values[name] = _parse(name, env_value, field.type)
        for name, value in (options or {}).items():
            if name not in known:
                raise ValueError(f"unknown autotriton option {name!r}; valid options: {', '.join(known)}")
            _check_type(name, value, known[name].type)
            values[name] = value
        try:
            values["engine"] = effective_engine(values.get("engine"))
        except ValueError as exc:
            raise ValueError(f"autotriton option engine: {exc}") from None
        resolved = BackendOptions(**values)
        resolved._check_values()
        return resolved

    def _check_values(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown autotriton mode {self.mode!r}; valid modes: {', '.join(MODES)}")
        for name in ("search_turns", "search_samples", "search_tokens"):
            if getattr(self, name) is not None and getattr(self, name) < 1:
                raise ValueError(f"autotriton option {name} must be at least 1, got {getattr(self, name)!r}")
        for name in ("search_seconds", "verify_timeout_s"):
            if getattr(self, name) <= 0:
                raise ValueError(f"autotriton option {name} must be a positive number of seconds, got {getattr(self, name)!r}")
        if self.strict and self.mode == "search" and self.search_engine is None:
            raise ValueError(f"autotriton option strict=True in search mode needs an engine: "
                             f"{no_engine_reason(self.engine)}; "
                             "to use cached kernels only, set mode='cache'")


_TYPE_NAMES = {"bool": (bool,), "int": (int,), "float": (int, float), "str": (str,)}


def _check_type(name: str, value: Any, annotation: Any) -> None:
    """Option values from Python must already have their type: "two" turns or "false" are refused here."""
    kinds = [part.strip() for part in str(annotation).split("|")]
    if value is None and "None" in kinds:
        return
    allowed = tuple(t for kind in kinds for t in _TYPE_NAMES.get(kind, ()))
    if isinstance(value, bool) and bool not in allowed or not isinstance(value, allowed):
        wanted = " or ".join("True/False" if k == "bool" else k for k in kinds)
        raise ValueError(f"autotriton option {name} must be {wanted}, got {value!r}")


def _parse(name: str, text: str, annotation: Any) -> Any:
    kind = str(annotation)
    if "bool" in kind:
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off", ""):
            return False
        raise ValueError(f"{ENV_PREFIX}{name.upper()}={text!r} is not a boolean; use 1 or 0")
    if "int" in kind or "float" in kind:
        try:
            return (int if "int" in kind else float)(text)
        except ValueError:
            raise ValueError(f"{ENV_PREFIX}{name.upper()}={text!r} is not a number") from None
    return text
