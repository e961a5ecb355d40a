"""Find the regions of a post-grad ATen graph that are worth a model's effort, coarse then fine.

Runs inside inductor's `post_grad_custom_pre_pass`: the graph is functional ATen with
`node.meta["val"]` fake tensors (sizes may be SymInts). Only op families on an allowlist enter a
region: matmul/conv/attention, reductions and norms, pooling, scans, pointwise ops (where and
masks included), constant and index tensors (full, iota, arange), gathers (gather, index_select,
embedding, integer indexing) and layout ops; random, mutating, data-dependent and collective ops
stay with inductor.

A coarse region is what one fused program could do better than inductor: several anchors with
their reduction epilogues (e.g. `sum(x @ W.T)`, which a kernel can rewrite as `x @ W.sum(0)`),
up to a size cap. Each coarse region carries its fine sub-regions, one kernel's worth each: one
matmul with its pointwise neighbours, or a few reductions with theirs, or a pointwise chain of at
least two ops. The search tries the coarse task first and the fine ones where it does not win.

Regions are grown by contracting edges of a networkx DAG of groups; an edge is contracted
only when no other path joins its ends, so the graph of regions stays acyclic: every region
is convex and all of them can be replaced by one op each, in any combination. Fine regions are
grown the same way inside their (convex) coarse region, so any mix of coarse regions and the
fine parts of others can be spliced together. Regions are
then trimmed until each can be written as a standalone KernelTask (tensor inputs and dense,
non-aliasing tensor outputs, every symbolic size derivable from the inputs' sizes).
"""
from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import networkx as nx
import sympy
import torch
import torch.fx as fx
from torch._prims_common import is_non_overlapping_and_dense_or_false
from torch.fx.experimental import symbolic_shapes
from torch.fx.experimental.symbolic_shapes import free_unbacked_symbols

aten, prims = torch.ops.aten, torch.ops.prims

# torch 2.13 deprecates ShapeEnv.size_hint in favour of guarding_hint_or_throw (absent in older torch).
_guarding_hint = getattr(symbolic_shapes, "guarding_hint_or_throw", None) or (
    lambda size: size.node.shape_env.size_hint(size.node.expr))

MATMUL, REDUCTION, POINTWISE, LAYOUT, GETITEM = "matmul", "reduction", "pointwise", "layout", "getitem"
MAX_REDUCTIONS = 4  # fine: softmax is two, layer-norm backward three; more is several kernels' worth
# Coarse regions: at most this many compute ops (views and getitems not counted) and anchors. Measured
# on KernelBench (examples/coverage): the largest level-2 problem graph has 32 compute ops at eval,
# so 48 holds every problem whole with room to spare and keeps a region one task's worth.
MAX_COARSE_OPS = 48
MAX_COARSE_ANCHORS = 4
COARSE, FINE = "coarse", "fine"

# Attention ops are random through dropout only; they enter regions with dropout_p == 0.
ATTENTION_OPS = {
    aten._scaled_dot_product_flash_attention, aten._scaled_dot_product_efficient_attention,
    aten._scaled_dot_product_flash_attention_for_cpu, aten._scaled_dot_product_flash_attention_backward,
    aten._scaled_dot_product_efficient_attention_backward, aten._scaled_dot_product_flash_attention_for_cpu_backward,
}
MATMUL_OPS = {aten.mm, aten.addmm, aten.bmm, aten.baddbmm, aten.convolution, aten.convolution_backward} | ATTENTION_OPS
# Normalizations reduce but lack torch.Tag.reduction.
NORM_OPS = {
    aten._softmax, aten._log_softmax, aten._softmax_backward_data, aten._log_softmax_backward_data,
    aten.native_layer_norm, aten.native_layer_norm_backward, aten.native_group_norm,
    aten._native_batch_norm_legit_no_training,
}
VIEW_OPS = {
    aten.view.default, aten.reshape.default, aten._unsafe_view.default, aten.permute.default,
    aten.transpose.int, aten.t.default, aten.expand.default, aten.unsqueeze.default,
    aten.squeeze.default, aten.squeeze.dim, aten.squeeze.dims, aten.split.Tensor,
    aten.split_with_sizes.default, aten.slice.Tensor, aten.select.int, aten.alias.default,
    aten.as_strided.default,  # only of contiguous values (see `_plain_as_strided`)
}
COPY_LAYOUT_OPS = {aten.cat.default, aten.constant_pad_nd.default, aten.flip.default, prims.rev.default}
POOL_OPS = {
    aten.max_pool2d_with_indices, aten.max_pool3d_with_indices, aten.avg_pool2d, aten.avg_pool3d,
    aten._adaptive_avg_pool2d, aten._adaptive_avg_pool3d, aten.adaptive_max_pool2d, aten.adaptive_max_pool3d,
}
SCAN_OPS = {aten.cumsum, aten.cumprod, aten.logcumsumexp, aten.cummax, aten.cummin}
# Tensors made from constants only; they enter a region with the ops that read them.
CONSTANT_OPS = {aten.full, aten.scalar_tensor, aten.arange, prims.iota, aten.full_like, aten.zeros_like, aten.ones_like}
# Reads at data-dependent positions; allowed when the indexed dims have static sizes, so task inputs
# can hold valid indices (integer indexing only: a boolean mask makes the output size data-dependent).
GATHER_OPS = {aten.gather, aten.index_select, aten.embedding, aten.index}
# Inductor's max pooling returns offsets in place of indices; with the offsets unused it is plain
# max pooling, and the task renders it with ATen's (a fresh `import torch` lacks inductor's prims).
MAX_POOL_OFFSETS = "_low_memory_max_pool_with_offsets"
# Tags that keep an op out of every region (torch 2.11 has no `inplace` tag; mutable schemas catch those ops too).
FORBIDDEN_TAGS = {
    getattr(torch.Tag, name)
    for name in ("nondeterministic_seeded", "inplace", "inplace_view", "dynamic_output_shape", "data_dependent_output")
    if hasattr(torch.Tag, name)
}
DTYPES = {
    torch.float64, torch.float32, torch.float16, torch.bfloat16, torch.int64, torch.int32,
    torch.int16, torch.int8, torch.uint8, torch.bool,
}
CONSTANT_TYPES = (bool, int, float, str, type(None), torch.dtype, torch.memory_format, torch.layout, torch.device)


@dataclass(frozen=True)
class Region:
    """A convex set of graph nodes to be replaced by one op.

    `inputs` are the tensor nodes it reads from outside, in order of first use (symbolic
    sizes are not inputs: they are recomputed from the inputs' shapes). `outputs` are its
    nodes whose values are used outside it, in topological order. `fine` holds the sub-regions
    of a coarse region, one kernel's worth each; it is empty when the region is one already.
    """

    nodes: tuple[fx.Node, ...]
    inputs: tuple[fx.Node, ...]
    outputs: tuple[fx.Node, ...]
    kind: str  # MATMUL, REDUCTION or POINTWISE: the heaviest op family inside
    fine: tuple["Region", ...] = ()

    @property
    def level(self) -> str:
        return COARSE if self.fine else FINE


@dataclass(frozen=True)
class Coverage:
    """How many compute ops of a graph the regions hold, at each level."""

    compute_ops: int
    coarse_ops: int  # inside top-level regions
    fine_ops: int  # inside one-kernel regions (fine sub-regions, or top-level regions that are one kernel)
    whole: bool  # one region holds every compute op

    def text(self) -> str:
        return (f"{self.coarse_ops}/{self.compute_ops} compute ops in coarse regions, "
                f"{self.fine_ops}/{self.compute_ops} in fine ones" + (" (one region: the whole graph)" if self.whole else ""))


def find_regions(graph: fx.Graph) -> list[Region]:
    """Top-level convex regions of `graph` (each with its fine sub-regions), in topological order.

    Fine regions come first (one kernel's worth each); coarse regions are then grown from whole
    fine regions and the allowlisted ops between them, so every fine region lies inside exactly
    one top-level region. A coarse group that cannot be written as one task falls back to its
    fine regions.
    """
    families = {n: f for n in graph.nodes if (f := op_family(n)) is not None}
    nodes = list(graph.nodes)
    fine = [r for group in _grow_groups(nodes, families, _fits_one_kernel) for r in _trimmed(group, families)]
    regions = []
    for group in _grow_groups(nodes, families, _fits_one_task, units=[list(r.nodes) for r in fine],
                              joinable=_consistent_sizes):
        members = set(group)
        parts = [r for r in fine if r.nodes[0] in members]
        whole = _region(group, families) if _standalone(group, members) else None
        if whole is None or len(parts) < 1:
            regions.extend(parts)
        elif len(parts) == 1 and parts[0].nodes == whole.nodes:
            regions.append(parts[0])
        else:
            regions.append(replace(whole, fine=tuple(parts)))
    order = {n: i for i, n in enumerate(nodes)}
    return sorted(regions, key=lambda r: order[r.nodes[0]])


def fine_regions(regions: Iterable[Region]) -> list[Region]:
    """The one-kernel regions: each region's fine sub-regions, or the region itself."""
    return [part for region in regions for part in (region.fine or (region,))]


def compute_nodes(graph: fx.Graph) -> list[fx.Node]:
    """Nodes that compute tensors (views, getitems and size arithmetic do not count)."""
    return [n for n in graph.nodes if n.op == "call_function" and n.target is not operator.getitem
            and n.target not in VIEW_OPS and _has_tensor(n.meta.get("val"))]


def coverage(graph: fx.Graph, regions: Sequence[Region]) -> Coverage:
    compute = set(compute_nodes(graph))
    coarse = {n for r in regions for n in r.nodes}
    fine = {n for r in fine_regions(regions) for n in r.nodes}
    whole = len(regions) == 1 and compute <= coarse
    return Coverage(len(compute), len(compute & coarse), len(compute & fine), whole)


def op_family(node: fx.Node) -> str | None:
    """The allowlisted family of a node, or None when it must stay outside every region."""
    if node.op != "call_function" or not _supported_value(node.meta.get("val")):
        return None
    if node.target is operator.getitem:
        source = node.args[0]
        ok = isinstance(source, fx.Node) and isinstance(source.meta.get("val"), (tuple, list))
        return GETITEM if ok and isinstance(node.meta["val"], torch.Tensor) else None
    op = node.target
    if _is_max_pool_offsets(op):
        values_only = all(u.target is operator.getitem and u.args[1] == 0 for u in node.users)
        return REDUCTION if values_only and _supported_args(node) else None
    if not isinstance(op, torch._ops.OpOverload) or not _eager_namespace(op):
        return None
    if op is aten.as_strided.default and not _plain_as_strided(node):
        return None
    tags = set(op.tags)
    packet = op.overloadpacket
    if packet in ATTENTION_OPS:
        if _argument(node, "dropout_p") != 0:
            return None
        tags.discard(torch.Tag.nondeterministic_seeded)
    if packet in GATHER_OPS:
        if not _static_gather(node):
            return None
        tags.discard(torch.Tag.dynamic_output_shape)  # integer indices: the output size is static
    if op._schema.is_mutable or FORBIDDEN_TAGS & tags or not _supported_args(node):
        return None
    if packet in MATMUL_OPS:
        return MATMUL
    if op in VIEW_OPS or op in COPY_LAYOUT_OPS:
        return LAYOUT
    if torch.Tag.pointwise in op.tags or packet in CONSTANT_OPS or packet in GATHER_OPS:
        return POINTWISE
    if torch.Tag.reduction in op.tags or packet in NORM_OPS or packet in POOL_OPS or packet in SCAN_OPS:
        return REDUCTION
    return None


def index_bounds(node: fx.Node) -> dict[fx.Node, int]:
    """For a gather node: each index tensor it reads -> the static size of the dim it indexes."""
    packet = node.target.overloadpacket if isinstance(node.target, torch._ops.OpOverload) else None
    if packet not in GATHER_OPS:
        return {}
    source = node.args[0].meta["val"]
    if packet is aten.embedding:
        found = [(node.args[1], 0)]
    elif packet is aten.index:
        found = [(index, dim) for dim, index in enumerate(node.args[1]) if index is not None]
    else:  # gather(self, dim, index), index_select(self, dim, index)
        found = [(node.args[2], node.args[1] % max(source.dim(), 1))]
    return {index: source.shape[dim] for index, dim in found}


def _is_max_pool_offsets(op: object) -> bool:
    return isinstance(op, torch._ops.OpOverload) and op.namespace == "prims" and op._opname == MAX_POOL_OFFSETS


def _plain_as_strided(node: fx.Node) -> bool:
    """as_strided of a contiguous value at its own offset: the same elements in a dense task input."""
    source = node.args[0]
    offset = node.args[3] if len(node.args) > 3 else node.kwargs.get("storage_offset")
    return (offset is None and isinstance(source, fx.Node) and isinstance(source.meta.get("val"), torch.Tensor)
            and example_tensor(source.meta["val"]).is_contiguous())


def _static_gather(node: fx.Node) -> bool:
    """Integer indices into dims of static size: task inputs can then hold valid indices."""
    if not isinstance(node.args[0], fx.Node) or not isinstance(node.args[0].meta.get("val"), torch.Tensor):
        return False
    if node.target.overloadpacket is aten.index and not isinstance(node.args[1], (list, tuple)):
        return False
    bounds = index_bounds(node)
    return bool(bounds) and all(
        isinstance(index, fx.Node) and isinstance(index.meta.get("val"), torch.Tensor)
        and not index.meta["val"].dtype.is_floating_point and index.meta["val"].dtype != torch.bool
        and type(size) is int for index, size in bounds.items())


def regions_are_spliceable(graph: fx.Graph, regions: Sequence[Region]) -> bool:
    """True when the regions are disjoint and collapsing each to one node leaves a DAG.

    That implies convexity (no path leaves a region and re-enters it) and that all regions
    can be replaced at once without creating a cycle between the replacements.
    """
    owner: dict[fx.Node, int] = {}
    for index, region in enumerate(regions):
        for node in region.nodes:
            if node in owner:
                return False
            owner[node] = index
    quotient = nx.DiGraph()
    quotient.add_nodes_from(owner.get(n, n) for n in graph.nodes)
    for node in graph.nodes:
        for source in node.all_input_nodes:
            a, b = owner.get(source, source), owner.get(node, node)
            if a != b:
                quotient.add_edge(a, b)
    return nx.is_directed_acyclic_graph(quotient)


# ---------------------------------------------------------------- growing groups


def _grow_groups(nodes: list[fx.Node], families: dict[fx.Node, str], fits: Callable[[Counter], bool],
                 units: Sequence[list[fx.Node]] = (),
                 joinable: Callable[[list[fx.Node]], bool] | None = None) -> list[list[fx.Node]]:
    """Greedy edge contraction in topological order, keeping the group DAG acyclic.

    `units` are convex, mutually acyclic node sets that start as one group each (the fine
    regions, when growing coarse ones). `fits` says how much one group may hold; `joinable`
    can refuse a union of nodes.
    """
    order = {n: i for i, n in enumerate(nodes)}
    dag = nx.DiGraph()
    dag.add_nodes_from(nodes)
    dag.add_edges_from((s, n) for n in nodes for s in n.all_input_nodes if s in order)
    group = {n: n for n in nodes}  # node -> representative node of its group
    members = {n: [n] for n in nodes}
    counts = {n: Counter([families[n]] if n in families else []) for n in nodes}
    span = {n: (order[n], order[n]) for n in nodes}  # first and last topological index

    def merge(a: fx.Node, b: fx.Node) -> None:
        dag.add_edges_from([(p, a) for p in dag.predecessors(b) if p is not a])
        dag.add_edges_from([(a, q) for q in dag.successors(b) if q is not a])
        dag.remove_node(b)
        for n in members[b]:
            group[n] = a
        members[a] += members.pop(b)
        counts[a] += counts.pop(b)
        span[a] = (min(span[a][0], span[b][0]), max(span[a][1], span[b][1]))

    def other_path(a: fx.Node, b: fx.Node) -> bool:
        """Is there a path a -> ... -> b besides the direct edge? (Then contracting it makes a cycle.)"""
        limit = span[b][1]  # a group on such a path starts before b's last node
        stack = [s for s in dag.successors(a) if s is not b and span[s][0] < limit]
        seen = set(stack)
        while stack:
            current = stack.pop()
            for s in dag.successors(current):
                if s is b:
                    return True
                if s not in seen and span[s][0] < limit:
                    seen.add(s)
                    stack.append(s)
        return False

    for unit in units:
        for node in unit[1:]:
            merge(group[unit[0]], node)
    # A view chain feeding an anchor joins the anchor's group, not its producer's (units excepted:
    # their views are placed already).
    prologue = _prologue_views(nodes, families) if not units else set()
    for node in nodes:
        if node not in families:
            continue
        for source in dict.fromkeys(node.all_input_nodes):
            if source not in families or (node in prologue and source not in prologue):
                continue
            a, b = group[source], group[node]
            if (a is not b and fits(counts[a] + counts[b]) and _same_device(a, b) and not other_path(a, b)
                    and (joinable is None or joinable(members[a] + members[b]))):
                merge(a, b)
    return [sorted(part, key=order.__getitem__) for part in members.values()
            if any(n in families for n in part)]


def _fits_one_kernel(count: Counter) -> bool:
    """Fine: one matmul with pointwise/layout neighbours, or reductions with theirs."""
    if count[MATMUL]:
        return count[MATMUL] == 1 and not count[REDUCTION]
    return count[REDUCTION] <= MAX_REDUCTIONS


def _fits_one_task(count: Counter) -> bool:
    """Coarse: several anchors and their epilogues, within the size cap."""
    return count[MATMUL] <= MAX_COARSE_ANCHORS and count[MATMUL] + count[REDUCTION] + count[POINTWISE] <= MAX_COARSE_OPS


def _same_device(a: fx.Node, b: fx.Node) -> bool:
    return _device(a) == _device(b)


def _prologue_views(nodes: list[fx.Node], families: dict[fx.Node, str]) -> set[fx.Node]:
    """Views whose users all are matmuls, reductions or such views (e.g. the reshape before `mm`).

    Only views whose sizes follow from their own input qualify, so the anchor's region can
    take the un-viewed tensor as input; a reshape that splits `s0*s1` into `s0, s1` needs
    sizes the input does not have and stays with its producer.
    """
    found: set[fx.Node] = set()
    for node in reversed(nodes):
        if node in families and _is_view(node) and node.users and _sizes_follow_from_input(node) and all(
                families.get(u) in (MATMUL, REDUCTION) or u in found for u in node.users):
            found.add(node)
    return found


def _sizes_follow_from_input(node: fx.Node) -> bool:
    names = DimNames(node.args[:1])
    return names.conflict is None and all(
        names.express(s) is not None for s in node.all_input_nodes if _is_symint(s))


# ---------------------------------------------------------------- trimming


def _trimmed(group: list[fx.Node], families: dict[fx.Node, str]) -> list[Region]:
    """Drop the nodes that keep a group from being a standalone task; keep the worthy rest.

    Each step removes one offending node and splits the group into its ancestors and its
    descendants within the group; both parts stay convex and the region graph acyclic.
    """
    work, done = [group], []
    while work:
        nodes = work.pop()
        if not nodes:
            continue
        members = set(nodes)
        views = _aliasing_output_chain(nodes, members) or _conflicting_input_views(nodes, members)
        if views:  # leading views: dropping them leaves the rest convex
            work.append([n for n in nodes if n not in views])
            continue
        bad = _first_offender(nodes, members)
        if bad is None:
            done.extend(_components(nodes, members))
            continue
        below = _descendants_within(bad, members)
        work.append([n for n in nodes if n not in below and n is not bad])
        work.append([n for n in nodes if n in below])
    regions = [_region(nodes, families) for nodes in done]
    return [r for r in regions if r is not None]


def _consistent_sizes(nodes: list[fx.Node]) -> bool:
    """The inputs' symbolic sizes can be named independently (see DimNames)."""
    return DimNames(_inputs(nodes, set(nodes))).conflict is None


def _standalone(nodes: list[fx.Node], members: set[fx.Node]) -> bool:
    """Can the nodes be written as one task as they are (nothing to trim)?"""
    return (not _aliasing_output_chain(nodes, members) and not _conflicting_input_views(nodes, members)
            and _first_offender(nodes, members) is None)


def _first_offender(nodes: list[fx.Node], members: set[fx.Node]) -> fx.Node | None:
    """The first node that reads a non-tensor, returns an unusable output or needs an unknown size."""
    inputs = _inputs(nodes, members)
    names = DimNames(inputs)
    if names.conflict is not None:
        return next(n for n in nodes if names.conflict in n.all_input_nodes)
    device = _device(nodes[0])
    for node in nodes:
        for source in node.all_input_nodes:
            if source not in members and not _is_symint(source) and not _tensor_on(source, device):
                return node
        if any(u not in members for u in node.users) and not _good_output(node, device):
            return node
        if any(names.express(s) is None for s in node.all_input_nodes if _is_symint(s)):
            return node
    return None


def _conflicting_input_views(nodes: list[fx.Node], members: set[fx.Node]) -> set[fx.Node]:
    """Leading views whose removal resolves a size conflict between inputs.

    E.g. an `mm` region reading `x: [s0*s1, 32]` and, through permute+reshape, `y: [s0, 4, s1, 8]`:
    without those views it reads the reshaped `[s0*s1, 32]` and its sizes are consistent.
    """
    inputs = _inputs(nodes, members)
    conflict = DimNames(inputs).conflict
    if conflict is None:
        return set()
    symbols = _free_symbols(conflict)
    for source in [conflict, *(i for i in inputs if i is not conflict and _free_symbols(i) & symbols)]:
        views = _leading_views(source, members)
        rest = [n for n in nodes if n not in views]
        if views and DimNames(_inputs(rest, set(rest))).conflict is None:
            return views
    return set()


def _leading_views(source: fx.Node, members: set[fx.Node]) -> set[fx.Node]:
    """The views of `source` inside the region reached through views only."""
    found, stack = set(), [source]
    while stack:
        for user in stack.pop().users:
            if user in members and user not in found and _is_view(user):
                found.add(user)
                stack.append(user)
    return found


def _free_symbols(node: fx.Node) -> set[sympy.Symbol]:
    value = node.meta.get("val")
    return set().union(*(_expr(s).free_symbols for s in value.shape)) if isinstance(value, torch.Tensor) else set()


def _aliasing_output_chain(nodes: list[fx.Node], members: set[fx.Node]) -> set[fx.Node]:
    """A view chain from an input to an output: its result would alias the kernel's input."""
    for node in nodes:
        if any(u not in members for u in node.users):
            chain, current = set(), node
            while current in members and _is_view(current):
                chain.add(current)
                current = current.args[0]
            if chain and current not in members:
                return chain
    return set()


def _is_view(node: fx.Node) -> bool:
    if node.target is operator.getitem:
        return node.args[0].target in VIEW_OPS
    return node.target in VIEW_OPS


def _descendants_within(node: fx.Node, members: set[fx.Node]) -> set[fx.Node]:
    found, stack = set(), [node]
    while stack:
        for user in stack.pop().users:
            if user in members and user not in found:
                found.add(user)
                stack.append(user)
    return found


def _components(nodes: list[fx.Node], members: set[fx.Node]) -> list[list[fx.Node]]:
    """Weakly connected parts; each part of a convex set is convex."""
    links = nx.Graph()
    links.add_nodes_from(nodes)
    links.add_edges_from((s, n) for n in nodes for s in n.all_input_nodes if s in members)
    position = {n: i for i, n in enumerate(nodes)}
    return [sorted(part, key=position.__getitem__) for part in nx.connected_components(links)]


def _region(nodes: list[fx.Node], families: dict[fx.Node, str]) -> Region | None:
    count = Counter(families[n] for n in nodes)
    kind = next((k for k in (MATMUL, REDUCTION) if count[k]), POINTWISE)
    members = set(nodes)
    inputs = _inputs(nodes, members)
    if (kind == POINTWISE and count[POINTWISE] < 2) or not any(_tensor_on(i, _device(nodes[0])) for i in inputs):
        return None  # a lone pointwise op is inductor's; a region of constants only folds away
    outputs = tuple(n for n in nodes if any(u not in members for u in n.users))
    return Region(tuple(nodes), inputs, outputs, kind)


def _inputs(nodes: Iterable[fx.Node], members: set[fx.Node]) -> tuple[fx.Node, ...]:
    found = dict.fromkeys(s for n in nodes for s in n.all_input_nodes if s not in members and not _is_symint(s))
    return tuple(found)


def _good_output(node: fx.Node, device: torch.device) -> bool:
    return _tensor_on(node, device) and is_dense(node.meta["val"])


# ---------------------------------------------------------------- symbolic sizes


class DimNames:
    """Canonical names ("s0", "s1", ...) for the symbolic sizes of a region's inputs.

    A KernelTask input shape holds ints or symbol names, so each distinct size expression
    of the inputs becomes one independent symbol. `conflict` is the first input whose sizes
    share graph symbols with a different expression (e.g. `s0*s1` next to `s0`), which a
    task cannot express; the region must then be cut. Without a conflict the named
    expressions have disjoint symbols, so substituting them is unambiguous.
    """

    def __init__(self, inputs: Sequence[fx.Node]):
        self.names: dict[sympy.Expr, str] = {}
        self.sources: dict[str, tuple[int, int]] = {}  # name -> (input index, dim)
        self.conflict: fx.Node | None = None
        for index, node in enumerate(inputs):
            value = node.meta.get("val")
            for dim, size in enumerate(value.shape if isinstance(value, torch.Tensor) else ()):
                expr = _expr(size)
                if expr.is_number or expr in self.names:
                    continue
                if any(expr.free_symbols & known.free_symbols for known in self.names) and self.conflict is None:
                    self.conflict = node
                name = f"s{len(self.names)}"
                self.names[expr] = name
                self.sources[name] = (index, dim)

    def size(self, size: int | torch.SymInt) -> int | str:
        """An input dim as a task shape entry."""
        expr = _expr(size)
        return int(expr) if expr.is_number else self.names[expr]

    def express(self, value: fx.Node | int | torch.SymInt) -> sympy.Expr | None:
        """A size as an expression over the canonical names, or None if the inputs do not determine it."""
        size = value.meta["val"] if isinstance(value, fx.Node) else value
        expr = _expr(size)
        # Dummies first: the graph's own symbols may be called s0, s1 too.
        dummies = {known: sympy.Dummy() for known in self.names if known.free_symbols & expr.free_symbols}
        for known, dummy in dummies.items():
            expr = expr.xreplace({known: dummy}) if known.is_Symbol else expr.subs(known, dummy)
        if not expr.free_symbols <= set(dummies.values()):
            return None
        return expr.xreplace({d: sympy.Symbol(self.names[k], integer=True, positive=True) for k, d in dummies.items()})


def is_dense(value: torch.Tensor) -> bool:
    """Non-overlapping and dense at the example sizes: some permutation of it is contiguous."""
    return is_non_overlapping_and_dense_or_false(example_tensor(value))


def example_tensor(value: torch.Tensor) -> torch.Tensor:
    """A meta tensor with the example (hinted) sizes and strides of a possibly symbolic tensor."""
    return torch.empty_strided([hint(s) for s in value.shape], [hint(s) for s in value.stride()],
                               dtype=value.dtype, device="meta")


def hint(size: int | torch.SymInt) -> int:
    """The example value of a size: what this compilation saw."""
    return int(_guarding_hint(size)) if isinstance(size, torch.SymInt) else int(size)


def _expr(size: int | torch.SymInt) -> sympy.Expr:
    return size.node.expr if isinstance(size, torch.SymInt) else sympy.Integer(size)


# ---------------------------------------------------------------- value checks


def _supported_value(value: object) -> bool:
    """A usable tensor, or a tuple holding one (other items matter only if a getitem reads them)."""
    if isinstance(value, (tuple, list)):
        return any(_supported_value(v) for v in value)
    return (isinstance(value, torch.Tensor) and value.layout == torch.strided and value.dtype in DTYPES
            and all(_hinted(s) for s in (*value.shape, *value.stride())))


def _hinted(size: int | torch.SymInt) -> bool:
    """Backed sizes only: unbacked (data-dependent) sizes have no example to build inputs from."""
    return not free_unbacked_symbols(size)


def _supported_args(node: fx.Node) -> bool:
    """Tensors on the node's device, SymInts, and constants that can be written as Python literals."""
    device = _device(node)

    def ok(arg: object) -> bool:
        if isinstance(arg, (list, tuple)):
            return all(ok(a) for a in arg)
        if isinstance(arg, fx.Node):
            return _is_symint(arg) or _tensor_on(arg, device)
        if isinstance(arg, torch.device):
            return arg == device  # rendered as the inputs' device
        return isinstance(arg, CONSTANT_TYPES)

    return ok(node.args) and ok(tuple(node.kwargs.values()))


def _argument(node: fx.Node, name: str) -> object:
    """An argument by schema name, whether passed by position, by keyword or defaulted."""
    for index, argument in enumerate(node.target._schema.arguments):
        if argument.name == name:
            if name in node.kwargs:
                return node.kwargs[name]
            return node.args[index] if index < len(node.args) else argument.default_value
    return None


def _eager_namespace(op: torch._ops.OpOverload) -> bool:
    """aten ops, and prims that exist in a fresh `import torch` (inductor's `fma` is rewritten)."""
    if op.namespace == "aten":
        return True
    name = op.overloadpacket.__name__
    return op.namespace == "prims" and (hasattr(torch._prims, name) or name == "fma")


def _has_tensor(value: object) -> bool:
    if isinstance(value, (tuple, list)):
        return any(isinstance(v, torch.Tensor) for v in value)
    return isinstance(value, torch.Tensor)


def _device(node: fx.Node) -> torch.device | None:
    value = node.meta.get("val")
    first = next((v for v in value if isinstance(v, torch.Tensor)), None) if isinstance(value, (tuple, list)) else value
    return first.device if isinstance(first, torch.Tensor) else None


def _tensor_on(node: fx.Node, device: torch.device | None) -> bool:
    value = node.meta.get("val")
    return isinstance(value, torch.Tensor) and value.device == device


def _is_symint(node: fx.Node) -> bool:
    value = node.meta.get("val")
    return isinstance(value, torch.SymInt) or type(value) is int
