"""In-process monitors around `ModelNew.forward`, inside the sandboxed candidate process.

`ForwardMonitor` counts Triton launches, records every ATen op that runs outside a kernel
(anything but allocation, views and layout is compute and gets the candidate rejected) and inside an
interpreted one (`KernelBodyWatch`), and fills fresh allocations (NaN, so that outputs a kernel never wrote
cannot pass; zeros and noise in the refilled-buffers call). These are layers behind the static gate, which keeps
candidate code from reaching them.
"""
from __future__ import annotations

import math
import os
import threading
import types
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Hashable, Iterator

import torch
from torch.utils import _pytree as pytree
from torch.utils._python_dispatch import TorchDispatchMode, _disable_current_modes, _get_current_dispatch_mode_stack

from .gpu_frontend import bounded_memory, compile_for_gpu, pointers_stay_pointers

ALLOCATION_OPS = frozenset({"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided"})
# Ops that allocate, fill with constants, view or copy memory: none can compute from data (a copy between dtypes
# does: `_converts`).
LAYOUT_OPS = ALLOCATION_OPS | frozenset({
    "zeros", "zeros_like", "new_zeros", "ones", "ones_like", "new_ones", "full", "full_like", "new_full",
    "fill_", "zero_", "view", "_unsafe_view", "reshape", "_reshape_alias", "expand", "as_strided",
    "permute", "transpose", "t", "unsqueeze", "squeeze", "select", "slice", "split", "split_with_sizes",
    "unbind", "chunk", "narrow", "flatten", "unflatten", "alias", "detach", "lift_fresh", "clone",
    "copy_", "_to_copy", "contiguous", "resize_", "movedim", "view_as", "expand_as",
})
# What Triton's interpreter itself does with tensors during a launch: host copies of the arguments and back
# (measured on fp32, fp16 and bf16 kernels: new_empty, empty, set_, copy_). Its arithmetic is numpy's.
INTERPRETER_OPS = LAYOUT_OPS | frozenset({"set_"})


# Random fills with scalar bounds: how nn layers initialise their weights (nn.Linear: uniform_), from no data.
RANDOM_OPS = frozenset({"uniform_", "normal_", "random_", "randn", "rand", "randint", "randperm", "randn_like",
                        "rand_like", "randint_like"})
# Ops by which a layer moves its own weights while it loads: nn.RNN, LSTM and GRU copy theirs into one flat buffer
# when they reach a GPU (flatten_parameters), and keep views of it. What they write is derived only where the
# weights were (`BuildMonitor.__torch_dispatch__`); as compute they made the honest nn.RNN holders' weights a table
# on CUDA (tests/catalogue/honest_rnn_module_weights.py, run 92).
BUILD_MOVE_OPS = frozenset({"_cudnn_rnn_flatten_weight"})
# Bits made in Python that may reach device memory in one forward, or while the candidate loads: values written into
# parts of tensors (`t[i] = v`, `t[i].zero_()`: what and where), and fill values, kernel arguments and grids
# (`PoisonedAllocations.from_python`). Past them a table made in Python is crossing over: compute in forward,
# derived while loading (a handful of constants is a few hundred bits: tests/catalogue/honest_registered_buffer.py).
# Bits, not values: 64 int64 words, four 16-bit entries each, carried a 256-entry table as kernel arguments or as
# partial writes (tests/attacks/round29_packed_kernel_arguments.py, round29_packed_partial_writes.py). Counted across
# all tensors: four 64-element chunks each stayed under a count per storage (round28_chunked_table_forward.py,
# _init.py).
TABLE_BITS = 1024
# A forward's budget also grows with the task it answers, which the candidate cannot choose: an honest per-op answer
# launches a kernel for each op of the reference and converts each half-precision input and output, and every
# launch passes its sizes. The direct teacher's answers to 39 chains of 2-6 tasks passed up to 29 bits for each op,
# input and output of the reference (1,305 bits over 45; examples/verifier/honest_table_bits.py), and 7 of them
# were refused at TABLE_BITS (session 30). `forward_table_bits` allows this many for each, up to MAX_TASK_PARTS
# parts: nn.GRU on a CPU runs some 40,000 ops, whose bits would hold a whole float16 table (round attack39).
BITS_PER_TASK_PART = 40
MAX_TASK_PARTS = 200
# In-place ops that write constants or copies: into part of a tensor, each is a value chosen in Python
# (zero_ wrote a table's bits: round28_zero_bitplanes_forward.py).
WRITE_OPS = frozenset({"fill_", "zero_", "copy_"})
# Ops whose number arguments are values written into memory (full's size is a list, not a number).
FILL_OPS = frozenset({"fill_", "full", "new_full", "full_like"})
# Ops that write one constant of their own: choosing among them is choosing a fill value (fifteen tensors a launch,
# each torch.ones or torch.zeros by a bit of a table's entry: tests/attacks/round30_zeros_ones_choice.py).
CONSTANT_FILLS = {"zeros": 0, "zeros_like": 0, "new_zeros": 0, "zero_": 0, "ones": 1, "ones_like": 1, "new_ones": 1}
# Ops that copy a tensor into a fresh or whole one: which tensor is a choice made in Python, as which tensor a launch
# is passed is (`PoisonedAllocations._recency`): clones of one of sixteen constant tensors, each launched once,
# carried a table (tests/attacks/round30_copied_storage_choice.py).
COPY_OPS = frozenset({"copy_", "clone", "_to_copy"})


# What fresh allocations hold (PoisonedAllocations). "nan": the checked calls, so outputs a kernel never wrote
# cannot pass; "none": as the process has it; "zeros" and "noise" (N(0,1) floats, random integers and bools from a
# generator seeded by os.urandom): the refilled-buffers call runs forward under each, since a real process shows
# both (zero pages, an earlier tensor's leftovers).
FILLS = ("nan", "none", "zeros", "noise")
REFILL_FILLS = ("zeros", "noise")  # the refilled-buffers call runs forward once with each (judge, runner)


class PoisonedAllocations(TorchDispatchMode):
    """Fill every fresh allocation made under it as `fill` says (FILLS).

    A kernel that reads a scratch `torch.empty` sees only what the verifier put there; if every call showed it one
    kind of value no real process shows, it could tell it is being judged and compute only then: NaN
    (round10_poison_aware.py), anything but zeros (round11_fresh_memory_zero.py), NaN left over from a checked
    call in memory the allocator hands out again (round12_refill_leftover_nan.py). Forward must give the same
    results over NaN, zeros and noise, so whatever it reads from memory it never wrote decides nothing."""

    def __init__(self, fill: str = "nan", table_bits: int = TABLE_BITS) -> None:
        super().__init__()
        if fill not in FILLS:
            raise ValueError(f"unknown fill {fill!r}: one of {', '.join(FILLS)}")
        self.fill = fill
        self.table_bits = table_bits  # past these from Python in all, each value is compute (`carried`)
        self.noise: torch.Generator | None = None  # made on first use, on the allocation's device
        self._bits = 0  # from Python (`carried`): partial writes, fill values, kernel arguments and grids
        self._values: dict[type, set[Any]] = {}  # the distinct ones of those values, by type
        # the values each place has had, the last one last (`from_python`)
        self._places: dict[Hashable, dict[tuple[type, Any], None]] = {}
        self._runs: dict[Hashable, int] = {}  # calls since each place last changed its value
        self._kernels: dict[int, int] = {}  # each kernel launched, by id, and its order of first launch
        self._previous: int | None = None  # the order of the kernel launched last (`launched`)
        self._recent: list[int] = []  # the storages passed to kernels, the last passed first (`_recency`)

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        name = func.overloadpacket.__name__
        tests_bytes = _tests_bool_bytes(name, args)  # before the op: a copy into itself rewrites its source
        out = func(*args, **(kwargs or {}))
        if name in ALLOCATION_OPS and isinstance(out, torch.Tensor):
            self._fill(out)
        elif name not in LAYOUT_OPS:
            self.computed(str(func.overloadpacket), out)
        elif _converts(name, args, out):
            self.computed(f"aten.{name} (a dtype conversion)", out)
        elif tests_bytes:
            self.computed(f"aten.{name} (a copy of bool bytes other than 0 and 1, which writes `byte != 0`)", out)
        elif name == "lift_fresh" and out.numel() > 1:  # one value is a constant
            self.computed("aten.lift_fresh (a tensor made from Python data)", out)
        else:
            if name in WRITE_OPS and not _whole(out):
                self.carried(_write_bits(out), f"aten.{name} into parts of tensors", out)
            if name in FILL_OPS or name in CONSTANT_FILLS:
                self.from_python({("fill", index): value for index, value in enumerate(_fill_values(name, args))}, out,
                                 "fill values")
            if name in COPY_OPS:
                self.from_python({(name, "source"): self._recency(args[name == "copy_"])}, out, "tensors copied")
        return out

    def from_python(self, values: dict[Hashable, Any], out: Any = None, how: str = "kernel arguments, kernels and storages launched") -> None:
        """Values made in Python that reach device memory, by place (a fill op's argument; a kernel's parameter or
        grid dimension: `counting_launches`). A value new to the forward carries its `information`
        (round28_kernel_scalar_table.py passed 256 sigmoid values to a kernel that stored its float arguments); one
        seen before, where its place last had another, the bits that pick it among those seen (`_pick`): a table of
        1,024 nibbles is 16 distinct values, and crossed as a sequence of launches (round29_nibble_sequence.py). A
        change also carries when it came: the bits of the count of calls since its place last changed (a flag that
        flips after 0-31 calls unchanged says 5 bits a flip; a sequence ordered to change one of 16 places a call
        says 4 by the place, which is its run). A place that keeps its value, as a layer's launches in a loop do,
        carries nothing more until it changes."""
        bits = 0
        for place, value in values.items():
            key, had = (type(value), value), self._places.setdefault(place, {})
            if not information(value):
                continue
            if key == next(reversed(had), None):
                self._runs[place] = self._runs.get(place, 0) + 1
                continue
            seen = self._values.setdefault(type(value), set())
            bits += _pick(information(value), key, had, seen) + self._runs.pop(place, 0).bit_length()
            seen.add(value)
            had.pop(key, None)
            had[key] = None
        self.carried(bits, how, out)  # `how`: the refusal names the channel the last bits came by

    def launched(self, kernel: int, arguments: dict[str, Any]) -> None:
        """A launch of `kernel` with `arguments`: its parameters' values (`launch_numbers`) are places, and so are
        which storage each tensor is (`_recency`) and the choice of kernel, by the kernel launched before it: sixteen
        kernels that each store a constant nibble, launched 1,024 times with the same tensors, spelled a table
        (tests/attacks/round30_kernel_choice.py), and so did one kernel passed one of sixteen constant tensors at
        each launch (round30_storage_choice.py). A layer loop launches the same kernels in the same order on fresh
        outputs and its layers' weights, so each place keeps its value and carries nothing more."""
        order = self._kernels.setdefault(kernel, len(self._kernels))
        storages = {f"{name}.storage": self._recency(value) for name, value in arguments.items()
                    if isinstance(value, torch.Tensor)}
        values = {**launch_numbers(arguments), **storages}
        places = {(kernel, name): value for name, value in values.items()}
        self.from_python({**places, ("after", self._previous): order})
        self._previous = order

    def _recency(self, tensor: torch.Tensor) -> int:
        """Which storage a launch is passed or a copy reads, as the count of others passed or read since it was last
        (move to front: a layer's output read by the next launch is 0 or 1, whatever its address); -1 for one not
        passed before (a fresh output, a layer's weight)."""
        address = _address(tensor)
        rank = self._recent.index(address) if address in self._recent else -1
        if rank >= 0:
            del self._recent[rank]
        self._recent.insert(0, address)
        return rank

    def carried(self, bits: int, how: str, out: Any = None) -> None:
        """`bits` more from Python reached device memory by `how`: past `table_bits` in all, each is compute."""
        self._bits += bits
        if bits and self._bits > self.table_bits:
            self.computed(f"{how}: over {self.table_bits} bits from Python (a table computed on the host)", out)

    def _fill(self, tensor: torch.Tensor) -> None:
        if self.fill == "nan":
            _poison(tensor)
        elif self.fill == "zeros":
            tensor.zero_()
        elif self.fill == "noise":
            if self.noise is None:
                self.noise = torch.Generator(device=tensor.device)
                self.noise.manual_seed(int.from_bytes(os.urandom(8), "little") >> 1)
            _noise(tensor, self.noise)

    def computed(self, op: str, out: Any = None) -> None:
        """An op that computes from data ran under the mode, giving `out` (allowed here; the forward monitor counts
        them, the build monitor follows what they made)."""

    def text(self, tensor: torch.Tensor) -> None:
        """`tensor`'s values were written as text (`watching_tensor_text`): computed from them."""
        self.computed("a tensor's values as text (str, repr or %)")

    def raised(self) -> None:
        """Code that reads tensors' values raised: an op that computes, or an interpreted kernel's body (the
        forward monitor withholds the message, which can hold them)."""


class JudgedAllocations(TorchDispatchMode):
    """Fresh allocations as the verifier's checked calls hand them to forward (NaN: `_poison`, PoisonedAllocations'
    "nan"), for a verified kernel running in a user's process (`splice.kernel_op`), nothing else.

    Every call the verifier checks fills them (NaN, zeros, noise), and on a CPU no call goes unfilled (the timed
    calls are GPU-only), so what a scratch `torch.empty` held in a user's process was never seen: malloc's leftovers
    (its pointers and sizes, as float32, subnormals) or a mark the kernel left in the call before. A kernel that
    computed only where its scratch held no such value was judged correct and wrote zeros in every call of a user's
    model (tests/fixtures/user_process/round51_fresh_memory_trigger.py). Under this mode forward finds what it found
    in sets A, B and A2; the op's inputs and outputs, made outside it, are not filled. The verifier's timed calls
    (GPU) run under it too (`runner._Session.time`): the time that decides a win includes the fill's cost, and a
    kernel cannot tell the timed calls from a user's by fresh memory. A launch's grid callable is handed there what
    the checked calls hand it (`grid_meta`, `_judged_grids`), not what Triton's own launch hands it.

    `inputs`: the op's own inputs, which an interpreted launch under this mode reads and never writes (a spliced
    region holds no mutating op, so the verifier refuses any write to them as `input_mutation`): a kernel that wrote
    one only where it held a value the verifier never draws changed the user's tensor (round attack62)."""

    def __init__(self, inputs: tuple[Any, ...] = ()) -> None:
        super().__init__()
        self.read_only = tuple(x.untyped_storage() for x in inputs if isinstance(x, torch.Tensor))

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if func.overloadpacket.__name__ in ALLOCATION_OPS and isinstance(out, torch.Tensor):
            _poison(out)
        return out

    def __enter__(self) -> "JudgedAllocations":
        _judged_grids()  # and a grid callable handed what the checked calls hand it (`grid_meta`)
        return super().__enter__()


def _judged_mode() -> JudgedAllocations | None:
    """The JudgedAllocations this thread runs under, if any (torch keeps the mode stack per thread)."""
    return next((mode for mode in _get_current_dispatch_mode_stack() if isinstance(mode, JudgedAllocations)), None)


_INSTALLING = threading.Lock()


def _judged_grids() -> None:
    """Triton's launches, in this process for good, hand a callable grid `grid_meta` while its thread runs under
    JudgedAllocations, as the checked calls hand it (`counting_launches`); every other launch runs as Triton runs it.
    Triton's own launch hands the grid other objects: the interpreter its converted arguments (an int parameter is a
    tl.tensor there), a GPU launch its bound parameters, never a launch option. A grid that asked
    `isinstance(meta["n_elements"], int)` launched every program in the checked calls and one in a user's process,
    judged correct and wrong in every call there (tests/fixtures/user_process/round52_grid_meta_trigger.py). Installed
    once and left in place, for the calling thread alone: patching Triton's classes for each call and putting them back
    would race with a user's other threads, which launch their own kernels."""
    from triton.runtime.interpreter import InterpretedFunction
    from triton.runtime.jit import JITFunction

    with _INSTALLING:
        for cls in (JITFunction, InterpretedFunction):
            if not getattr(cls.run, "judged_grids", False):
                cls.run = _judging_grids(cls.run)


def _judging_grids(run):
    """`run`, handing the grid what the checked calls hand it under JudgedAllocations: a callable gets `grid_meta`,
    and a list (given, or a callable's) reaches the launch as its tuple, as `_plain_grid` passes it on. A GPU launch
    takes a list, the interpreter fails on it (`list + tuple`): tests/catalogue/honest_launch_list_grid.py, judged
    correct, raised TypeError in every call of a user's CPU process (round attack56).

    And an interpreted launch stays inside its tensor arguments' storages (`bounded_memory`), as in every checked call:
    the interpreter reads and writes raw addresses, and a user's process had no check of them, so a kernel whose wild
    accesses were enabled only by a value the verifier never draws (an infinite input) read and wrote the user's other
    memory (tests/fixtures/user_process/round62_oob_scan_inf_trigger.py: a tensor never handed to the op was overwritten)."""
    from triton.runtime.interpreter import InterpretedFunction

    def judged_run(self, *args, grid, warmup, **kwargs):
        mode = _judged_mode()
        if mode is None:
            return run(self, *args, grid=grid, warmup=warmup, **kwargs)
        interpreted = isinstance(self, InterpretedFunction)  # a compiled GPU kernel's accesses are not checked
        # (README: the trust model), so a GPU launch with a tuple grid pays no `check_launch` (host time every launch)
        arguments = check_launch(self, args, kwargs) if interpreted or callable(grid) else {}
        if callable(grid):
            meta, given = grid_meta(self, arguments), grid
            grid = lambda _: _listed_as_tuple(given(dict(meta)))  # noqa: E731
        else:
            grid = _listed_as_tuple(grid)
        if not interpreted:
            return run(self, *args, grid=grid, warmup=warmup, **kwargs)
        with bounded_memory(arguments, read_only=mode.read_only):
            return run(self, *args, grid=grid, warmup=warmup, **kwargs)

    judged_run.judged_grids = True
    return judged_run


def _listed_as_tuple(grid: Any) -> Any:
    return tuple(grid) if isinstance(grid, list) else grid


def grid_meta(function, arguments: dict[str, Any]) -> dict[str, Any]:
    """What a launch's grid callable is handed, in the verifier's checked calls and wherever forward runs under
    JudgedAllocations (its timed calls, a user's process): the kernel's parameters in their order, defaults included,
    each as the launch was given it (tensors, plain values), as a GPU launch binds them, and no launch option.
    `arguments`: `check_launch`'s."""
    return {parameter.name: arguments[parameter.name] for parameter in _parameters(function, _running(function))}


class BuildMonitor(PoisonedAllocations):
    """Importing the candidate and building ModelNew: compute is allowed there (a layer may set itself up) but
    what it derives may not stay. __init__ ran nn.GELU over all 65,536 float16 values and kept the table, and
    forward's kernel looked its outputs up (tests/attacks/round26_init_lookup_table.py; at import through a helper:
    round26_import_time_table.py). Tensors made by compute, from Python data (`lift_fresh`), by partial writes or
    fill values past TABLE_BITS, and whatever is copied from them, are recorded as derived; the runner
    refuses a ModelNew whose state keeps one that the reference's weights did not overwrite, or that read derived
    values back into Python or keeps a table of Python values (`python_table`)."""

    def __init__(self, fill: str = "nan") -> None:
        super().__init__(fill)
        self._derived: dict[int, torch.Tensor] = {}  # storage address -> a tensor that keeps the storage alive
        # A table held as Python values: derived values read into Python (float(t), int(t), bool(t), str(t)):
        # Python numbers are no tensors, and __init__ kept nn.Sigmoid's 256 results as a list of floats
        # (tests/attacks/round28_init_torch_floats_kept.py); or the module's own values past TABLE_BITS (`imported`)
        self.python_table = False

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = super().__torch_dispatch__(func, types, args, kwargs)
        read = [t for t in pytree.tree_leaves((args, kwargs)) if isinstance(t, torch.Tensor)]
        if any(self.derived(t) for t in read):
            self._derive(out)
            self.python_table |= func.overloadpacket.__name__ == "_local_scalar_dense"
        return out

    def text(self, tensor: torch.Tensor) -> None:
        self.python_table |= self.derived(tensor)

    def kept(self, module: types.ModuleType) -> None:
        """The candidate module as built: its values are numbers from Python too, which a kernel reads at compile
        time (module constants; a helper kernel's defaults). Constant expressions are no literals for the gate to
        count: 256 sigmoid values as module constants, each computed at import from a few small literals, carried a
        table (tests/attacks/round30_constant_expressions.py). With what the build wrote, past TABLE_BITS: a table."""
        self.from_python(dict(_kept_values(vars(module))), how="the module's values")
        self.python_table |= self._bits > TABLE_BITS

    def computed(self, op: str, out: Any = None) -> None:
        if op.rpartition(".")[2] not in RANDOM_OPS | BUILD_MOVE_OPS:
            self._derive(out)

    def _derive(self, out: Any) -> None:
        self._derived.update((_address(t), t) for t in pytree.tree_leaves(out)
                             if isinstance(t, torch.Tensor) and _capacity(t))

    def derived(self, tensor: torch.Tensor) -> bool:
        return _address(tensor) in self._derived

    def overwritten(self, tensors: list[torch.Tensor]) -> None:
        """The reference's weights were copied into these: what each held before is gone, where it spans its whole
        storage (a weight that is a slice of a table would leave the rest of it readable)."""
        for tensor in tensors:
            if _whole(tensor):
                self._derived.pop(_address(tensor), None)


def _pick(bits: int, key: tuple[type, Any], had: dict, seen: set) -> int:
    """What a value new to its place carries: the bits that pick it among the values the place has had, or among
    the values of its type seen in the forward, or its own `information` if it is new to the forward (whichever says
    it shortest). A generic kernel's size argument moves among a few shapes' sizes, and its tensors among a few
    dtypes, which is little."""
    if key in had:
        bits = min(bits, (len(had) - 1).bit_length())
    return min(bits, len(seen).bit_length()) if key[1] in seen else bits


def information(value: Any) -> int:
    """Bits a constant made in Python carries: an int its two's-complement width, a float the digits of its shortest
    decimal form (0.05 one, a sigmoid value computed in Python 16), text 8 a character (a kernel decodes a constexpr
    string: tests/attacks/round29_string_table.py), a bool or None 1 and a dtype 5, the bits that pick one of its
    kind (4,096 bool kernel arguments carried a table: round29_bool_sequence.py); none for anything else (a tensor,
    a list of sizes). Each is what a table's entry can be made of: the table budgets (TABLE_BITS, the gate's)
    count these."""
    import triton.language as tl

    if type(value) is bool or value is None:
        return 1
    if isinstance(value, (torch.dtype, tl.dtype)):
        return 5
    if type(value) is int:
        return abs(value).bit_length() + 1
    if type(value) is float:
        mantissa, _, exponent = repr(abs(value)).partition("e")
        digits = len(mantissa.replace(".", "").strip("0")) + len(exponent.lstrip("+-0"))
        return math.ceil(digits * math.log2(10)) + 1
    if type(value) in (str, bytes):
        return 8 * len(value)
    return 0


def _fill_values(name: str, args: tuple) -> list[Any]:
    """What a fill op writes, as the values of one set of places whatever the op (`from_python`): its number
    arguments, or the constant of its own."""
    numbers = [value for value in args if information(value)]
    if name in CONSTANT_FILLS:
        return numbers or [CONSTANT_FILLS[name]]
    return numbers


def _kept_values(names: dict[str, Any]) -> Iterator[tuple[tuple, Any]]:
    """The numbers, text and dtypes a module's own `names` hold, by place: through constexprs, containers and
    functions' defaults (a kernel's included), to any depth (a tuple nested nine deep hid from a walk that stopped at
    eight), each container once (a list may hold itself)."""
    from triton.runtime.jit import KernelInterface

    import triton.language as tl

    pending, walked = [((name,), value) for name, value in names.items() if not name.startswith("__")], set()
    while pending:
        place, value = pending.pop()
        value = value.value if type(value) is tl.constexpr else value
        value = value.fn if isinstance(value, KernelInterface) else value
        if information(value):
            yield place, value
        elif id(value) not in walked:
            walked.add(id(value))
            pending += [((*place, index), item) for index, item in enumerate(_held(value))]


def _held(value: Any) -> list[Any]:
    """What a container, a dict or a function's defaults hold; nothing for anything else."""
    if isinstance(value, dict):
        return [item for pair in value.items() for item in pair]
    if isinstance(value, types.FunctionType):
        return [*(value.__defaults__ or ()), *(value.__kwdefaults__ or {}).values()]
    return list(value) if isinstance(value, (tuple, list, set, frozenset)) else []


def _write_bits(tensor: torch.Tensor) -> int:
    """What a write into part of a tensor carries: one element's value, and where it is (the view's offset, sizes
    and strides): round28_zero_bitplanes_forward.py wrote a table as the places it zeroed."""
    return 8 * tensor.element_size() + sum(information(n) for n in (tensor.storage_offset(), *tensor.shape,
                                                                     *tensor.stride()))


def _address(tensor: torch.Tensor) -> int:
    return tensor.untyped_storage().data_ptr()


def _whole(tensor: torch.Tensor) -> bool:
    """Every element of the storage once: not a slice, nor a view whose elements overlap (`t[i:i+1].expand(n)` has
    n elements and one value: round27_init_table_expand_fill.py wrote a table through such views)."""
    return tensor.is_contiguous() and tensor.storage_offset() == 0 and tensor.numel() == _capacity(tensor)


def _capacity(tensor: torch.Tensor) -> int:
    """Elements of the tensor's dtype its storage holds."""
    return tensor.untyped_storage().nbytes() // max(tensor.element_size(), 1)


class ForwardMonitor(PoisonedAllocations):
    """Observe one forward call: Triton launches, non-layout ATen ops, poisoned allocations."""

    def __init__(self, fill: str = "nan", table_bits: int = TABLE_BITS) -> None:
        super().__init__(fill, table_bits)
        self.kernels = LaunchCounter()
        self.compute_ops: Counter[str] = Counter()
        # forward read tensors' values into Python (an op giving a number or bool: item, equal; a tensor's text):
        # an exception's message can then carry them to the feedback (runner.short_error's `withhold`)
        self.read_values = False

    @property
    def launches(self) -> int:
        return self.kernels.launches

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        try:
            out = super().__torch_dispatch__(func, types, args, kwargs)
        except Exception as exc:
            # A layout op's message gives sizes (a view's "shape '[5, 37]' is invalid for input of size 185"), which
            # the repair needs: it stays readable. Any other op read values, unless it fails alike on zeros.
            if func.overloadpacket.__name__ not in LAYOUT_OPS and not _fails_without_values(func, args, kwargs, exc):
                self.raised()
            raise
        if torch.Tag.dynamic_output_shape in func.tags:
            # its output's shape is made of values (`x[x > 0]`, nonzero, unique): a size any later message gives
            # ("shape '[7, -1]' is invalid for input of size 1234") can spell them
            self.read_values = True
        return out

    def computed(self, op: str, out: Any = None) -> None:
        self.compute_ops[op] += 1
        self.read_values |= isinstance(out, (bool, int, float, complex))

    def raised(self) -> None:
        # Its message can hold values that never reached Python: `out[x.view(torch.int32)]` said "index 1060943078
        # is out of bounds", one secret input's exact bits (tests/attacks/round41_index_error_echoes_input_bits.py),
        # and `assert n < 0, x` in a kernel's body the interpreter's array of a block of inputs
        # (round41_kernel_assert_echoes_block.py)
        self.read_values = True

    def text(self, tensor: torch.Tensor) -> None:
        super().text(tensor)
        self.read_values = True


REPLAY_BYTES = 1 << 28  # the most `_fails_without_values` copies as zeros to replay a failed op


def _fails_without_values(func, args: tuple, kwargs: dict | None, exc: Exception) -> bool:
    """The op raises `exc`, its very type and message, again on zeros: tensors of the same shapes, strides, dtypes and
    device that hold no input's values. Then the message is made of what the replay had, the shapes and the Python
    arguments (a shape check, `x + bias`'s "The size of tensor a (37) must match the size of tensor b (24) at
    non-singleton dimension 1", which the repair needs), never of a value. A failure made of values
    (`out[x.view(torch.int32)]`'s "index 1060943078 is out of bounds", tests/attacks/round41_index_error_echoes_input_bits.py)
    passes on zeros or says something else there: withheld as before (session 34, feedback42). Meta tensors would be
    cheaper, but their checks are worded otherwise ("a and b must have same reduction dim"), so nothing matched."""

    tensors = [t for t in pytree.tree_leaves((args, kwargs)) if isinstance(t, torch.Tensor)]
    if sum(t.untyped_storage().nbytes() for t in tensors) > REPLAY_BYTES:
        return False  # a copy of an 8.6 GB input could take the sandbox past its memory cap: withheld

    def zeros(value):
        if isinstance(value, torch.Tensor):
            return torch.empty_strided(value.shape, value.stride(), dtype=value.dtype, device=value.device).zero_()
        return value

    try:
        with _disable_current_modes(), torch.no_grad():
            func(*pytree.tree_map(zeros, tuple(args)), **pytree.tree_map(zeros, dict(kwargs or {})))
    except Exception as on_zeros:  # noqa: BLE001 - compared, never shown
        return type(on_zeros) is type(exc) and str(on_zeros) == str(exc)
    return False


class KernelBodyWatch(TorchDispatchMode):
    """Inside an interpreted launch. The body of a kernel is Python that the interpreter runs there, and every
    hole in the gate found so far (tests/attacks/interp_*) was torch compute smuggled into it: any op beyond the
    interpreter's own copies is recorded as the forward's compute, whatever spelling got it there
    (tests/attacks_sandbox/kernel_body_torch.py). Nothing is poisoned: the interpreter fills what it allocates."""

    def __init__(self, observer: PoisonedAllocations) -> None:
        super().__init__()
        self.observer = observer

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        name = func.overloadpacket.__name__
        if name not in INTERPRETER_OPS:
            self.observer.computed(f"{func.overloadpacket} (inside a kernel)")
        return func(*args, **(kwargs or {}))


def _tests_bool_bytes(name: str, args: tuple) -> bool:
    """Whether a copy reads a bool tensor holding bytes other than 0 and 1. Torch copies a bool as a bool, writing
    each byte as 0 or 1: of uint8 codes viewed as bool (a view between dtypes of one size is layout) it computes
    `codes != 0` (tests/attacks/round40_bool_view_of_codes.py). The honest mask idiom stores 0/1 and views it."""
    if name not in COPY_OPS and name != "fill_" or len(args) < 1 + (name in ("copy_", "fill_")):
        return False
    source = args[1] if name in ("copy_", "fill_") else args[0]
    return isinstance(source, torch.Tensor) and source.dtype == torch.bool and source.numel() > 0 \
        and bool((source.view(torch.uint8) > 1).any())


def _converts(name: str, args: tuple, out: Any) -> bool:
    """A copy between dtypes is arithmetic (rounding, truncation, `!= 0` for bool), not layout: host code did a
    cast-and-transpose task with `out[...] = x.t()` into a float16 buffer (round13_host_copy_compute). So is a view
    as another dtype of another size: the high half of each float32, viewed as int16, is a bfloat16 cast
    (round14_view_dtype_cast). So is fill_ from a tensor of another dtype: `out[j, i:i + 1] = x[i, j]` runs
    fill_.Tensor, not copy_ (round24_host_fill_tensor_cast). So is a view between integer types of one size and
    opposite signedness: the same bytes read as int8 are uint8 codes cast to int8 (wrapped modulo 256), the very
    values `x.to(torch.int8)` computes (tests/attacks/round42_int8_view_is_the_cast.py)."""
    if name not in ("copy_", "_to_copy", "view", "fill_") or not args or not isinstance(out, torch.Tensor):
        return False
    source = args[1] if name in ("copy_", "fill_") else args[0]
    if not isinstance(source, torch.Tensor) or source.dtype == out.dtype:
        return False
    if name != "view" or source.element_size() != out.element_size():
        return True
    # the same bytes read as another type of one size change no value (0/1 stored as uint8, returned as bool; float
    # bits read as an integer, which no cast computes), but for integers whose sign bit one type reads and one does not
    return _integer(source.dtype) and _integer(out.dtype) and source.dtype.is_signed != out.dtype.is_signed


def _integer(dtype: torch.dtype) -> bool:
    return dtype != torch.bool and not dtype.is_floating_point and not dtype.is_complex


def _noise(tensor: torch.Tensor, generator: torch.Generator) -> None:
    if tensor.is_floating_point() or tensor.is_complex():
        tensor.normal_(generator=generator)
    elif tensor.dtype == torch.bool:
        tensor.random_(0, 2, generator=generator)
    else:
        info = torch.iinfo(tensor.dtype)
        tensor.random_(max(info.min, -1000), min(info.max, 1000), generator=generator)


def _poison(tensor: torch.Tensor) -> None:
    if tensor.is_floating_point() or tensor.is_complex():
        tensor.fill_(float("nan"))
    elif tensor.dtype == torch.bool:
        tensor.fill_(True)
    else:
        tensor.fill_(torch.iinfo(tensor.dtype).max)


def forward_table_bits(reference_ops: int, inputs: list[Any], outputs: tuple[Any, ...]) -> int:
    """The bits from Python one forward may pass to device memory, for a task whose reference ran `reference_ops`
    ops (`CountingOps`, counted by the judge) on `inputs` and returned `outputs`: 40 for each of those parts, up to
    MAX_TASK_PARTS, TABLE_BITS at least. A task taking a one-byte input (int8, uint8, float8) keeps TABLE_BITS: every
    result of a function of it fits in 256 entries, 2,048 bits packed, which a 12-step int8 chain's budget held
    (tests/attacks/round39_int8_chain_full_table.py) or a long float chain beside it paid for
    (round39_pooled_budget_side_table.py)."""
    if any(isinstance(x, torch.Tensor) and x.element_size() == 1 and x.dtype != torch.bool for x in inputs):
        return TABLE_BITS
    parts = reference_ops + len(inputs) + len(outputs)
    return max(TABLE_BITS, BITS_PER_TASK_PART * min(parts, MAX_TASK_PARTS))


class CountingOps(TorchDispatchMode):
    """Count the ops that compute (anything but LAYOUT_OPS) in the block: the judge's count of the reference's."""

    def __init__(self) -> None:
        super().__init__()
        self.ops = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops += func.overloadpacket.__name__ not in LAYOUT_OPS
        return func(*args, **(kwargs or {}))


@contextmanager
def monitor_forward(fill: str = "nan", table_bits: int = TABLE_BITS) -> Iterator[ForwardMonitor]:
    """Run a forward call under a fresh monitor, fresh allocations filled as `fill` says (FILLS), at most
    `table_bits` from Python (`forward_table_bits`); a compiled kernel's internals are invisible to it."""
    monitor = ForwardMonitor(fill, table_bits)
    with counting_launches(monitor.kernels, observer=monitor), watching_tensor_text(monitor), monitor:
        yield monitor


@contextmanager
def watching_tensor_text(observer: PoisonedAllocations | None = None) -> Iterator[None]:
    """A tensor's text is its values. torch writes it with every dispatch mode off (`torch._tensor_str._str`,
    behind str, repr and `%`), so `"%s" % x.view(torch.int32)` read the exact bits unseen and Python computed the
    outputs from them (tests/attacks/round23_host_repr_bits.py): any tensor's text made under the monitor goes to
    its `text` (compute in forward; while loading, derived values read back). Without an observer
    (`runner.short_error`, the text of a candidate's exception) the text gives the shape and dtype only: that text is
    the feedback the model reads next, and `assert ok, x` had put the judge's secret inputs there
    (tests/attacks/round40_error_echoes_inputs.py)."""
    import torch._tensor_str as tensor_str

    original = tensor_str._str

    def watched(self, *, tensor_contents=None):
        if observer is None:
            return f"tensor(shape={tuple(self.shape)}, dtype={self.dtype}; values withheld)"
        observer.text(self)
        return original(self, tensor_contents=tensor_contents)

    tensor_str._str = watched
    try:
        yield
    finally:
        tensor_str._str = original


@dataclass
class LaunchCounter:
    launches: int = 0


@contextmanager
def counting_launches(counter: LaunchCounter | None = None,
                      observer: PoisonedAllocations | None = None) -> Iterator[LaunchCounter]:
    """Count Triton kernel launches (compiled or interpreted) made inside the block.

    With an `observer`, a launch's grid callable still runs under it: it is the candidate's
    Python, not the kernel's work, so torch compute hidden there must be seen; so must torch compute in an
    interpreted kernel's body (`KernelBodyWatch`).
    """
    counter = counter or LaunchCounter()
    from triton.runtime.errors import InterpreterError
    from triton.runtime.interpreter import InterpretedFunction

    def make_counted(original):
        def counted_run(self, *args, grid, warmup, **kwargs):
            if not warmup:
                counter.launches += 1
            interpreted = observer is not None and isinstance(self, InterpretedFunction)
            if observer is not None:
                arguments = check_launch(self, args, kwargs)
                observer.launched(id(self), arguments)
                if interpreted:
                    compile_for_gpu(self, arguments)
                grid = _observed(grid, observer, grid_meta(self, arguments), id(self))
            with _disable_current_modes():  # the interpreter's own tensor ops are the kernel's work
                if observer is None:
                    return original(self, *args, grid=grid, warmup=warmup, **kwargs)
                if not interpreted:  # a GPU compiles the kernel inside its first (checked) launch
                    with pointers_stay_pointers():
                        return original(self, *args, grid=grid, warmup=warmup, **kwargs)
                with KernelBodyWatch(observer), bounded_memory(arguments):
                    try:
                        return original(self, *args, grid=grid, warmup=warmup, **kwargs)
                    except InterpreterError:  # the body ran as Python on the values (the GPU front end had
                        # accepted it), and the interpreter wraps what it raised; the grid callable raised its own
                        # (a misspelt `meta["BLOCK_SIZE"]`), under the observer, which sees values it reads
                        observer.raised()
                        raise

        return counted_run

    with _launches_through(make_counted):
        yield counter


@contextmanager
def refusing_launches(reason: str) -> Iterator[None]:
    """No kernel runs outside forward: a launch while the candidate loads would have none of forward's checks
    (check_launch, KernelBodyWatch, bounded_memory), and its kernel could read or write any address in the process
    (tests/catalogue/refused_init_kernel_launch.py)."""

    def make_refused(original):
        def refused_run(self, *args, **kwargs):
            raise LaunchRefused(reason)

        return refused_run

    with _launches_through(make_refused):
        yield


@contextmanager
def _launches_through(wrap) -> Iterator[None]:
    """Every Triton launch (compiled or interpreted) goes through `wrap(original run)` inside the block, and a kernel
    called as a function outside a launch (`kernel(x, n)`, no grid) raises the RuntimeError a GPU raises, in words
    that say what to write. The interpreter had run its body as plain Python there, outside every check of a launch,
    and failed on "'InterpreterBuilder' object has no attribute 'grid_idx'", filed as a compile error. Inside a
    launch an interpreted kernel calls its @jit helpers that way, as it must."""
    from triton.runtime.interpreter import InterpretedFunction
    from triton.runtime.jit import JITFunction

    originals = {cls: (cls.run, cls.__call__) for cls in (JITFunction, InterpretedFunction)}
    depth = [0]  # launches running now

    def launching(run):
        def launch(self, *args, **kwargs):
            depth[0] += 1
            try:
                return run(self, *args, **kwargs)
            finally:
                depth[0] -= 1

        return launch

    def calling(call):
        def called(self, *args, **kwargs):
            if depth[0] == 0:
                name = getattr(getattr(self, "fn", None), "__name__", "kernel")
                raise RuntimeError(f"kernel `{name}` was called like a function, without a grid: launch it as "
                                   f"`{name}[grid](...)`, the grid a tuple of program counts such as "
                                   "`(triton.cdiv(n, BLOCK),)`; a @triton.jit function runs only inside a launch")
            return call(self, *args, **kwargs)

        return called

    for cls, (run, call) in originals.items():
        cls.run, cls.__call__ = launching(wrap(run)), calling(call)
    try:
        yield
    finally:
        for cls, (run, call) in originals.items():
            cls.run, cls.__call__ = run, call


def _observed(grid, observer: PoisonedAllocations, arguments: dict[str, Any], kernel: Hashable = None):
    """The grid callable runs under the observer, and whatever the grid is must be plain ints, which are numbers from
    Python too: a kernel reads them (tl.num_programs), so a table could cross over as grids. It is called with
    the launch's arguments (`grid_meta`), as a GPU launch calls it: the interpreter passes its own converted ones, where
    `meta["n"]` is a tl.tensor, so the common `lambda meta: (triton.cdiv(meta["n"], meta["BLOCK"]),)` was refused
    (tests/catalogue/honest_grid_meta.py)."""
    if not callable(grid):
        return _plain_grid(grid, observer, kernel)

    def observed_grid(meta):
        with observer:
            dims = grid(dict(arguments))
        return _plain_grid(dims, observer, kernel)

    return observed_grid


class LaunchRefused(Exception):
    """A launch argument or grid that could run code inside the launch, where the monitor steps aside."""


def launch_numbers(arguments: dict[str, Any]) -> dict[str, Any]:
    """A launch's values (constexprs unwrapped) and, for each tensor, its dtype and where its pointer points (its
    storage offset): what a table made on the host would cross over as (`information`: numbers, text, bools,
    dtypes). Layout is counted too: a kernel sees its pointers and the ints it is passed, whatever made them, and a
    table crossed as the offsets a kernel of no other argument stored at (`set_one[(1,)](bits[o:])`:
    tests/attacks/round30_offset_bits.py) and as sizes of slices or allocations passed with their numel
    (round30_slice_sizes.py, round30_allocation_sizes.py). A layer loop's launches keep their places' values, so
    they carry nothing more (`from_python`)."""
    import triton.language as tl

    values: dict[str, Any] = {}
    for name, value in arguments.items():
        value = value.value if type(value) is tl.constexpr else value
        if isinstance(value, torch.Tensor):
            # a tensor's dtype is read at compile time (`p.dtype.element_ty`: 2,048 pairs of bits crossed as the
            # dtypes of 16 tensors a launch, round29_dtype_sequence.py)
            values[name], values[f"{name}.offset"] = value.dtype, value.storage_offset()
        else:
            values[name] = value
    return {name: value for name, value in values.items() if information(value)}


def check_launch(function, args: tuple, kwargs: dict) -> dict[str, Any]:
    """Kernel arguments are tensors (pointer arguments only) and plain values; nothing duck-typed. Returns the
    arguments by name, defaults and launch options included.

    Under the interpreter a kernel's Python runs for real: a tensor passed as a constexpr, an object with a
    `data_ptr` method, or a list of tensors as a parameter's default (tests/attacks/interp_kernel_default_list.py)
    would compute inside the launch, unseen. Defaults and constexprs are read off the function that will run.
    """
    import inspect

    from triton.runtime.jit import _normalize_ty

    import triton.language as tl

    running = _running(function)
    params = _parameters(function, running)
    names = [p.name for p in params]
    # Every value must be bound to one named parameter: past a `*rest`, zip() left arguments unchecked, and the
    # interpreter called a duck's new_empty (a host cast) inside the launch (round25_vararg_duck_launch_cast.py).
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        raise LaunchRefused("a kernel takes named parameters only: no *args or **kwargs")
    defaults = {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}
    _bind(running.__name__, names, defaults, args, kwargs)
    bound = {**defaults, **dict(zip(names, args)), **kwargs}  # a default is an argument too
    constexprs = {p.name for p in params if p.annotation is not inspect.Parameter.empty
                  and "constexpr" in _normalize_ty(p.annotation)}  # as Triton tells them
    for name, value in bound.items():
        if type(value) is tl.constexpr:  # `BLOCK = tl.constexpr(256)` passed on: Triton unwraps it, so do we
            value = value.value  # (tests/catalogue/honest_constexpr_object_argument.py)
        plain = type(value) in (int, float, bool, str, type(None)) or isinstance(value, (torch.dtype, tl.dtype))
        pointer = type(value) in (torch.Tensor, torch.nn.Parameter) and name not in constexprs
        if not (plain or pointer):
            raise LaunchRefused(f"kernel argument `{name}` is a {type(value).__name__}: pass tensors for pointers "
                                "and plain ints, floats or dtypes for everything else")
    return bound


def _bind(kernel: str, names: list[str], defaults: dict[str, Any], args: tuple, kwargs: dict) -> None:
    """A launch's arguments bind to the kernel's parameters as a GPU launch binds them, or the TypeError that says
    which do not, naming the kernel and its parameters: names in the candidate's own source, no value (what Triton
    says there, "dynamic_func() missing 1 required positional argument: 'n'", names a function the model never
    wrote; the interpreter said "KeyError: 'n'"). A launch that binds wrongly runs nothing, so it is a `runtime`
    mistake, never a cheat (session 35; too many or twice-given arguments were `launch_args`, counted as hacked).
    Counts and names can still be Python's choice from values read (round41_launch_arg_count_bits.py): the runner
    then withholds the message, as any exception's. A keyword that is neither a parameter nor a launch option
    (`num_warp=4`) is refused as a GPU launch refuses it; the interpreter had dropped it unread."""
    from .gpu_frontend import launch_options

    listed = f"kernel `{kernel}` takes ({', '.join(names)})"
    if len(args) > len(names):
        raise TypeError(f"{listed}, {len(names)} arguments, and was launched with {len(args)} positional ones: "
                        "pass each parameter once")
    twice = [name for name in names[:len(args)] if name in kwargs]
    if twice:
        raise TypeError(f"{listed}; `{twice[0]}` was passed by position and again by name: pass it once")
    unknown = [name for name in kwargs if name not in names and name not in launch_options()]
    missing = [name for name in names[len(args):] if name not in kwargs and name not in defaults]
    if missing:
        also = f"; `{unknown[0]}` is none of its parameters (a misspelling?)" if unknown else ""
        raise TypeError(f"kernel `{kernel}` was launched without its argument `{missing[0]}`: it takes "
                        f"({', '.join(names)}){also}")
    if unknown:
        raise TypeError(f"{listed}; `{unknown[0]}` is none of them, nor a launch option such as num_warps or "
                        "num_stages: remove it or fix its name")


def _running(function):
    """The Python function a launch runs. The interpreter runs the kernel as it rewrote it, re-running its `def`
    line at the first launch: defaults are evaluated again then, among the `triton.jit(...)` call's keywords
    (tests/attacks/interp_default_late_read.py, interp_jit_keyword_default.py), and annotations are kept as text
    (`X: constexpr` with `constexpr = 0`: tests/attacks/interp_constexpr_annotation_text.py). Rewriting it here,
    before the launch, also runs that `def` line under the monitor (interp_default_call_at_launch.py)."""
    from triton.runtime.interpreter import InterpretedFunction

    return function.rewrite() if isinstance(function, InterpretedFunction) else function.fn


def _parameters(function, running) -> list:
    """The kernel's parameters as its launch binds them (`running`: `_running(function)`). A compiled launch binds
    with the signature `triton.jit` read once (`JITFunction.signature`, its binder's); reading it again cost a
    user's process some 10 us twice a launch (`check_launch`, `grid_meta`: examples/verifier/splice_cost_gpu.py).
    The interpreter runs the function it rewrote at this launch, whose signature is read off it."""
    import inspect

    from triton.runtime.jit import JITFunction

    signature = function.signature if type(function) is JITFunction else inspect.signature(running)
    return list(signature.parameters.values())


def _plain_grid(grid, observer: PoisonedAllocations, kernel: Hashable):
    """The grid as a tuple of 1 to 3 ints, which both a GPU launch and the interpreter take. A bare int is a
    TypeError on a GPU ("object of type 'int' has no len()") and was one, withheld, in the interpreter; a list runs
    on a GPU and failed in the interpreter (`list + tuple`): the int is refused with words that say what to write,
    the list taken as its tuple. Dims that are no ints could run code inside the launch: `launch_args`."""
    dims = grid if isinstance(grid, (tuple, list)) else (grid,)
    if not all(type(d) is int for d in dims):
        raise LaunchRefused(f"the grid must be Python ints, got {[type(d).__name__ for d in dims]}")
    if not isinstance(grid, (tuple, list)) or not 1 <= len(dims) <= 3:
        given = "an int" if not isinstance(grid, (tuple, list)) else f"{len(dims)} dimensions"
        raise TypeError(f"a launch's grid is a tuple of 1 to 3 program counts, such as `(triton.cdiv(n, BLOCK),)` "
                        f"(note the comma), not {given}")
    observer.from_python({(kernel, "grid", axis): d for axis, d in enumerate(dims)}, how="launch grids")
    return tuple(dims)
