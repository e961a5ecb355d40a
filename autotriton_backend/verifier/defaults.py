"""The process-wide modes and defaults candidate code runs under, and how it is imported: one rule for the
verifier's runner and the backend, which runs a verified kernel in the user's process (`splice.kernel_op`).

Allowed host code reads them without naming them: `torch.get_default_dtype()`, the dtype and device of a
`torch.empty(1)` made without either, the dtype of a product under autocast, whether a view of a leaf that requires
grad requires grad (not under inference mode), whether a product of it does (not under no_grad), whether a subnormal
Python float survives a multiplication (not under `torch.set_flush_denormal(True)`). A kernel honest only under the
verifier's was judged correct and wrong under a user's (tests/fixtures/user_process/round33_*.py). Each mode is set
for the calling thread only; the default dtype, one value for the whole process, is checked and never set.
"""
from __future__ import annotations

import functools
import importlib.util
import linecache
import os
import sys
import threading
import types
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from typing import Iterator

import torch

from ..task import python_lines

DEFAULT_DTYPE = torch.float32  # torch's own, which the verifier's processes never change
CANDIDATE_MODULE = "autotriton_candidate"  # `str(ModelNew)` names it (round33_module_name_trigger.py)


def import_candidate(path: Path, source: str) -> types.ModuleType:
    """The candidate's module: `source`, the text that was gated and judged, run as the module of `path` (a real file
    holding it, for tracebacks) under one name, with its asserts kept whatever the importing interpreter's -O (the
    runner's processes never optimise, a user's may, and an assert with a side effect in host code tells the two
    apart: tests/fixtures/user_process/round33_optimize_trigger.py).

    The file is never read back, and its lines are pinned in `linecache` (an entry with no mtime is never checked
    against the disk), which serves them to triton.jit through inspect. A user's process wrote the file in the cache
    directory (now `splice.private_module_dir`), which someone who cannot sign entries may still write: a FIFO planted
    there handed a sha check the verified text and the import a planted one, and a file rewritten after the load was
    what the interpreter read at the kernel's first launch (round attack59,
    tests/test_cache.py::test_a_planted_module_file_never_runs). In the sandbox a candidate may move its own file away
    (tests/attacks_sandbox/job_link_outlives.py)."""
    linecache.cache[str(path)] = (len(source), None, [line + "\n" for line in python_lines(source)], str(path))
    spec = importlib.util.spec_from_file_location(CANDIDATE_MODULE, path)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(compile(source.encode(), str(path), "exec", dont_inherit=True, optimize=0), vars(module))  # PEP 263 decoding
    return module


def judged_default_dtype() -> bool:
    """Whether candidate code may run here: only under the default dtype it was judged under. The default is one
    value for every thread of the process, so `as_judged` never writes it: an op that set float32 while it ran under
    a user's float64 default handed float32 to the user's other threads (1,958 of 2,000 of one thread's `torch.empty`,
    round attack43). Under another default a spliced op runs the region's own ops (`splice.kernel_op`)."""
    return torch.get_default_dtype() == DEFAULT_DTYPE


@contextmanager
def as_judged(forward: bool) -> Iterator[None]:
    """Run candidate code as the verifier does: new tensors on the CPU unless told otherwise, no autocast, no
    inference mode, subnormals kept, gradients off in forward, on while the module loads and `__init__` runs, and
    numpy's floating-point errors ignored (`_numpy_errors_ignored`). Each is this thread's own or a context; what the
    caller had set is back on the way out. The default dtype is the process's: callers run candidate code only where
    `judged_default_dtype()`."""
    flushing = flushing_denormals()  # the thread's own FTZ/DAZ bits: no other thread reads them
    torch.set_flush_denormal(False)
    try:
        # each mode entered only where it differs: a spliced op pays this at every call (entering the ones already
        # set cost some 5 us a call; examples/verifier/splice_cost_gpu.py)
        with ExitStack() as modes:
            if torch.get_default_device().type != "cpu":
                modes.enter_context(torch.device("cpu"))
            if torch.is_inference_mode_enabled():
                modes.enter_context(torch.inference_mode(False))
            if torch.is_grad_enabled() == forward:
                modes.enter_context(torch.set_grad_enabled(not forward))
            for device_type in ("cpu", "cuda"):
                if torch.is_autocast_enabled(device_type):
                    modes.enter_context(torch.autocast(device_type, enabled=False))
            modes.enter_context(_numpy_errors_ignored())
            if not forward:
                modes.enter_context(random_generators())
            yield
    finally:
        torch.set_flush_denormal(flushing)


@contextmanager
def random_generators() -> Iterator[None]:
    """torch's generators from a random seed while the candidate loads, and the caller's as they were on the way out.
    The runner seeds each build with `torch.seed()`; a user's process built ModelNew from the user's own generator,
    often seeded with a known value (`torch.manual_seed(0)`) or, never seeded, at torch's fixed default. A
    `torch.randn(1)` kept from `__init__` then held a value a kernel could test for (1.5409960746765137, the first
    draw after `manual_seed(0)`): judged correct, zeros in the user's process
    (tests/fixtures/user_process/round52_seeded_init_trigger.py). The draws also moved the user's stream."""
    devices = list(range(torch.cuda.device_count())) if torch.cuda.is_initialized() else []
    seed = int.from_bytes(os.urandom(8), "little") >> 1
    with torch.random.fork_rng(devices=devices):
        torch.default_generator.manual_seed(seed)
        for index in devices:  # only those forked: a lazy seed of an uninitialised device would outlive the fork
            torch.cuda.default_generators[index].manual_seed(seed)
        yield


@contextmanager
def judged_dispatch() -> Iterator[None]:
    """This thread's dispatch keys as a plain thread has them, for candidate code in a user's process: the checked
    calls run forward (and the runner builds ModelNew) in a plain thread, with the monitors as modes on the stack,
    never inside a mode's `__torch_dispatch__`. A user's process calls the op from inside one wherever a mode is
    active (the first call of every compiled graph runs under AOTAutograd's `_AnalyzeCustomOpInputOutputMode`; a
    user's own mode), and there every key above Python is excluded (Autograd, ADInplaceOrView, Functionalize...),
    which allowed host code reads without naming it: `torch.zeros(1, requires_grad=True).view(1).requires_grad` is
    False there, True in a plain thread. A kernel that launched one program where it read False was judged correct
    and wrong at the first call of every compiled graph (tests/fixtures/user_process/round53_dispatch_keys_trigger.py).
    The Python keys stay as they are: they say whether modes are on the stack (the user's outer ones, and
    `JudgedAllocations` pushed inside this), which pushing a mode onto a non-empty stack does not set again."""
    include, exclude = _plain_dispatch_keys()
    with torch._C._ForceDispatchKeyGuard(include | (torch._C._dispatch_tls_local_include_set() & _PYTHON_KEYS), exclude):
        yield


_PYTHON_KEYS = torch._C.DispatchKeySet(torch._C.DispatchKey.Python) | \
    torch._C.DispatchKeySet(torch._C.DispatchKey.PythonTLSSnapshot)


@functools.cache
def _plain_dispatch_keys() -> tuple[torch._C.DispatchKeySet, torch._C.DispatchKeySet]:
    """The dispatch keys a thread starts with (included, excluded), read once in a new thread: whatever state the
    calling thread is in (a dynamo compile enables the Python dispatcher) is not a plain thread's."""
    found: list[tuple[torch._C.DispatchKeySet, torch._C.DispatchKeySet]] = []
    reader = threading.Thread(target=lambda: found.append((torch._C._dispatch_tls_local_include_set(),
                                                           torch._C._dispatch_tls_local_exclude_set())))
    reader.start()
    reader.join()
    return found[0]


def flushing_denormals() -> bool:
    """Whether this thread flushes subnormal results to zero (`torch.set_flush_denormal` has no getter): half the
    smallest normal double is subnormal, read at run time so that no compiler folds it."""
    return sys.float_info.min / 2 == 0.0


def _numpy_errors_ignored() -> AbstractContextManager[object]:
    """numpy's floating-point error state (the calling thread's context) set to ignore every error: Triton's
    interpreter computes a kernel's lanes with numpy, and the checked calls ran it at numpy's default, where inf - inf
    or an underflow in exp is a RuntimeWarning at most. A user's `np.seterr(all="raise")`, or warnings turned into
    errors (`warnings.simplefilter("error")`, pytest's `-W error`), made an honest kernel raise in every call of the
    user's process: masked lanes filled with inf (tests/fixtures/user_process/round56_numpy_errstate_trigger.py), the
    catalogue's softmax kernels (tests/catalogue/honest_metadata_idioms.py), where the region's own ops do not. The
    values are IEEE's whatever the state; only whether numpy raises or warns changes, and no candidate reads it."""
    import numpy

    return numpy.errstate(all="ignore")


