"""Candidate: generated source for `ModelNew`, plus where it came from."""
from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Provenance:
    """Who produced a candidate, so a cached kernel can be traced back to its prompt and turn."""

    engine: str = "manual"
    model: str = ""
    prompt_version: str = ""
    turn: int = 0
    sample: int = 0


@dataclass(frozen=True)
class Candidate:
    source: str
    provenance: Provenance = field(default_factory=Provenance)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.source.encode("utf-8", "surrogatepass")).hexdigest()  # a lone surrogate too

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "provenance": asdict(self.provenance), "sha256": self.sha256}

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Candidate":
        return Candidate(source=data["source"], provenance=Provenance(**data.get("provenance", {})))
