"""GPU-only backend checks: real Triton compilation of a spliced kernel and the model-level guard."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest
import torch

from autotriton_backend import Candidate, VerifyOptions, verify
from autotriton_backend.backend import autotriton
from autotriton_backend.collect import collect_tasks
from autotriton_backend.report import compile_report, reset_report
from cache.environment import environment_key
from cache.store import CacheEntry, KernelCache

LINEAR_KERNEL = (Path(__file__).parent.parent / "examples" / "kernels" / "linear.py").read_text()


@pytest.mark.gpu
def test_model_guard_keeps_spliced_kernels_only_when_faster():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(1024, 4096), torch.nn.GELU(), torch.nn.Linear(4096, 1024))
    model = model.cuda().to(torch.bfloat16).eval()
    x = torch.randn(4096, 1024, device="cuda", dtype=torch.bfloat16)
    (task,) = [c.task for c in collect_tasks(model, [x]).tasks if "erf" not in c.task.source]
    candidate = Candidate(LINEAR_KERNEL)
    verdict = verify(task, candidate, VerifyOptions(device="cuda"))
    assert verdict.correct, verdict.feedback
    # Forced in whatever its speed, so the spliced graph really runs and the guard has to decide.
    KernelCache().put_winner(CacheEntry.winner(task, candidate, verdict, environment_key("cuda")))
    torch._dynamo.reset()
    reset_report()
    with warnings.catch_warnings(record=True) as caught, torch.no_grad():
        warnings.simplefilter("always")
        y = torch.compile(model, backend=autotriton, options={"mode": "cache"})(x)
    assert "cache-hit" in [r.status for r in compile_report().records]
    ((kernels_ms, inductor_ms),) = compile_report().graph_guards
    dropped = any("made this graph slower" in str(w.message) for w in caught)
    assert dropped == (kernels_ms >= inductor_ms)
    torch.testing.assert_close(y.float(), model(x).float(), atol=5e-2, rtol=5e-2)


class SumOverDim1(torch.nn.Module):
    def forward(self, x):
        return torch.sum(x, dim=1, keepdim=True)


@pytest.mark.gpu
def test_without_an_engine_eager_competes_timed_by_the_judge_not_inside_the_pass():
    """On torch 2.11 a torch.compile inside our post-grad pass fails ("No toplevel event active"): the
    judge times eager and inductor in its own process, and the region runs whichever was faster."""
    x = torch.rand(64, 2048, 1023, device="cuda")
    torch._dynamo.reset()
    reset_report()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the no-engine warning
        y = torch.compile(SumOverDim1(), backend=autotriton)(x)  # search mode, no engine
    ((record,),) = [compile_report().records]
    assert record.status == "no-engine", record.detail
    eager_ms, inductor_ms = (float(part.split()[0]) for part in record.detail.split(": ")[1].split(" vs inductor "))
    assert record.choice == ("eager" if eager_ms < inductor_ms else "inductor")
    entry = KernelCache().get(record.task_key, environment_key("cuda"))
    assert (entry is not None and entry.is_eager) == (eager_ms < inductor_ms)
    torch.testing.assert_close(y, SumOverDim1()(x))
