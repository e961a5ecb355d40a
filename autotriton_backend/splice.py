"""Splice a verified kernel into the post-grad graph as a `torch.library` custom op.

The op's real implementation calls the cached `ModelNew`; its fake implementation is the
region's own reference program, so shapes, dtypes and strides (symbolic ones included) are
exactly those of the ops it replaces. Inductor sees one extern call and fuses around it.
"""
from __future__ import annotations

import atexit
import hashlib
import operator
import os
import shutil
import stat
import tempfile
import threading
import warnings
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Callable

import torch
import torch.fx as fx
import triton

from .announce import one_line, warn
from .partition import Region
from .verifier import gpu_frontend  # imported, under TRITON_INTERPRET=1 kernels run as the verifier typed them
from .verifier.allowlist import gate
from .verifier.defaults import as_judged, import_candidate, judged_default_dtype, judged_dispatch
from .verifier.inputs import example_sizes, judged_sizes, make_inputs
from .verifier.gpu_frontend import OutOfBounds
from .verifier.monitors import JudgedAllocations
from .task import KernelTask, as_outputs, load_reference

_LIBRARY = torch.library.Library("autotriton", "FRAGMENT")
_DEFINED: dict[str, torch._ops.OpOverload] = {}
_RETURNS: dict[torch._ops.OpOverload, tuple[torch.dtype, ...]] = {}  # each op's output dtypes, as its fake gives them
# One interpreted forward at a time in this process. Triton's interpreter is process-wide state: a launch patches
# triton.language's builtins for its duration and unpatches them on the way out, and runs its programs through one
# global builder. The verifier's checked calls launch from one thread; a user's CPU process calling the op from
# several threads at once had one launch's unpatching raise InterpreterError inside another's kernel body, for an
# honest kernel (tests/fixtures/user_process/round55_threads_interpreted.py: 26 of 60 calls from 6 threads).
# Compiled launches (a GPU process) are left concurrent.
_INTERPRETED_LAUNCHES: AbstractContextManager[Any] = \
    threading.RLock() if gpu_frontend.interpreting_as_compiled() else nullcontext()


def _held_across_fork(lock: AbstractContextManager[Any]) -> None:
    """Make a fork wait for the interpreted forward in flight, as `logging` does for its lock: a child forked while
    another thread ran a spliced kernel (a `multiprocessing` pool or DataLoader worker started beside an inference
    thread) got the lock held by a thread it does not have, and its first call waited forever, and it would have
    found Triton's interpreter patched mid-launch (round attack66, tests/test_backend.py::
    test_a_process_forked_while_another_thread_runs_a_spliced_kernel_can_run_it_too)."""
    if isinstance(lock, nullcontext):
        return
    os.register_at_fork(before=lock.__enter__, after_in_parent=lambda: lock.__exit__(None, None, None),
                        after_in_child=lambda: lock.__exit__(None, None, None))


_held_across_fork(_INTERPRETED_LAUNCHES)


def kernel_op(task: KernelTask, source: str, module_dir: Path | None = None,
              on_refused: Callable[[str], str] | None = None) -> torch._ops.OpOverload:
    """The custom op running `source`'s ModelNew for `task` (defined once per process).

    Everything it needs is in a cache entry, so ops can be registered before inductor
    serves a cached graph that calls them. Its module file goes to `module_dir`, by default this process's own
    (`private_module_dir`).

    A call the kernel cannot finish in the user's process runs the region's own ops instead (`_Fallback`): for good
    once the kernel misbehaved (an access refused as `OutOfBounds`), announced once, and `on_refused(what it did)` (the
    backend's: it marks the cache entry) gives the announcement's last clause; while the user's warning filters are
    those a warning inside the kernel was raised under.
    """
    sha = hashlib.sha256(source.encode()).hexdigest()
    name = f"k_{sha[:16]}_{task.key[:8]}"
    if name in _DEFINED:
        return _DEFINED[name]
    models: dict[torch.device, torch.nn.Module] = {}
    if judged_default_dtype():  # built here, so that a refusal leaves the region to inductor; else at its first call
        models[torch.device("cpu")] = _model_on(torch.device("cpu"), source, sha, module_dir or private_module_dir())
    orders = [spec.dim_order for spec in task.inputs]
    sizes, eager, fake_layouts = judged_sizes(task), _eager(task), _FakeLayouts(task)
    fallback = _Fallback(f"cached kernel {task.key[:12]} ({task.name})", on_refused)

    def run(*args: torch.Tensor) -> Any:
        with as_judged(forward=True), judged_dispatch():  # a plain thread's keys, as the runner's: the op may be
            # called from inside a mode's __torch_dispatch__ (round53_dispatch_keys_trigger.py)
            if not judged_default_dtype() or not all(low <= args[i].shape[dim] <= high for i, dim, low, high in sizes):
                # the region's own ops under a default dtype the kernel was not judged under, which no op writes (one
                # value for every thread of the process), or at a size the verifier never drew
                # (tests/fixtures/user_process/round34_unjudged_size_trigger.py)
                return eager(*args)
            if fallback.holds():  # refused for good, or under the filters a warning of its was raised under
                return eager(*args)
            device = args[0].device
            if device not in models:
                models[device] = _model_on(device, source, sha, module_dir or private_module_dir())
            # each input in a storage of its own too, as the verifier makes them
            given = _unaliased([_in_layout(x, order) for x, order in zip(args, orders)], ())
            with _INTERPRETED_LAUNCHES, JudgedAllocations(given):  # one interpreted forward at a time
                # (round55_threads_interpreted.py), scratch memory as the verifier's checked calls fill it, inputs
                # never written (round62_own_input_inf_trigger.py)
                try:
                    got, refused, warned = models[device](*given), None, None
                except Exception as exc:
                    got, refused, warned = None, _raised(exc, (OutOfBounds,)), _raised(exc, (Warning,))
                    if refused is None and warned is None:
                        raise
            if refused is None and warned is None:  # it returned: outputs as the fake's, which inductor's code reads
                refused = fake_layouts.misread(got, args)
                if refused is None:  # unaliased, as the op's schema promises: `return out, out` was judged correct
                    # (its values are), and inductor wrote one in place and so the other
                    # (tests/fixtures/user_process/round68_twin_outputs_one_storage.py)
                    return _unaliased(got, tuple(given))
            # an access refused before it was made (outside the launch's arguments, or a write to an input: round
            # attack62), or an output inductor would misread (`_FakeLayouts`, round attack66): the kernel's own doing,
            # so never tried again in this process (round attack63); or a warning
            # the user's filters made an error (`warnings.simplefilter("error")`, pytest's `-W error`): Triton warns
            # inside an honest kernel (`max(s, 0.0)` on a tensor, a deprecated `tl.view`), which the checked calls
            # only printed (tests/fixtures/user_process/round60_builtin_max_warns.py). Either way the region's own ops
            # instead, raising only where they would
            if refused is not None:
                fallback.refuse(refused)
            else:
                fallback.filtered(warned)
            return eager(*args)

    return _define(name, task, run, lambda: as_judged(forward=True))


class KernelOutputError(ValueError):
    """A kernel's output that is not what the region's fake gives at the call's inputs (`_FakeLayouts.misread`)."""


class _FakeLayouts:
    """The dtype, sizes and strides of each output the region's fake gives at a call's inputs, which inductor's code
    around the op was compiled for. The verifier checks them at the sizes it draws (two of a dynamic range's
    thousands); a kernel with another layout at a size it never drew (tests/fixtures/user_process/
    round66_size_layout_trigger.py) failed inductor's `assert_size_stride` (an AssertionError out of the user's
    model), and where a user turned those asserts off (`size_asserts=False`, TORCHINDUCTOR_SIZE_ASSERTS=0) inductor's
    code read its buffer in the fake's layout: wrong values, or memory past the buffer's end. Strides are compared as
    inductor compares them: not in dims of size 1, nor in an empty tensor. The device is the inputs', which inductor
    never asserts: a meta tensor (no memory) returned at one undrawn size crashed the compiled model's next kernel
    (tests/fixtures/user_process/round72_size_device_trigger.py)."""

    def __init__(self, task: KernelTask) -> None:
        self.reference = load_reference(task.source)["Model"]()
        self.known: dict[tuple[Any, ...], list[tuple[torch.dtype, torch.Size, tuple[int, ...]]]] = {}

    def misread(self, got: Any, args: tuple[torch.Tensor, ...]) -> KernelOutputError | None:
        """Why inductor would misread `got` (None: it would not)."""
        key = tuple((x.shape, x.stride(), x.dtype) for x in args)
        wanted = self.known.get(key)
        if wanted is None:
            with as_judged(forward=True):
                fake = self.reference(*(torch.empty_strided(shape, stride, dtype=dtype, device="meta")
                                        for shape, stride, dtype in key))
            wanted = [(out.dtype, out.shape, out.stride()) for out in as_outputs(fake)]
            if len(self.known) < 1024:  # a dynamic graph's sizes: bounded, each recomputed past that
                self.known[key] = wanted
        outs, device = as_outputs(got), args[0].device
        if len(outs) != len(wanted):
            return KernelOutputError(f"it returned {len(outs)} outputs where its region returns {len(wanted)}")
        for index, (out, (dtype, shape, stride)) in enumerate(zip(outs, wanted)):
            if not isinstance(out, torch.Tensor) or out.device != device or out.dtype != dtype or out.shape != shape \
                    or (out.numel() and any(size > 1 and ours != theirs
                                            for size, ours, theirs in zip(shape, out.stride(), stride))):
                described = (f"{out.dtype} {tuple(out.shape)} strides {out.stride()} on {out.device}"
                             if isinstance(out, torch.Tensor) else type(out).__name__)
                return KernelOutputError(f"at inputs of sizes {[tuple(x.shape) for x in args]} its output {index} "
                                         f"was {described}, where its region's is {dtype} {tuple(shape)} strides "
                                         f"{stride} on {device}")
        return None


class _Fallback:
    """When one kernel op runs the region's own ops instead of its kernel, and the one announcement of it.

    An access refused as OutOfBounds (`bounded_memory`: outside the launch's arguments, or a write to an input) is the
    kernel's own doing, deterministic evidence against it: every later call of the process runs the region's own ops
    without starting the kernel, and it is announced once, naming the kernel and what it did, through the backend's
    warning rule (`announce.warn`: logged where the user's filters make it an error). The caller's `on_refused` (the
    backend marks the cache entry refused, so the next process does not splice it) is called once, from the call that
    found it.

    A warning the user's filters make an error (round attack60) is no fault of the kernel's: nothing is marked, and
    the kernel is not started again while `warnings.filters` is what it was when the warning was raised; once the
    filters differ (the user's `catch_warnings` block ended, another test's filters) the kernel is tried again. That
    is one tuple comparison per call instead of a failing launch, keeps the kernel for the same process's calls
    without the filter (tests/test_backend.py::test_a_judged_kernel_that_warns_runs_in_a_compiled_model_under_
    warnings_as_errors), and needs no hook into the warnings module. A filter that changes on every call (a fresh
    `catch_warnings` around each) pays the failing start each time, as before.
    """

    def __init__(self, kernel: str, on_refused: Callable[[str], str] | None) -> None:
        self.kernel = kernel
        self.on_refused = on_refused
        self.refused: str | None = None  # what the kernel did, once refused: for good
        self.warned_under: tuple[Any, ...] | None = None  # the warning filters a warning of it was raised under
        self.announced_warning = False
        self.lock = threading.Lock()

    def holds(self) -> bool:
        return self.refused is not None or (self.warned_under is not None
                                            and self.warned_under == tuple(warnings.filters))

    def refuse(self, exc: BaseException) -> None:
        with self.lock:
            if self.refused is not None:
                return
            self.refused = one_line(exc)
        clause = "it is not started again in this process"
        if self.on_refused is not None:
            try:
                clause = f"{clause}, {self.on_refused(self.refused)}"
            except Exception as failed:  # never the call's failure: it returns the region's own values
                clause = f"{clause}, and marking its cache entry failed ({type(failed).__name__}: {one_line(failed)})"
        warn(f"{self.kernel} was refused at call time: {self.refused}; its region runs its own ops, {clause}")

    def filtered(self, warning: BaseException | None) -> None:
        with self.lock:
            self.warned_under = tuple(warnings.filters)
            first, self.announced_warning = not self.announced_warning, True
        if first:
            warn(f"{self.kernel} raised a warning this process's filters make an error ({type(warning).__name__}: "
                 f"{one_line(warning)}); its region runs its own ops while those filters hold, the kernel is tried "
                 "again when they change")


def _raised(exc: BaseException, kinds: tuple[type[BaseException], ...]) -> BaseException | None:
    """The exception of `kinds` that `exc` is, or was raised from or while handling (None: none) (Triton's interpreter
    wraps what a kernel body raised in an InterpreterError; its compiler, in a CompilationError)."""
    seen: set[int] = set()
    found: BaseException | None = exc
    while found is not None and id(found) not in seen:
        if isinstance(found, kinds):
            return found
        seen.add(id(found))
        found = found.__cause__ or found.__context__
    return None


_MODULE_DIRS: list[Path] = []  # this process's folders for kernel modules, the one in use last
_FORKED = [False]  # a child forked while a folder existed may still read its modules there


def private_module_dir() -> Path:
    """Where this process writes the kernel modules it loads: a directory of its own (`mkdtemp`: a fresh name, mode
    0700), removed when the process exits. Not the cache directory, which someone who cannot sign entries may still
    write: the gated lines are pinned in linecache (`import_candidate`), but once anything in the process clears it
    (`linecache.clearcache()`), inspect reads the module's file again, and the interpreter ran what had been planted
    there at the kernel's first launch (round attack59's open note).

    Asked at every load, and a new folder is made unless the last one is still a directory of this user's that no one
    else may write; a process that forked keeps its folders at exit. A forked child went on naming (and writing) its
    parent's folder after the parent had exited and removed it, and a process whose folder was removed while it ran (a
    /tmp cleaner) wrote into whatever then had the name: another user who took the free name planted code that ran at
    a kernel's first launch after linecache was cleared (round attack64, tests/test_cache.py::
    test_a_kernel_module_folder_freed_under_a_running_process_never_serves_planted_code)."""
    if _MODULE_DIRS and _private_directory(_MODULE_DIRS[-1]):
        return _MODULE_DIRS[-1]
    path = Path(tempfile.mkdtemp(prefix="autotriton-kernels-"))
    _MODULE_DIRS.append(path)
    owner = os.getpid()
    atexit.register(lambda: os.getpid() == owner and not _FORKED[0] and shutil.rmtree(path, ignore_errors=True))
    return path


def _private_directory(path: Path) -> bool:
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid() and not info.st_mode & 0o077


os.register_at_fork(after_in_parent=lambda: _FORKED.__setitem__(0, _FORKED[0] or bool(_MODULE_DIRS)))


def eager_op(task: KernelTask) -> torch._ops.OpOverload:
    """The custom op running the region's own ATen ops, for regions where eager beat inductor and every kernel.

    Inductor sees one extern call, so it cannot re-fuse (and slow down) what eager does faster.
    """
    name = f"eager_{task.key[:24]}"
    if name in _DEFINED:
        return _DEFINED[name]
    return _define(name, task, _eager(task), torch.no_grad)


def _eager(task: KernelTask) -> Callable[..., Any]:
    """The region's own ATen ops as an op's implementation: its outputs alias none of its inputs."""
    reference = load_reference(task.source)["Model"]().eval()

    def run(*args: torch.Tensor) -> Any:
        with torch.no_grad():
            outputs = reference(*args)
        return _unaliased(outputs, args)

    return run


def _define(name: str, task: KernelTask, run: Callable[..., Any],
            modes: Callable[[], AbstractContextManager[Any]]) -> torch._ops.OpOverload:
    """Define `autotriton::name` with `run` as its implementation and, as its fake, the region's reference under the
    `modes` that `run` runs under. The dtypes it returns are the fake's under the default dtype of the moment it is
    defined: they follow the default where ATen promotes a Python scalar (`ids * 0.5`), and so do the region's own
    ops, which a kernel op runs under any default but the one its kernel was judged under (`check_returns`)."""
    reference = load_reference(task.source)["Model"]()

    def fake(*args: torch.Tensor) -> Any:
        with modes():
            return reference(*args)

    outputs = fake(*make_inputs(task, 0, example_sizes(task), "meta"))
    single = not isinstance(outputs, (tuple, list))
    dtypes = tuple(out.dtype for out in as_outputs(outputs))

    def checked(*args: torch.Tensor) -> Any:
        """`run`, refusing any output in a dtype other than the fake's: inductor checks sizes and strides only, and
        read a kernel's float16 output, correct at every size the verifier tried, as float32 at another: past the
        buffer's end, a corrupted heap (tests/fixtures/user_process/round34_size_dtype_trigger.py)."""
        got = run(*args)
        if tuple(out.dtype for out in as_outputs(got)) != dtypes:
            raise RuntimeError(f"autotriton::{name} returned {got.dtype if single else [o.dtype for o in got]} "
                               f"where its fake returns {dtypes}: refused")
        return got

    arguments = ", ".join(f"Tensor x{i}" for i in range(len(task.inputs)))
    returns = "Tensor" if single else "(" + ", ".join(["Tensor"] * len(dtypes)) + ")"
    _LIBRARY.define(f"{name}({arguments}) -> {returns}")
    _LIBRARY.impl(name, checked, "CompositeExplicitAutograd")
    torch.library.register_fake(f"autotriton::{name}", lib=_LIBRARY)(fake)
    op = _DEFINED[name] = getattr(torch.ops.autotriton, name).default
    _RETURNS[op] = dtypes
    return op


def check_returns(op: torch._ops.OpOverload, region: Region) -> None:
    """Refuse to splice `op` where the graph reads its outputs in other dtypes than it returns (a graph compiled under
    another default dtype than the op was defined under): inductor asserts an extern op's sizes and strides, never
    its dtypes, so a float32 output read as the float64 a user's default dtype made of the region gave garbage and
    corrupted the heap (tests/fixtures/user_process/round34_default_dtype_output.py)."""
    wanted = tuple(node.meta["val"].dtype for node in region.outputs)
    if wanted != _RETURNS[op]:
        raise ValueError(f"the graph reads the region's outputs as {wanted}, the op returns {_RETURNS[op]}: this "
                         "process's default dtype is not the one the op was defined under")


def _unaliased(outputs: Any, inputs: tuple[torch.Tensor, ...]) -> Any:
    """A custom op's outputs may alias neither its inputs nor each other: copy those that do. Of a kernel's inputs
    (`outputs` here, no `inputs`), a copy of any sharing a storage with an earlier one: the verifier makes each in
    a storage of its own, and a kernel that wrote one and read another could tell, computing only apart
    (tests/fixtures/user_process/round32_aliased_inputs_trigger.py)."""
    single = not isinstance(outputs, (tuple, list))
    seen = {x.untyped_storage().data_ptr() for x in inputs if isinstance(x, torch.Tensor)}
    fresh = []
    for out in as_outputs(outputs):
        if out.untyped_storage().data_ptr() in seen:
            out = out.clone()
        seen.add(out.untyped_storage().data_ptr())
        fresh.append(out)
    return fresh[0] if single else tuple(fresh)


def splice(graph: fx.Graph, region: Region, op: Callable, replaced: dict[fx.Node, fx.Node]) -> fx.Node:
    """Replace the region's nodes by one call of `op`; callers re-sort the graph afterwards.

    `replaced` maps outputs of regions spliced earlier to their new nodes: a region may read
    another's output, and that node is gone once the other region is spliced.
    """
    members = set(region.nodes)
    last = max(members, key=_position(graph))
    with graph.inserting_after(last):
        call = graph.call_function(op, tuple(replaced.get(node, node) for node in region.inputs))
    outputs = region.outputs
    call.meta["val"] = outputs[0].meta["val"] if len(outputs) == 1 else tuple(o.meta["val"] for o in outputs)
    replacements = [call]
    if len(outputs) > 1:
        replacements = []
        anchor = call
        for index, output in enumerate(outputs):
            with graph.inserting_after(anchor):
                anchor = graph.call_function(operator.getitem, (call, index))
            anchor.meta["val"] = output.meta["val"]
            replacements.append(anchor)
    for output, replacement in zip(outputs, replacements):
        output.replace_all_uses_with(replacement, delete_user_cb=lambda user: user not in members)
        replaced[output] = replacement
    for node in sorted(members, key=_position(graph), reverse=True):
        graph.erase_node(node)
    return call


def _position(graph: fx.Graph) -> Callable[[fx.Node], int]:
    order = {node: i for i, node in enumerate(graph.nodes)}
    return order.__getitem__


def _in_layout(x: torch.Tensor, dim_order: tuple[int, ...] | None) -> torch.Tensor:
    """The input as the verifier made every input it judged the kernel on (a copy only where the layout differs):
    dense in its dim order, with that order's canonical strides, at storage offset 0, requiring no gradient. Host
    code reads all three (`x.storage_offset()`, `x.stride()`, `x.requires_grad`), so a kernel honest only there was
    judged correct and wrong on the user's views and on a model's own parameters, which reach the op requiring grad
    even under no_grad (tests/attacks/README.md, round attack32). Nor an inference tensor (the user's
    `torch.inference_mode()`): forward runs outside inference mode, where an in-place update of one raised, every call
    (round56_inference_inplace_trigger.py); a plain tensor on the same storage instead, no copy."""
    x = x.detach()
    if x.is_inference():
        x = torch.empty(0, dtype=x.dtype, device=x.device).set_(x.untyped_storage(), x.storage_offset(), x.shape,
                                                                x.stride())
    order = dim_order if dim_order is not None else tuple(range(x.dim()))
    permuted = x if dim_order is None else x.permute(order)  # no view made per call for the identity order
    # and its storage only its elements: a prefix view (`buf[:5]`, torch.chunk's first chunk) has the judged layout on
    # a larger storage, whose rest a kernel's store reached inside the bounds of its arguments, where the verifier's
    # storages end (tests/fixtures/user_process/round62_storage_tail_inf_trigger.py)
    if x.storage_offset() == 0 and permuted.stride() == _canonical_strides(permuted.shape) \
            and x.untyped_storage().nbytes() == x.numel() * x.element_size():
        return x
    inverse = sorted(range(len(order)), key=lambda i: order[i])
    return permuted.clone(memory_format=torch.contiguous_format).permute(inverse)


def _canonical_strides(shape: torch.Size) -> tuple[int, ...]:
    """A freshly allocated contiguous tensor's strides, size-1 dims included (whose strides is_contiguous ignores)."""
    strides, step = [], 1
    for size in reversed(shape):
        strides.insert(0, step)
        step *= max(size, 1)
    return tuple(strides)


def _model_on(device: torch.device, source: str, sha: str, module_dir: Path) -> torch.nn.Module:
    """ModelNew built under the verifier's defaults and moved to `device`, as the runner builds it: a buffer made in
    `__init__` sat on the CPU beside a user's CUDA inputs, where the verifier had it on the GPU
    (tests/fixtures/user_process/round34_buffer_device_trigger.py)."""
    with as_judged(forward=False), judged_dispatch():  # the user's defaults, modes and dispatch keys are not the
        # verifier's (verifier/defaults.py): built at definition inside a dynamo compile, or at a first call
        return _load_model_new(source, sha, module_dir).to(device)


def _load_model_new(source: str, sha: str, module_dir: Path) -> torch.nn.Module:
    """Import a cached, verified kernel module (cache entries are authenticated before this point).

    The source passes the static gate once more right here: it is about to run in the user's process. What runs is
    that gated text, never the file read back (`import_candidate`): the backend's `module_dir` lay in the cache
    directory, which others may write, until `private_module_dir` (round attack59). A FIFO planted there as
    `kernel_<sha>.py` handed the sha check the verified text and the import a planted one, and a file rewritten after
    the load was what the interpreter read at the kernel's first launch: planted Python ran in the user's process
    either way (tests/test_cache.py::test_a_planted_module_file_never_runs).
    """
    refused = next((c for c in gate(source) if not c.passed), None)
    if refused is not None:
        raise ValueError(f"cached kernel refused by the static gate: {refused.reason}")
    if triton.knobs.runtime.interpret and not gpu_frontend.interpreting_as_compiled():  # its kernels would run
        # under Triton's stock interpreter, which types values otherwise: a judged kernel wrote zeros there (round
        # attack64, tests/fixtures/user_process/round64_late_interpreter_trigger.py)
        raise ValueError("TRITON_INTERPRET=1 was set after autotriton was imported, so Triton's interpreter is not "
                         "the one the verifier judged kernels on: set it before start")
    module_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = module_dir / f"kernel_{sha[:32]}.py"  # a real file, for tracebacks; never read back
    # the gated text's UTF-8 bytes (the sha's), published whole over whatever is there (a file, link or FIFO): never
    # read first, so a FIFO cannot stall the load either
    text = source.encode()
    fd, draft = tempfile.mkstemp(dir=module_dir, prefix=".kernel_", suffix=".py")
    with os.fdopen(fd, "wb") as handle:
        handle.write(text)
    os.replace(draft, path)
    return import_candidate(path, source).ModelNew().eval()  # as the runner imports and builds it
