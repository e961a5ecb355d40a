"""The teacher: inductor's generated Triton for a KernelTask, captured as source text.

The task's `Model` is compiled by dynamo + inductor for CUDA (max-autotune with the Triton GEMM
and convolution backends, so matmuls and convolutions become Triton templates rather than cuBLAS/cuDNN calls) and the
wrapper module inductor writes is kept, with how each of its `call(args)` arguments is obtained
from `Model.forward`'s inputs. On a machine without a GPU, `device="fake-cuda"` produces the same
kind of module through `fake_cuda()` (no benchmarks, so autotuning picks the first choice).
"""
from __future__ import annotations

import contextlib
import inspect
from dataclasses import asdict, dataclass
from typing import Any
from unittest import mock

import torch
from torch._dynamo.source import LocalSource, TensorProperty, TensorPropertySource
from torch._inductor.compile_fx import compile_fx
from torch._inductor.graph import GraphLowering
from torch.fx.experimental import _config as shape_config

from autotriton_backend.task import KernelTask, load_reference

from .fake_cuda import fake_cuda

TEACHER_CONFIG = {
    "max_autotune": True,
    "max_autotune_gemm_backends": "TRITON",
    "max_autotune_conv_backends": "TRITON",  # else convolutions stay cuDNN extern calls, which the cleaner refuses
    "force_disable_caches": True,  # a cache hit would skip the codegen we capture
}

FAKE_CUDA_CONFIG = {"benchmark_epilogue_fusion": False, "shape_padding": False}  # nothing can be benchmarked without a GPU


class TeacherError(RuntimeError):
    """Inductor produced nothing we can turn into a candidate for this task (the task is skipped)."""


@dataclass(frozen=True)
class CallArg:
    """Where one argument of inductor's `call(args)` comes from: forward input `index`, or its size `dim`."""

    index: int
    dim: int | None = None


@dataclass(frozen=True)
class InductorOutput:
    code: str
    args: tuple[CallArg, ...]
    returns_tuple: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> "InductorOutput":
        return InductorOutput(data["code"], tuple(CallArg(**a) for a in data["args"]), data["returns_tuple"])


class _Captured(Exception):
    """Raised from the codegen hook under fake CUDA: the source is all we need, nothing can run."""


def capture(task: KernelTask, device: str = "cuda") -> InductorOutput:
    """Compile the task's Model with inductor for `device` ("cuda" or "fake-cuda") and keep its code."""
    if device not in ("cuda", "fake-cuda"):
        raise ValueError(f"teacher device must be 'cuda' or 'fake-cuda', not {device!r}")
    fake = device == "fake-cuda"
    if not fake and not torch.cuda.is_available():
        raise ValueError("the teacher needs a CUDA GPU for device 'cuda' (use 'fake-cuda' for codegen only)")
    namespace = load_reference(task.source)
    torch.manual_seed(0)
    model = namespace["Model"](*namespace["get_init_inputs"]()).eval()
    if any(True for _ in model.parameters()) or any(True for _ in model.buffers()):
        raise TeacherError("the teacher takes parameter-free Models (weights as forward inputs)")
    inputs = [x if fake or not isinstance(x, torch.Tensor) else x.cuda() for x in namespace["get_inputs"]()]
    for spec, value in zip(task.inputs, inputs):
        for dim, size in enumerate(spec.shape):
            if isinstance(size, str):
                torch._dynamo.mark_dynamic(value, dim)
    params = list(inspect.signature(model.forward).parameters)
    codes: list[str] = []
    call_args: list[tuple[CallArg, ...]] = []

    def save(code: str) -> None:
        codes.append(code)
        if fake:
            raise _Captured

    def backend(gm: torch.fx.GraphModule, example_inputs: list) -> object:
        placeholders = gm.graph.find_nodes(op="placeholder")
        call_args.append(tuple(_call_arg(node, params) for node in placeholders))
        if not fake:
            return compile_fx(gm, example_inputs, config_patches=TEACHER_CONFIG)
        try:  # dynamo's own fake values carry the symbolic sizes; moved to the fake GPU
            fakes = [_on_fake_cuda(node.meta["example_value"]) for node in placeholders]
            compile_fx(gm, fakes, config_patches={**TEACHER_CONFIG, **FAKE_CUDA_CONFIG})
        except Exception as exc:
            if not codes:
                raise TeacherError(f"inductor failed: {type(exc).__name__}: {exc}") from exc
        return gm.forward  # dynamo still runs the graph, eagerly on the CPU

    torch._dynamo.reset()
    compiled = torch.compile(model, backend=backend, dynamic=False if not task.symbols else None)
    with mock.patch.object(GraphLowering, "save_output_code", save), mock.patch.object(
        shape_config, "use_duck_shape", False  # distinct symbols stay distinct even at equal example sizes
    ), (fake_cuda() if fake else contextlib.nullcontext()), torch.no_grad():
        try:
            result = compiled(*inputs)
        except _Captured:
            raise TeacherError("inductor's module was captured but dynamo could not finish") from None
        except TeacherError:
            raise
        except Exception as exc:
            raise TeacherError(f"compiling the task failed: {type(exc).__name__}: {str(exc)[:300]}") from exc
    if len(codes) != 1 or len(call_args) != 1:
        raise TeacherError(f"expected one graph, inductor compiled {len(codes)} (graph break or recompile)")
    return InductorOutput(codes[0], call_args[0], isinstance(result, (tuple, list)))


def _call_arg(node: torch.fx.Node, params: list[str]) -> CallArg:
    source = node.meta["grapharg"].source
    dim = None
    if isinstance(source, TensorPropertySource) and source.prop is TensorProperty.SIZE:
        source, dim = source.base, source.idx
    if not isinstance(source, LocalSource) or source.local_name not in params:
        raise TeacherError(f"graph input {node.name} is not a forward input or one of its sizes ({source.name})")
    return CallArg(params.index(source.local_name), dim)


def _on_fake_cuda(value: object) -> object:
    """The same fake tensor (same fake mode, symbolic sizes kept) on the fake CUDA device."""
    if not isinstance(value, torch.Tensor):
        return value
    with value.fake_mode:
        return torch.empty_strided(value.shape, value.stride(), dtype=value.dtype, device="cuda")

