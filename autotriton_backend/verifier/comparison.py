"""How far a candidate's output may be from the reference's, and how far it is: the one home of the tolerance.

A task's tolerance per dtype (`KernelTask.tolerance_for`) bounds each element and the error's norm; on each input
set, each bound is widened where the reference computed in the task's own dtype (eager) is already off by much of it.
"""
from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, field, replace

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_leaves

from ..task import KernelTask

# An honest kernel's error is a small fraction of its output's norm in any dtype (TF32 dots and bfloat16 stay well
# under 1%); a kernel whose output carries nearly nothing of the reference's does not.
NORM_TOLERANCE = 0.01


# How far an output may be from the float64 reference, in units of how far the reference in the task's own dtype is
# (PyTorch eager, as the user runs it): where eager's own rounding takes more than 1 / EAGER_SLACK of the task's
# tolerance, the tolerance grows with it (`tolerances`). Eager in bfloat16 failed 68 of 380 usual-draw sets of the
# held-out bfloat16 tasks against the 1e-2 tolerance alone, 0 with it (`examples/verifier/eager_slack.py`): a kernel
# that stores its intermediates in the task's dtype as eager does was judged on the draw, not on its work.
EAGER_SLACK = 2.0
# The widest the norm bound grows (`tolerances`): a tenth of the reference's norm, where an output carrying nothing of
# it (zeros) is off by all of it. Eager itself can carry nothing: in float16, exp(-|x @ w|) underflows to 0 and a
# where(v > 0, v, y) then returns y on a quarter of the elements, 2.6-3.8 times the reference's norm off, and zeros
# passed (tests/attacks/round38_eager_underflow_widens_fp16.py). Eager took at most 4.4% of the norm on the held-out
# bfloat16 usual draws (synthetic_1595, a sin of tens), 14.6% on float16 (synthetic_1483, the same underflow);
# `examples/verifier/eager_slack.py`, tests/attacks/README.md round attack38.
WIDEST_NORM = 0.1
# A normal's median magnitude, in units of its standard deviation: `typical_size` of a normal output is its rms.
NORMAL_MEDIAN = 0.6745
# Elements of a larger output the median is read from, drawn at random positions (the reference's: nothing a candidate
# chooses): within about half a percent of the whole's median (x / y over 6M elements), where the whole's copy and sort
# cost a KernelBench-size output (2G elements) gigabytes and seconds in the judge.
MEDIAN_SAMPLE = 1 << 20
# Per element, the floor is at most this many times what the element is made of (`Tolerance.made_of`: how far it moves
# when every op's inputs move by rounding, in units of that rounding), and never above the typical size. An output's own
# values set no floor for its small elements: 1 / x over randn has a typical size of 2.2, and 1 / x rounded to steps of
# 2**-11 below 1 passed 192 of 200 simulated verdicts where it kept to the usual draw, 2.4 times the tolerance off on a
# user's 1 < |x| < 5 (tests/attacks/round71_*.py, `examples/verifier/made_of_attacks.py`). The measure is noisy (a
# cancelling sum's movement is near 0 at some elements by chance); with the rms of MADE_OF_DRAWS draws at this slack, an
# honest float32 matmul over K = 2048 (65,536 elements) used 0.020 of its bound where it used 0.011 with the typical
# floor alone, and one draw, or eager's own error per element as the measure, 0.1-0.2: a tail that grows with the
# output's size (round attack71, `examples/verifier/made_of_floor.py`).
MADE_OF_SLACK = 2.0
MADE_OF_DRAWS = 4
# Per element, the bound is never below this many times the most that rounding alone moved the float64 reference there
# over those draws (`Tolerance.moved`). A where(v > 0, v, y) whose v is within rounding of 0 is either branch at the
# task's precision: a bfloat16 kernel that kept v in float32 took the other branch than float64 at one element in 11
# usual draws of 100, off by |gelu(y)| (up to 1.6) where eager had flipped nowhere as far, and was refused 0.1 off
# beside bounds of 0.03 (training task 472b63ec, run 162; round honest79, `examples/verifier/where_flip_room.py`).
MOVED_SLACK = 2.0
# The widest the norm bound grows where eager's error is rounding's (`tolerances`): where the float64 reference under
# Rounding moves by at least as much of its norm as eager is off, eager is off by rounding, not by an underflow that
# float64 does not make (WIDEST_NORM's case). The mean of a bfloat16 bmm that cancels to 1e-3, squared, is 11-46% off
# in eager and in an honest kernel that rounds the bmm as eager does (training task bafb5e3b, run 162; round
# honest79). Below 1: an output off by more carries less of the reference than of its error (zeros are off by all).
ROUNDED_NORM = 0.5
# Past WIDEST_NORM, the norm bound where eager's error is rounding's grows with eager's error itself, not EAGER_SLACK
# times it: an honest kernel there rounds the ill-conditioned value as eager does (bafb5e3b's: 0.209, 0.432, 0.461 off
# where eager was 0.212, 0.435, 0.462) or not at all (exact). At twice eager, 0.8 times the output passed a bfloat16
# (64x + y) - 64x + z / 4 on every draw (eager 0.10 off, bound 0.21), which WIDEST_NORM refused (round attack82,
# `examples/verifier/rounded_norm_room.py`); with this margin the bound is never below a6c7070's.
ROUNDED_MARGIN = 0.05


@dataclass(frozen=True)
class Tolerance:
    """How far one output may be from the reference (`compared`): per element, `value` (the task's, for the
    output's dtype) times |ref| + its floor, times its widening (`bound`); in norm, max(value, NORM_TOLERANCE) of the
    reference's norm times `norm`; each widening set by `tolerances` (the norm's to at most WIDEST_NORM)."""

    value: float
    elementwise: float = 1.0
    norm: float = 1.0
    # the elementwise widening measured under the typical floor alone (`tolerances`; `bound` takes the smaller bound)
    typical_elementwise: float = 1.0
    # per element of the reference, what it is made of: how far it moves when every op's inputs move by rounding, in
    # units of that rounding (`judge._made_of`); None where not measured (no float64 copy)
    made_of: torch.Tensor | None = field(default=None, compare=False, repr=False)
    # per element, the most the reference moved over those draws, in its own units (`judge._made_of`): the bound is
    # never below MOVED_SLACK times it; None where not measured
    moved: torch.Tensor | None = field(default=None, compare=False, repr=False)

    def floor(self, ref: torch.Tensor, scale: float) -> torch.Tensor | float:
        """The absolute part of the elementwise bound, in units of `value`: `scale` (max(1, typical_size(ref))),
        lowered per element to MADE_OF_SLACK times what that element is made of where it is measured (never below 1)."""
        if self.made_of is None or self.made_of.shape != ref.shape:
            return scale
        made_of = self.made_of.to(ref.device, ref.dtype).nan_to_num(nan=math.inf)  # unmeasurable: the typical floor
        return (MADE_OF_SLACK * made_of).clamp(1.0, scale)

    def bound(self, ref: torch.Tensor) -> torch.Tensor:
        """Per element, how far it may be off: `value` times the smaller of `elementwise` x (|ref| + `floor`) and
        `typical_elementwise` x (|ref| + the typical floor). Eager's widening is one scalar per output: measured under
        the per-element floor it grows where eager's rounding is absolute (float16 subnormals, 0.03 off at elements
        whose floor came down to 1) and would loosen every element that kept the typical floor, up to the typical
        size: a float16 kernel 4% off on large elements passed (tests/attacks/round76_*.py). Eager's own error fits
        both bounds by construction (round attack76). Never below MOVED_SLACK times the most rounding alone moved
        the element (`moved`): a where() within rounding of its threshold may take either branch (round honest79)."""
        scale = max(1.0, typical_size(ref))
        lowered = self.value * self.elementwise * (ref.abs() + self.floor(ref, scale))
        bound = torch.minimum(lowered, self.value * self.typical_elementwise * (ref.abs() + scale))
        if self.moved is None or self.moved.shape != ref.shape:
            return bound
        moved = self.moved.to(ref.device, ref.dtype)
        return torch.maximum(bound, MOVED_SLACK * torch.where(moved.isfinite(), moved, 0.0))  # not finite: no room

    def __str__(self) -> str:
        if self.elementwise == self.norm == 1.0:
            return f"{self.value:g}"
        typical = f" (the bound with the typical floor {self.typical_elementwise:.3g}x, where smaller)" \
            if self.typical_elementwise != self.elementwise else ""
        return (f"{self.value:g}, widened {self.elementwise:.3g}x per element{typical} and {self.norm:.3g}x in norm: "
                f"{EAGER_SLACK:g} times the error of the reference computed in the output's dtype itself, the "
                f"norm's to at most {WIDEST_NORM:g} of the reference's (eager's own error + {ROUNDED_MARGIN:g}, at most "
                f"{ROUNDED_NORM:g}, where rounding alone moves it as much)")


@dataclass(frozen=True)
class Comparison:
    """What `compared` found: the share of each bound the output takes, and its errors as reported."""

    elementwise: float
    norm: float
    abs_err: float
    rel_err: float
    norm_err: float  # the error's norm over the reference's
    worst_ref: float = 0.0  # the reference's value at the element that takes the most of its bound
    worst_allowed: float = 0.0  # that element's bound

    @property
    def used(self) -> float:
        return max(self.elementwise, self.norm)

    @property
    def passed(self) -> bool:
        """Within both bounds (NaN never is: its shares are inf)."""
        return self.used <= 1.0


def within(out: torch.Tensor, ref: torch.Tensor, tol: Tolerance) -> tuple[bool, float, float, float]:
    """Within `tol` everywhere and in norm; NaN never passes. Returns (ok, max abs error, max rel error, the error's
    norm over the reference's).

    The absolute part scales with the output's typical size (`typical_size`): a long fp32 reduction (a matmul over
    K=2048) rounds differently from float64 by about 1e-5 of its typical value, also where one element is near zero.
    Its floor of `tol` alone would pass any output smaller than it (zeros for a float16 softmax over 16,384
    columns, every probability under 0.003: round13_small_outputs_unchecked); the norm check does not.
    """
    found = compared(out, ref, tol)
    return found.passed, found.abs_err, found.rel_err, found.norm_err


def compared(out: torch.Tensor, ref: torch.Tensor, tol: Tolerance) -> Comparison:
    """The one home of the comparison's arithmetic (`Tolerance` says what it bounds)."""
    if out.numel() == 0:
        return Comparison(0.0, 0.0, 0.0, 0.0, 0.0)
    if out.is_complex():  # a complex's float64 is its real part alone: compare (real, imaginary) pairs
        out, ref = torch.view_as_real(out.resolve_conj()), torch.view_as_real(ref.resolve_conj())
    a, b = out.to(ref.device).double(), ref.double()
    diff = (a - b).abs()
    if not out.is_floating_point():
        # integers past 2**53 share a float64: outputs off by up to 128 about 2**60 differed by 0
        # (tests/attacks/round40_int64_low_bits_dropped.py). Compared in int64 (where that wraps, the float64
        # difference is the larger), any difference is at least 1
        exact = (out.to(ref.device).long() - ref.long()).abs().double()
        diff = torch.where(out.to(ref.device) == ref, 0.0, torch.maximum(diff, exact).clamp_min(1.0))
    if torch.isnan(diff).any():
        return Comparison(math.inf, math.inf, float("nan"), float("nan"), float("nan"))
    error_norm, reference_norm = float(diff.norm()), float(b.norm())
    norm_err = error_norm / reference_norm if reference_norm else 0.0  # an all-zero reference: elementwise alone
    bound = tol.bound(b)
    shares = torch.where(diff == 0, 0.0, diff / bound).reshape(-1)
    worst = int(shares.argmax())
    return Comparison(float(shares[worst]), norm_err / (max(tol.value, NORM_TOLERANCE) * tol.norm),
                      float(diff.max()), float((diff / b.abs().clamp_min(1e-6)).max()), norm_err,
                      float(b.reshape(-1)[worst]), float(bound.reshape(-1)[worst]))


def typical_size(ref: torch.Tensor) -> float:
    """The size of a typical element of `ref`: its rms, or the median magnitude of its nonzero elements over
    NORMAL_MEDIAN where that is less (about the rms for a normal output; 0 where all are 0). The rms alone is set by
    a heavy tail's few large elements: x / y over randn has an rms of 5 or more in 97% of draws and a median
    magnitude of 1, and a kernel rounding every small quotient to steps of 2**-11 passed, over twice the tolerance
    on a user's inputs without the tail (tests/attacks/round68_heavy_tail_fixed_point.py, round69_heavy_tail_*.py).
    Nonzero: a relu's zeros, half its elements, would take the median to 0 where its cancelling sums are as large as
    a normal's. Never above the rms: a saturated tanh's median magnitude is near its largest."""
    magnitudes = ref.abs().reshape(-1)
    rms = float(magnitudes.square().mean().sqrt())
    if magnitudes.numel() > MEDIAN_SAMPLE:
        drawn = torch.Generator(ref.device).manual_seed(magnitudes.numel())
        magnitudes = magnitudes[torch.randint(magnitudes.numel(), (MEDIAN_SAMPLE,), device=ref.device, generator=drawn)]
    nonzero = magnitudes[magnitudes != 0]
    return min(rms, float(nonzero.median()) / NORMAL_MEDIAN) if nonzero.numel() else 0.0


def tolerances(task: KernelTask, native: tuple, expected: tuple,
               made_of: tuple[torch.Tensor | None, ...] | None = None,
               moved: tuple[torch.Tensor | None, ...] | None = None) -> tuple[Tolerance, ...]:
    """Per output, the task's tolerance for its dtype with what its elements are made of and how far rounding moved
    them (`Tolerance.made_of`, `Tolerance.moved`, where measured), each bound widened to EAGER_SLACK times the share
    of it that
    the reference in its own dtype takes where that is more (the elementwise one measured under both floors,
    `Tolerance.bound`) (an honest kernel rounds as much as eager, elsewhere),
    the norm's to at most WIDEST_NORM of the reference's norm (an output off by more carries too little of it,
    however far eager is), or eager's own error plus ROUNDED_MARGIN (at most ROUNDED_NORM) where rounding alone
    (`moved`) moves the reference by at least as much of its norm as eager is off; not where that reference is not finite, and not where there is no float64 copy to measure
    it against. The elementwise bound is not capped: an honest kernel flips a where() at other elements than eager
    does, by as much (a conv's where(v > 0, v, y) in bfloat16: 40-50 times the bound on one element)."""
    tolerances = []
    for index, (out, ref) in enumerate(zip(native, expected)):
        tol = Tolerance(task.tolerance_for(out.dtype), made_of=made_of[index] if made_of else None)
        rounded = moved[index] if moved else None  # raises the bound after eager's widening, which it would shrink
        if out.is_floating_point() and out is not ref:
            eager, typical = compared(out, ref, tol), compared(out, ref, replace(tol, made_of=None))
            if math.isfinite(eager.used):
                widest = min(ROUNDED_NORM, max(WIDEST_NORM, eager.norm_err + ROUNDED_MARGIN)) \
                    if _moved_share(rounded, ref) >= eager.norm_err else WIDEST_NORM
                widest /= max(tol.value, NORM_TOLERANCE)
                tol = replace(tol, elementwise=max(1.0, EAGER_SLACK * eager.elementwise),
                              typical_elementwise=max(1.0, EAGER_SLACK * typical.elementwise),
                              norm=max(1.0, min(EAGER_SLACK * eager.norm, widest)))
        tolerances.append(replace(tol, moved=rounded))
    return tuple(tolerances)


def _moved_share(moved: torch.Tensor | None, ref: torch.Tensor) -> float:
    """The norm of how far rounding alone moved the reference (`Tolerance.moved`) over the reference's; 0 where not
    measured or not finite, or where the reference is all zeros."""
    if moved is None or moved.shape != ref.shape:
        return 0.0
    share = float(moved.double().norm()) / float(ref.double().norm() or math.inf)
    return share if math.isfinite(share) else 0.0


# The ATen ops whose index output torch leaves free among equal values, each with whether its indices along the dim
# are distinct (several per slice) and its keyword arguments that must hold for that: topk ("the indices of tied
# elements are not guaranteed to be stable"), sort and argsort unless stable ("the relative order of values which
# compare equal is not guaranteed"), kthvalue (any of several valid k-th values, on CUDA), median and nanmedian
# ("indices does not necessarily contain the first occurrence"), mode (no order documented). Not argmax, argmin,
# max/min along a dim, a max-pool's indices (the first documented) nor cummax/cummin: those stay exact (round
# attack73). Over the spread's ties (`magnitude._tied`) an honest topk picking tied indices in another order than
# torch's CPU kernel was refused on every spread set (round honest83).
FREE_ORDER: dict[str, bool] = {"aten::topk": True, "aten::sort": True, "aten::kthvalue": False,
                               "aten::median": False, "aten::nanmedian": False, "aten::mode": False}


@dataclass(frozen=True)
class FreeTies:
    """An output that is a FREE_ORDER op's index output, returned as the op made it: what it indexes (`source`, a
    copy of the reference's own operand in its dtype, taken when the op ran) along `dim`, and whether its indices
    along `dim` must be distinct (`distinct`: topk's and sort's; median's is one index per slice)."""

    source: torch.Tensor
    dim: int
    distinct: bool


def _storage(tensor: torch.Tensor) -> int | None:
    """Where a tensor's elements live (shared by its views and by `.data`), None where it has no plain storage."""
    try:
        return tensor.untyped_storage().data_ptr()
    except (RuntimeError, NotImplementedError):
        return None


class TieOrders(TorchDispatchMode):
    """Records the FREE_ORDER ops the reference's forward runs (`FreeTies`); `of` then says which of its outputs are
    one of their index outputs, by identity: an index output the reference changed (plus 1, a cast, a view, a
    gather) is not one, and is compared exactly. Identity outlives what the forward does next, so an index output
    any later op takes (its storage: a view's, `.data`'s) is forgotten: written into, it no longer holds the op's
    indices; read, another output depends on the order torch chose (round attack86). Only the index outputs still
    alive hold their operand's copy."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[int, tuple[weakref.ref, FreeTies, int | None]] = {}

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if self.found:  # most forwards run no FREE_ORDER op: nothing to forget, no storage read per op
            taken = {_storage(t) for t in tree_leaves((args, kwargs)) if isinstance(t, torch.Tensor)}
            for key in [key for key, entry in self.found.items() if entry[2] in taken]:
                del self.found[key]
        result = func(*args, **(kwargs or {}))
        name = func._schema.name
        if name in FREE_ORDER and isinstance(result, tuple) and len(result) == 2:
            named = {a.name: a.default_value for a in func._schema.arguments if a.has_default_value()}
            named.update(zip((a.name for a in func._schema.arguments), args), **(kwargs or {}))
            source, indices = named["self"], result[1]
            if named.get("stable") is not True and source.dim() > 0 and "dim" in named:
                free = FreeTies(source.detach().clone(), int(named["dim"]) % source.dim(), FREE_ORDER[name])
                self.found[id(indices)] = (weakref.ref(indices, lambda _, key=id(indices): self.found.pop(key, None)),
                                           free, _storage(indices))
        return result

    def of(self, outputs: tuple) -> tuple[FreeTies | None, ...]:
        """Per output, its `FreeTies` where it is a recorded index output itself, returned once (twice, two orders
        among ties would pass where the reference's two are one), else None."""
        found = [self.found.get(id(out)) for out in outputs]
        once = [sum(other is out for other in outputs) == 1 for out in outputs]
        return tuple(entry[1] if entry is not None and entry[0]() is out and single else None
                     for entry, out, single in zip(found, outputs, once))


def among_ties(out: torch.Tensor, ref: torch.Tensor, free: FreeTies | None) -> torch.Tensor:
    """`ref` where `out` is an index output torch leaves free among ties (`free`) and selects what `ref` selects:
    every index within its dim, pointing at a value equal to the one `ref`'s index at that position points at in the
    reference's own operand, and distinct along the dim where the op's are; else `out` as it is, compared exactly
    (`compared`). Equal values are equal under ==, NaN to NaN. An index on a tied value selects the same value, so
    the kernel is as right as torch's other devices; one on an equal value elsewhere (another row, a negative index
    wrapping round, a second copy of one tied element) is not (tests/attacks/round83_*.py)."""
    if free is None or out.shape != ref.shape or out.dtype != ref.dtype or out.is_floating_point():
        return out
    index, wanted = out.to(free.source.device).long(), ref.to(free.source.device).long()
    if index.dim() < free.source.dim():  # keepdim=False: the reduced dim was dropped
        index, wanted = index.unsqueeze(free.dim), wanted.unsqueeze(free.dim)
    if not bool(((index >= 0) & (index < free.source.shape[free.dim])).all()):
        return out
    chosen, selected = free.source.gather(free.dim, index), free.source.gather(free.dim, wanted)
    if not bool(((chosen == selected) | (chosen.isnan() & selected.isnan())).all()):
        return out
    if free.distinct and index.shape[free.dim] > 1 and not bool(index.sort(free.dim).values.diff(dim=free.dim).all()):
        return out
    return ref
