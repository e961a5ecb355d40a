"""Inductor's CUDA Triton codegen on a machine without a GPU.

Inductor only asks the GPU for its properties, a Triton backend hash and, under max-autotune,
benchmark timings; the Triton source it writes does not depend on having the device. Inside
`fake_cuda()` those questions get fixed H100 answers, so tensors made on the fake "cuda" device
(FakeTensorMode) compile to the same kind of module a GPU machine would produce. Nothing can run:
the teacher stops at the generated source. The data pipeline uses this for its CPU tests; the
real dataset is captured on a GPU, where none of this is active.
"""
from __future__ import annotations

import contextlib
import os
import types
from collections.abc import Iterator
from unittest import mock

import torch
from torch._dynamo.device_interface import CudaInterface
from torch._inductor.fx_passes import joint_graph
from torch._inductor.select_algorithm import AlgorithmSelectorCache
from torch.utils._triton import has_triton

H100 = types.SimpleNamespace(
    name="NVIDIA H100 80GB HBM3 (fake)", major=9, minor=0, multi_processor_count=132,
    regs_per_multiprocessor=65536, max_threads_per_multi_processor=2048, max_threads_per_block=1024,
    warp_size=32, total_memory=80 * 2**30, gcnArchName="", L2_cache_size=50 * 2**20,
)


def _ranked_timings(self, name, input_nodes, layout, input_gen_fns, inputs_key, choices, *args, **kwargs):
    """Max-autotune without benchmarks: every choice gets a distinct made-up time, the first wins."""
    return {choice: float(rank + 1) for rank, choice in enumerate(choices)}


@contextlib.contextmanager
def fake_cuda() -> Iterator[None]:
    """Answer inductor's device questions as an H100 would; pattern passes are traced on the CPU."""
    if torch.cuda.is_available():
        raise RuntimeError("fake_cuda() is for machines without a GPU; on a GPU capture the real thing")
    trace_patterns = joint_graph.lazy_init
    patches = [
        mock.patch.object(joint_graph, "lazy_init", lambda input_device=None: trace_patterns(torch.device("cpu"))),
        mock.patch.object(CudaInterface, "is_available", staticmethod(lambda: True)),
        mock.patch.object(CudaInterface, "device_count", staticmethod(lambda: 1)),
        mock.patch.object(CudaInterface, "current_device", staticmethod(lambda: 0)),
        mock.patch.object(CudaInterface, "get_device_properties", staticmethod(lambda device=None: H100)),
        mock.patch.object(CudaInterface, "get_compute_capability", staticmethod(lambda device=None: 90)),
        mock.patch.object(CudaInterface, "is_triton_capable", staticmethod(lambda device=None: True)),
        mock.patch.object(CudaInterface, "raise_if_triton_unavailable", staticmethod(lambda device=None: None)),
        mock.patch.object(CudaInterface, "is_bf16_supported", staticmethod(lambda including_emulation=True: True)),
        mock.patch.object(CudaInterface.Worker, "get_device_properties", staticmethod(lambda device=None: H100)),
        mock.patch.object(CudaInterface.Worker, "current_device", staticmethod(lambda: 0)),
        mock.patch("torch.cuda.get_device_capability", lambda device=None: (9, 0)),
        mock.patch("torch.cuda.get_device_properties", lambda device=None: H100),
        mock.patch("torch.utils._triton.triton_hash_with_backend", lambda: "0" * 64),
        mock.patch.object(AlgorithmSelectorCache, "do_autotuning", _ranked_timings),
        # Folding constants evaluates them for real, on the device: skip that optimisation.
        mock.patch.object(joint_graph, "constant_fold_uniform_value", lambda graph: None),
    ]
    has_triton.cache_clear()  # an earlier CPU-only compile may have cached "no GPU, no Triton"
    interpret = os.environ.pop("TRITON_INTERPRET", None)  # else inductor loads each kernel as it writes it
    try:
        with contextlib.ExitStack() as stack:
            for patch in patches:
                stack.enter_context(patch)
            yield
    finally:
        has_triton.cache_clear()  # and the fake answer must not outlive the context
        if interpret is not None:
            os.environ["TRITON_INTERPRET"] = interpret
