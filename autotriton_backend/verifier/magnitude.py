"""The float values of the spread's input sets: at new sizes, and at the example's for a task with symbols.

Float inputs are drawn from a standard normal (or a task's positive range): a kernel honest only on the values that
draw reaches (relu(x + y) where |x| < 16, zeros elsewhere) was judged correct and is wrong for a user's larger
activations (tests/attacks/round34_value_range_trigger.py). So the spread's sets (B, X and E) spread each
float element over every magnitude from 1 to SCALE_TOP times the usual draw (log-uniform per element: every band up
to the top in one set), round a share of them to fewer significant bits (a lower precision cast up), a share of the
signed ones to whole numbers (a user's integer-valued floats, which a normal never draws) and a share of those to
exact zeros of either sign (a user's masks, padding and relu outputs; a kernel wrong only at 0.0 was judged correct:
tests/attacks/round35_exact_zero_trigger.py), and a share of each input to its slices' largest values and as many to their
smallest (ties where an argmax, a max-pool's or a cummax's index must pick one of equal values: `_tied`). Where the reference does not stay finite over such a draw, or rounding
moves it more there than over the usual draw (`judge._holding`, REFERENCE_SHARE, USUAL_MARGIN), its outputs are
judged on a draw further down the `ladder`: the same top without zeros (a division is infinite at 0), then lower
tops, down to the usual draw; each output on its own rung (an exp overflowing must not bring down a relu returned
beside it). Each of those features is also drawn alone on a set of B's seed (`alone_draws`): a kernel that
tested its input for one of them (a whole number) told every spread set from a user's values and was wrong on the
rest (tests/attacks/round84_*); ties alone at one extreme at a time. Each is also left out of a set that holds the
other four (`all_but_one`): a kernel wrong where two features meet without a third met no set (ties and zeros
without a whole number: tests/attacks/round87_argmax_last_on_ties_with_zeros_without_whole_numbers.py). Each spread
seed draws its features' shapes in secret (`mixed`): the shares of zeros, whole numbers and fewer-bit values, and
magnitudes per element, per slice or one gain (a kernel honest only on an eighth of zeros, or on heavy tails, was
wrong on a relu's output or a LayerNorm's: tests/attacks_open/round87_*). And on a set of its own a share of each
signed input is scaled down to magnitudes of about 1e-6..1e-4 (`_tiny`): the spread only multiplied upwards, so a
kernel wrong only where 0 < |x| < 1e-4 (a user's gradients, scaled activations) met such a value on 1% of verdicts
(tests/attacks/round36_tiny_magnitude_trigger.py).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Iterator

import torch
from torch.utils import _pytree as pytree
from torch.utils._python_dispatch import TorchDispatchMode

# |x| then reaches about 60. Wider spreads reject honest answers whose algorithm holds over a bounded range only
# (wrong for a user's row of -60 and 60, but judged correct until now): at 1..1000, 8 of 60 direct-teacher answers
# failed, all the teacher's logcumsumexp (one max per row, exp(x - max) in float32: -inf where a row spans more than
# about 90). At 16 no sampled answer failed for it, and that kernel failed on none of 3,000 simulated sets
# (tests/attacks/README.md, round attack35).
SCALE_TOP = 16.0
SCALE_STEP = 2.0  # each rung of the ladder divides the top by this
WHOLE_SHARE = 0.125  # of a signed input's elements, rounded to whole numbers other than 0
ZERO_SHARE = 0.125  # of a signed input's elements, made 0 (of the element's sign: -0.0 for about half)
COARSE_SHARE = 0.125  # of a float input's elements, rounded to fewer significant bits (`_fewer_bits`)
# Of a float input's elements, made equal to the largest value of their slice along a dimension, as many to the
# smallest, split over its dimensions (`_tied`): a row of 37 of a 12 x 37 input then ties at its own top in 1 draw of
# 2, of 64 in 2 of 3; a 37-element input in 9 of 10.
TIE_SHARE = 0.0625
TINY_SHARE = 0.125  # of a signed input's elements, scaled down to TINY_EXPONENTS (`_tiny`)
# The binary exponents (torch.frexp's: |x| in [2**(e-1), 2**e)) the tiny elements get, each drawn uniformly: |x| in
# about 1e-6..1.2e-4, where a user's gradients and scaled activations live and a normal almost never draws. Never
# below the dtype's smallest normal (float16's 6.1e-5: its tiny values are all 6.1e-5..1.2e-4): a GPU kernel that
# flushes subnormals to zero is honest, and a subnormal input would tell it from the reference.
TINY_EXPONENTS = (-19, -13)
# Over a spread, the reference in its own dtype must match its float64 copy, and the float64 copy with every op's
# inputs moved by rounding (`Rounding`, `nudge`) must match it unmoved, within this share of the task's tolerance
# (`judge._holding`): where rounding alone moves the outputs more (a float16 sum, tied scores of thousands, a
# bfloat16 matmul whose bias cancels it), an honest kernel that rounds differently would be rejected for the
# magnitude. Or within USUAL_MARGIN of what rounding takes over the usual draw of the same seed: half a unit of
# bfloat16 on one op already takes more than this share, and a spread that makes rounding matter no more than the
# usual draw does leaves an honest kernel the odds it has on sets A and D (bfloat16 outputs spread 4 of 40 held-out
# tasks with the share alone). Below 1 because one draw of `Rounding` is a noisy measure (a spread's over the usual
# draw's ranged 0.5-2.9 for relu(x + y) in bfloat16); at 0.9 the direct teacher's addmm failed 1 of 16 sets.
REFERENCE_SHARE = 0.25
USUAL_MARGIN = 0.75
NUDGE_UNITS = 8.0  # units of float32 rounding: a kernel that sums in another order


TIE_ENDS = {"both": "ties at its slices' extremes", "top": "ties at its slices' largest values",
            "bottom": "ties at its slices' smallest values"}
FEATURES = {"magnitude": "its magnitudes", "zeros": "exact zeros", "whole": "whole numbers",
            "coarse": "values of fewer significant bits", "ties": TIE_ENDS["both"], "tiny": "magnitudes of 1e-6..1e-4"}
# The spread's features, each of which a kernel can test its input for (an exact zero, a whole number, a value of
# few bits, a tie, |x| past a few sigma, |x| below 1e-4) and each a value a user's tensors hold without the others.
# A value of few bits that is a whole number counts as a whole number: where whole numbers are left out, so are they
# (`spread`). Tiny magnitudes are a feature of their own, not a shape of "magnitude" (a user's gradients are small
# without being wide), drawn alone only (`Draw.has`): on the ladder, beside a share of zeros up to 15/16, every value of
# a small input that was not a zero or a whole number could be tiny, the outputs then 1e-6 in norm, and an honest
# exp-based tanh, 1e-7 off there as float32 is, was refused on the norm (1 direct-teacher answer in 6), which must
# stay relative (tests/attacks/round13_small_outputs_unchecked.py). Mixes of tiny values with other features are open.
SHARE_RANGE = (1 / 16, 1 / 2)  # a `Mix`'s share of whole numbers and fewer-bit values: log-uniform in it
# A `Mix`'s share of zeros, its log-odds uniform in this range (as often above 1/2 as below). In 1/16..1/2, a kernel
# honest there and wrong on any other share of zeros was wrong on a relu's 70% zeros and judged correct on 599 of 600
# reference sets (tests/attacks_open/round88_zero_trigger_unless_zeros_*.py). Not below 1/16: fewer zeros, and an
# input may hold no -0.0 (round 36's trigger).
ZERO_RANGE = (1 / 16, 15 / 16)
MAGNITUDE_SHAPES = ("element", "slice", "gain")  # a factor per element, per slice along one dim, one for the input


@dataclass(frozen=True)
class Mix:
    """The shapes of the spread's features on one input set. Fixed shapes told the judge's sets from a user's: every
    set with zeros made an eighth of each signed input 0, every magnitude was a log-uniform factor per element (a
    heavy tail), so a kernel honest only there was wrong on a relu's half zeros and on a LayerNorm times a gain
    (tests/attacks_open/round87_*). `mixed` draws them secretly for each spread seed."""

    zeros: float = ZERO_SHARE  # of a signed input's elements made 0
    whole: float = WHOLE_SHARE  # rounded to whole numbers
    coarse: float = COARSE_SHARE  # rounded to fewer bits
    tiny: float = TINY_SHARE  # of a signed input's elements scaled down (`_tiny`)
    magnitude: str = "element"  # one of MAGNITUDE_SHAPES
    magnitude_dim: int = 0  # the dim whose slices share a factor, for "slice" (modulo the input's dims)


FULL = Mix()  # the shapes every spread set drew until round attack87


def mixed(seed: int) -> Mix:
    """A secret `Mix` for a spread set of `seed`: the zeros' share as ZERO_RANGE says, the others log-uniform in
    SHARE_RANGE (tiny magnitudes' too), the magnitudes per element, per slice along a random dim or one gain for
    the input, each with a chance of 1 in 3 (a kernel's tell that admits two of the three shapes is then caught on 5 verdicts of 9 by the
    two sets that draw magnitudes). Which features a set draws stays fixed (all of them on the ladder, each alone on
    `alone_draws`, all but one on `all_but_one`): a random mix on the ladder caught a kernel wrong where ties and
    zeros meet without a whole number on 3% of verdicts, and cost the certainty of every mix of two features present
    (tests/attacks/README.md, round attack87). Ties keep both extremes along every dim but alone: an index output of
    argmax, argmin, cummax or a max-pool picks among ties at one extreme, and those sets are where each is certain to
    meet them (rounds attack73 and attack78)."""
    rng = random.Random(seed ^ 0x5EED0F9E7)
    share = lambda: math.exp(rng.uniform(*map(math.log, SHARE_RANGE)))  # noqa: E731
    odds = math.exp(rng.uniform(*(math.log(p / (1 - p)) for p in ZERO_RANGE)))
    return Mix(zeros=odds / (1 + odds), whole=share(), coarse=share(), magnitude=rng.choice(MAGNITUDE_SHAPES),
               magnitude_dim=rng.randrange(4), tiny=share())  # drawn last: earlier seeds' shapes stay


@dataclass(frozen=True)
class Draw:
    """How one input set's floats are drawn: spread up to `top` times the usual draw, with or without exact zeros;
    with `alone`, only that one of the spread's features (`FEATURES`) on the usual draw (`alone_draws`); with
    `without`, every feature but that one (`all_but_one`); ties at the extremes `ties` names; the features' shapes
    as `mix` says."""

    top: float = 1.0
    zeros: bool = False
    alone: str | None = None
    mix: Mix = FULL
    without: str | None = None
    ties: str = "both"  # a key of TIE_ENDS

    def __str__(self) -> str:
        drawn = "the usual draw"
        if self.top > 1.0:
            drawn = f"float values spread up to {self.top:.3g} times {drawn}"
        if self.alone is not None:
            return f"{drawn} with {(TIE_ENDS[self.ties] if self.alone == 'ties' else FEATURES[self.alone])} only"
        drawn += ", with exact zeros" if self.zeros else ""
        return drawn + (f", without {FEATURES[self.without]}" if self.without is not None else "")

    def has(self, feature: str) -> bool:
        if feature == "tiny":  # drawn alone only (`FEATURES`)
            return self.alone == "tiny"
        return self.alone in (None, feature) and self.without != feature

    @property
    def partial(self) -> bool:
        """Whether only some of the spread's features are drawn (`alone_draws`, `all_but_one`): sets that time
        nothing the ladder's do not."""
        return self.alone is not None or self.without is not None


USUAL = Draw()  # a normal (or the task's range), bit for bit: sets A, A2 and the refill, and a ladder's last rung


def ladder(mix: Mix = FULL) -> Iterator[Draw]:
    """SCALE_TOP, then divided by SCALE_STEP while above 1, then 1; each first with zeros, then without; each with
    `mix`'s shapes. Each output is judged on the first rung where its reference holds (`judge._trials`); the last,
    USUAL, always holds."""
    top = SCALE_TOP
    while top > 1.0:
        yield Draw(top, zeros=True, mix=mix)
        yield Draw(top, mix=mix)
        top /= SCALE_STEP
    yield Draw(1.0, zeros=True, mix=mix)
    yield USUAL


def alone_draws(seed: int | None = None) -> list[list[Draw]]:
    """For each of the spread's features, the draws that hold it alone: the magnitudes down the ladder's tops, each
    other feature on the usual draw, ties once at the top only and once at the bottom only; its share or shape drawn
    from `seed` (`mixed`; FULL's without). A
    kernel computing from its input whether it holds a whole number, an exact zero, a value of few bits or a wide
    magnitude told every spread set from a user's values (all of them at once on every spread set, none on the
    usual ones) and was wrong elsewhere: ties broken the other way in softmax outputs, zeros for large activations
    that are not whole numbers (tests/attacks/round84_*). Alone, each feature meets values with none of the others.
    An output is judged on a feature's first draw where it holds, and on none of them where it holds nowhere (the
    ladder judges it). Ties at both extremes told a kernel every tied set: each tied some slice at its smallest
    value, a user's softmax ties at its top only (tests/attacks/round87_argmax_last_unless_a_row_ties_at_its_minimum.py);
    at one extreme each, an argmax's, argmin's, cummax's or max-pool's index still meets ties alone for sure."""
    mix = FULL if seed is None else mixed(seed + 1)  # shapes of their own, not the ladder's
    tops = sorted({d.top for d in ladder() if d.top > 1.0}, reverse=True)
    return [[Draw(top, alone="magnitude", mix=mix) for top in tops], [Draw(1.0, zeros=True, alone="zeros", mix=mix)],
            [Draw(alone="whole", mix=mix)], [Draw(alone="coarse", mix=mix)],
            [Draw(alone="ties", mix=mix, ties="top")], [Draw(alone="ties", mix=mix, ties="bottom")],
            [Draw(alone="tiny", mix=mix)]]


def all_but_one(seed: int) -> list[list[Draw]]:
    """For each of the spread's features, the ladder's draws without it: every other feature, each set its own
    secret shapes (`mixed`). The ladder holds all six, each alone set one, so a kernel wrong where two meet without
    a third met no set: an argmax picking the last of tied maxima where the input holds zeros and no whole number,
    wrong on a user's relu of dequantised values (tests/attacks/round87_argmax_last_on_ties_with_zeros_without_whole_
    numbers.py). With these every mix of features present and one absent is on some set for sure; a random mix on
    the ladder met that one on 3% of verdicts and lost the certainty of mixes without an absent feature (round
    attack87). An output is judged on a sequence's first draw where it holds, as on the ladder but never on the usual
    draw."""
    sequences = []
    for index, feature in enumerate(FEATURES):
        if feature == "tiny":  # on no other set: leaving it out is the ladder (`FEATURES`)
            continue
        mix = mixed(seed + 2 + index)
        draws = [Draw(1.0 if feature == "magnitude" else d.top, d.zeros and feature != "zeros", mix=mix,
                      without=feature) for d in ladder() if d != USUAL]
        sequences.append(list(dict.fromkeys(draws)))  # without magnitudes or zeros, some rungs are one draw
    return sequences


def spread(values: torch.Tensor, draw: Draw, signed: bool, generator: torch.Generator | None) -> torch.Tensor:
    """`values` (a usual draw) times a log-uniform magnitude in 1..`draw.top` (per element, per slice, or one gain
    for the input, in top/2..top on the ladder: `Mix.magnitude`), a share of them with fewer significant bits; for a
    `signed` input a share rounded to whole numbers other than 0, with `draw.zeros` a share made 0, and (alone) a
    share of the rest scaled down to tiny magnitudes (`_tiny`); then ties at
    its extremes (`_tied`). Only the features `draw.has`, each share `draw.mix`'s, at least one element each.
    Without whole numbers, a value of few bits that is one stays as it was drawn: "no whole number" is then true of
    the set (a kernel testing for one would otherwise meet them among fewer-bit values)."""
    if draw == USUAL:
        return values
    options, mix = {"generator": generator, "device": values.device}, draw.mix
    scaled = values
    if draw.has("magnitude") and draw.top > 1.0:
        shape = list(values.shape)
        if mix.magnitude == "slice" and values.dim():  # a LayerNorm's gain per channel
            dim = mix.magnitude_dim % values.dim()
            shape = [n if d == dim else 1 for d, n in enumerate(shape)]
        elif mix.magnitude == "gain":  # a wider normal: one factor
            shape = [1] * values.dim()
        # on the ladder near the top, so that every seed reaches it; alone anywhere in 1..top: a light-tailed normal
        # past 6 drawn only at 8..16 told every set from a LayerNorm's output times 3 (round attack88)
        low = math.log(draw.top / 2) if mix.magnitude == "gain" and draw.alone is None else 0.0
        magnitude = torch.rand(shape, **options).mul_(math.log(draw.top) - low).add_(low).exp_()
        if mix.magnitude == "slice":  # the largest gain at the top: five rows' gains may all stay below 7
            magnitude *= draw.top / magnitude.max()
        scaled = values * magnitude.to(values.dtype)
    if draw.has("coarse"):
        coarse = _fewer_bits(scaled, generator)
        chosen = _chosen(values, mix.coarse, options)
        if not draw.has("whole"):
            chosen &= (coarse != coarse.round()) | (coarse == 0)
        scaled = torch.where(chosen, coarse, scaled)
    if signed and draw.has("whole"):
        rounded = scaled.round()
        scaled = torch.where(_chosen(values, mix.whole, options) & (rounded != 0), rounded, scaled)
    if signed and draw.zeros and draw.has("zeros"):  # times 0 keeps the sign: -0.0 is a value a kernel can single out
        scaled = torch.where(_chosen(values, mix.zeros, options), scaled * 0, scaled)
    if signed and draw.has("tiny"):  # not below a task's positive range: a log's or a divisor's, kept off 0
        fractions = scaled != scaled.round()  # not over the zeros and whole numbers: each keeps at least one
        scaled = torch.where(_chosen(values, mix.tiny, options, fractions), _tiny(scaled, generator), scaled)
    return _tied(scaled, generator, draw.ties) if draw.has("ties") else scaled


def _chosen(values: torch.Tensor, share: float, options: dict, among: torch.Tensor | None = None) -> torch.Tensor:
    """A random `share` of `values`' elements, and at least one (a small input's 1/16 may hold none); with `among`,
    only elements where it is true, never all of them (none where one or none is): an input whose every value was
    tiny would make outputs judged on their norm at 1e-6, where float32 rounds an honest exp-based tanh 6% off
    (`FEATURES`)."""
    drawn = torch.rand(values.shape, **options)
    if not drawn.numel():
        return drawn > 1
    if among is None:
        return drawn <= drawn.min().clamp(min=share)  # no sync with a device
    kept = drawn.masked_fill(~among, -1.0).max()  # the largest draw among them stays as it was
    drawn = drawn.masked_fill(~among, 2.0)  # past every share: never the smallest unless none is
    return (drawn <= drawn.min().clamp(min=share)) & among & (drawn < kept)


def _tied(values: torch.Tensor, generator: torch.Generator | None, ends: str = "both") -> torch.Tensor:
    """A TIE_SHARE of the elements made equal to the largest value of their slice along a dimension, as many to the
    smallest (or only one of them: `ends`, a key of TIE_ENDS), the share split over the dimensions longer than 1. Where equal values compete, torch's index outputs
    pick one by rule (argmax, max and a max-pool's indices the first; cummax the last), and a kernel picking another
    was right on every set: a normal never ties, and the spread's whole numbers and zeros rarely tie at a row's top
    (tests/attacks/round73_*_on_ties.py). A user's clamped, saturated, one-hot or quantised activations tie there.
    The input's own extremes alone were not enough: every row that tied then tied at the input's largest value, and a
    kernel right only there was right on every set (tests/attacks/round78_argmax_last_on_ties_below_the_top.py).
    The extremes stay within the drawn range, so a task's positive range holds."""
    if values.numel() == 0:
        return values
    dims = [d for d, n in enumerate(values.shape) if n > 1] or [None]
    share, tied = TIE_SHARE / len(dims), values
    for dim in dims:
        chosen = torch.rand(values.shape, generator=generator, device=values.device)
        high = values.amax() if dim is None else values.amax(dim, keepdim=True)
        low = values.amin() if dim is None else values.amin(dim, keepdim=True)
        top = chosen < share if ends != "bottom" else torch.zeros_like(chosen, dtype=torch.bool)
        bottom = chosen >= 1 - share if ends != "top" else torch.zeros_like(chosen, dtype=torch.bool)
        tied = torch.where(top, high, torch.where(bottom, low, tied))
    return tied


def nudge(dtypes: list[torch.dtype]) -> float:
    """How far `Rounding` moves a value, relative to it: NUDGE_UNITS units of float32 rounding (float64's for a
    float64 task), or half a unit of the task's coarsest float dtype where that is more: a kernel stores its
    intermediates in the task's dtype, as the reference does between ops (the direct teacher's addmm rounds its mm
    to bfloat16 before adding the bias: at 16 times the usual draw it failed 10-51% of its sets)."""
    floats = [d for d in dtypes if d.is_floating_point]
    if floats and all(d == torch.float64 for d in floats):
        return NUDGE_UNITS * torch.finfo(torch.float64).eps
    coarsest = max((torch.finfo(d).eps for d in floats), default=0.0)
    return max(NUDGE_UNITS * torch.finfo(torch.float32).eps, coarsest / 2)


def _tiny(values: torch.Tensor, generator: torch.Generator | None) -> torch.Tensor:
    """Each element scaled by a power of two to a binary exponent drawn uniformly in TINY_EXPONENTS, never below its
    dtype's smallest normal: exact (the same significant bits, so a fewer-bit value stays one) and never subnormal.
    The spread only multiplied upwards, so |x| < 1e-4 came only from a normal's rare small draws, and a kernel wrong
    only there was judged correct on 99% of verdicts (tests/attacks/round36_tiny_magnitude_trigger.py). An element
    far below the rest is below every absolute floor of the tolerance (`comparison.Tolerance.floor`), and a quotient
    over it is judged relative to itself (`Tolerance.made_of`), not by the output's typical size (its median)."""
    mantissa, _ = torch.frexp(values)
    lowest = max(TINY_EXPONENTS[0], round(math.log2(torch.finfo(values.dtype).tiny)) + 1)
    exponent = torch.randint(lowest, TINY_EXPONENTS[1] + 1, values.shape, generator=generator, device=values.device)
    return torch.ldexp(mantissa, exponent.to(torch.int32)).to(values.dtype)


def _fewer_bits(values: torch.Tensor, generator: torch.Generator | None) -> torch.Tensor:
    """Each element rounded to a random number of significant bits, from 1 to its dtype's explicit ones: the values
    of a lower precision upcast (a bfloat16 or float16 tensor a user casts up keeps 8 or 11 bits), which a
    normal draws almost never (a kernel wrong only where a float32's low 16 bits are zero was judged correct)."""
    mantissa, exponent = torch.frexp(values)  # mantissa in [0.5, 1)
    explicit = round(-math.log2(torch.finfo(values.dtype).eps))
    kept = torch.randint(1, explicit + 1, values.shape, generator=generator, device=values.device)
    scale = torch.exp2(kept.to(values.dtype))
    return torch.ldexp(torch.round(mantissa * scale) / scale, exponent)


class Rounding(TorchDispatchMode):
    """Every op's float inputs moved by up to `size` of themselves, at random: what a kernel that rounds its work
    in another order, or stores an intermediate in the task's dtype, computes. Moving an op's inputs rather than its
    outputs reaches the values inside a fused op (the mm inside an addmm, which a kernel may round before the bias
    cancels it). Moving only the task's inputs would miss ties: an embedding's repeated ids give exactly tied
    attention scores, which a kernel's dot rounds apart by 1e-3 of scores of thousands (a softmax off by 5e-4: a
    direct-teacher answer, rejected when only the task's inputs were moved). An op that writes into its inputs or
    returns a view of them runs unmoved: a moved copy would take the write or the alias."""

    def __init__(self, size: float, generator: torch.Generator) -> None:
        super().__init__()
        self.size, self.generator = size, generator

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if not (func._schema.is_mutable or func.is_view):
            args, kwargs = pytree.tree_map(self._move, (args, kwargs))
        return func(*args, **(kwargs or {}))

    def _move(self, t: object) -> object:
        if not (isinstance(t, torch.Tensor) and t.is_floating_point()):
            return t
        noise = torch.rand(t.shape, generator=self.generator, device=t.device, dtype=t.dtype)
        return t * (1 + self.size * (2 * noise - 1))
