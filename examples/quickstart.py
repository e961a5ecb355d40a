"""Quickstart: compile a small MLP with backend="autotriton" and watch a kernel be verified, cached and spliced.

No language model is needed here: unless AUTOTRITON_ENGINE names one, the `files` engine plays the
model, answering every region with the bundled kernel examples/kernels/linear.py and, on the repair
turn, with examples/kernels/linear_gelu.py. The sandboxed verifier accepts a kernel only where it
computes the region exactly; what no kernel wins stays with inductor. Without a GPU, Triton kernels run in Triton's interpreter (correctness only,
no timing); on a GPU a kernel is kept only if it beats inductor.

    python examples/quickstart.py            # run it twice: the second run is served from the cache
"""
import os
import tempfile
from pathlib import Path

import torch

if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")  # before Triton loads: CPU tensors need the interpreter

from autotriton_backend.collect import CollectedTask, collect_tasks  # noqa: E402
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
    with tempfile.TemporaryDirectory(prefix="autotriton-quickstart-") as answers:  # gone when the compile is done
        engine = os.environ.get("AUTOTRITON_ENGINE")
        if engine is None:
            engine = offer_bundled_kernels(collect_tasks(model, inputs).tasks, Path(answers))
            torch._dynamo.reset()
        compiled = torch.compile(model, backend="autotriton", options={"engine": engine})
        with torch.no_grad():
            ours, eager = compiled(*inputs), model(*inputs)
    print(compile_report().table())
    error = (ours - eager).abs().max().item()
    print(f"max |autotriton - eager| = {error:.2e}; kernel cache: {default_directory()}")
    assert error < 1e-4, "autotriton output differs from eager"


if __name__ == "__main__":
    main()
