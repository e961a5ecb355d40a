"""Quickstart: compile a small MLP with backend="autotriton" and watch a kernel be written, verified, cached and spliced.

The kernel's author is the bundled model (agent/bundled_model, trained by training/, served in-process), unless
AUTOTRITON_ENGINE names another engine. The sandboxed verifier accepts a kernel only where it computes the region
exactly; what no kernel wins stays with inductor. Without a GPU, Triton kernels run in Triton's interpreter
(correctness only, no timing); on a GPU a kernel is kept only if it beats inductor. `offer_bundled_kernels` (the
`files` engine answering with examples/kernels/) stands in for a model in the other examples.

    python examples/quickstart.py            # run it twice: the second run is served from the cache
"""
import os
from pathlib import Path

import torch

if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")  # before Triton loads: CPU tensors need the interpreter

from autotriton_backend.collect import CollectedTask  # noqa: E402
from autotriton_backend.report import compile_report  # noqa: E402
from cache.store import default_directory  # noqa: E402

BUNDLED_KERNELS = [Path(__file__).parent / "kernels" / name for name in ("linear.py", "linear_gelu.py")]


class MLP(torch.nn.Module):
    def __init__(self, width: int = 64) -> None:
        super().__init__()
        self.up = torch.nn.Linear(width, 2 * width)
        self.down = torch.nn.Linear(2 * width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down(torch.nn.functional.gelu(self.up(x)))


def build() -> tuple[torch.nn.Module, list[torch.Tensor]]:
    """The factory `autotriton tasks` / `autotriton warmup` take: examples/quickstart.py:build."""
    device = "cuda" if torch.cuda.is_available() else "cpu"
    torch.manual_seed(0)
    return MLP().to(device).eval(), [torch.randn(8, 64, device=device)]


def offer_bundled_kernels(tasks: list[CollectedTask], directory: Path) -> str:
    """A `files:` engine in `directory` answering turn N of every task's search with bundled kernel N."""
    for item in tasks:
        (directory / item.task.key).mkdir()
        for turn, kernel in enumerate(BUNDLED_KERNELS):
            (directory / item.task.key / f"turn{turn}.py").write_text(kernel.read_text())
    return f"files:{directory}"


def main() -> None:
    model, inputs = build()
    engine = os.environ.get("AUTOTRITON_ENGINE")  # unset: the bundled model
    compiled = torch.compile(model, backend="autotriton", options={"engine": engine} if engine else {})
    with torch.no_grad():
        ours, eager = compiled(*inputs), model(*inputs)
    print(compile_report().table())
    error = (ours - eager).abs().max().item()
    print(f"max |autotriton - eager| = {error:.2e}; kernel cache: {default_directory()}")
    assert error < 1e-4, "autotriton output differs from eager"


if __name__ == "__main__":
    main()
