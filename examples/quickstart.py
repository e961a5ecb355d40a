"""Quickstart: compile a small MLP with backend="autotriton" and watch a kernel be verified, cached and spliced.

No language model is needed here: unless AUTOTRITON_ENGINE names one, the `files` engine offers the
bundled hand-written kernel (examples/kernels/linear.py) for every region of the graph. The sandboxed
verifier accepts it where it computes the region exactly and rejects it everywhere else; rejected
regions stay with inductor. Without a GPU, Triton kernels run in Triton's interpreter (correctness only,
no timing); on a GPU a kernel is kept only if it beats inductor.

    python examples/quickstart.py            # run it twice: the second run is served from the cache
"""
import os
import tempfile
from pathlib import Path

import torch

if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")  # before Triton loads: CPU tensors need the interpreter

from autotriton_backend.backend import collect_tasks  # noqa: E402
from autotriton_backend.report import compile_report  # noqa: E402
from cache.store import default_directory  # noqa: E402

BUNDLED_KERNEL = Path(__file__).parent / "kernels" / "linear.py"


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


def offer_bundled_kernel(model: torch.nn.Module, inputs: list[torch.Tensor]) -> str:
    """A `files:` engine directory holding the bundled kernel under every region's task key."""
    directory = Path(tempfile.mkdtemp(prefix="autotriton-quickstart-"))
    for task, _ in collect_tasks(model, inputs):
        (directory / f"{task.key}.py").write_text(BUNDLED_KERNEL.read_text())
    torch._dynamo.reset()
    return f"files:{directory}"


def main() -> None:
    model, inputs = build()
    engine = os.environ.get("AUTOTRITON_ENGINE") or offer_bundled_kernel(model, inputs)
    compiled = torch.compile(model, backend="autotriton", options={"engine": engine, "search_turns": 1})
    with torch.no_grad():
        ours, eager = compiled(*inputs), model(*inputs)
    print(compile_report().table())
    error = (ours - eager).abs().max().item()
    print(f"max |autotriton - eager| = {error:.2e}; kernel cache: {default_directory()}")
    assert error < 1e-4, "autotriton output differs from eager"


if __name__ == "__main__":
    main()
