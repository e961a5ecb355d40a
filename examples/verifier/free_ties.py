"""Round honest83: how often an honest index output that orders ties otherwise than torch's CPU kernel is refused
over a spread set (`magnitude.spread` at its top rung, ties and zeros included), compared exactly (as before) and
through `comparison.among_ties` (now). Honest orders: the first of equal values first, and the last first (a stable
sort of the reversed row). Also how often a kernel repeating the first tied column (duplicates) passes now.

    PYTHONPATH=. python examples/verifier/free_ties.py [SEEDS=300]
"""
from __future__ import annotations

import sys

import torch

from autotriton_backend.verifier.comparison import TieOrders, among_ties
from autotriton_backend.verifier.magnitude import Draw, spread


def orders(x: torch.Tensor, descending: bool) -> dict[str, torch.Tensor]:
    """Full orders along dim 1: the first of equal values first, the last first, and the first tied column repeated."""
    first = torch.sort(x, dim=1, descending=descending, stable=True).indices
    last = x.shape[1] - 1 - torch.sort(x.flip(1), dim=1, descending=descending, stable=True).indices
    repeated = torch.where(x.gather(1, first)[:, :, None] == x[:, None, :], torch.arange(x.shape[1]), x.shape[1])
    return {"first": first, "last": last, "duplicates": repeated.min(2).values}


def main(seeds: int) -> None:
    ops = {"topk(4)": lambda x: x.topk(4, 1).indices, "argsort": lambda x: x.argsort(1, descending=True),
           "median": lambda x: x.median(1).indices}
    for shape in ((8, 37), (4, 128)):
        for name, op in ops.items():
            refused = {"first": [0, 0], "last": [0, 0], "duplicates": [0, 0]}
            for seed in range(seeds):
                g = torch.Generator().manual_seed(seed)
                x = spread(torch.randn(shape, generator=g), Draw(16.0, True), True, g)
                with TieOrders() as ties:
                    ref = op(x)
                (free,) = ties.of((ref,))
                for order, full in orders(x, descending=name != "median").items():
                    if name == "median" and order == "duplicates":  # one index per row: nothing to repeat
                        continue
                    if name == "median":  # the median's value: the first (or last) column holding it
                        full = torch.where(x == x.gather(1, ref[:, None]), torch.arange(shape[1]), -1)
                        got = {"first": torch.where(full < 0, shape[1], full).min(1).values,
                               "last": full.max(1).values, "duplicates": ref}[order]
                    else:
                        got = full[:, :ref.shape[1]]
                    refused[order][0] += not torch.equal(got, ref)
                    refused[order][1] += not torch.equal(among_ties(got, ref, free), ref)
            print(f"{shape} {name}: refused of {seeds} (exact -> among ties): " +
                  ", ".join(f"{order} {before} -> {after}" for order, (before, after) in refused.items()
                            if name != "median" or order != "duplicates"), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
