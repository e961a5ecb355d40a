"""Partition and region tasks on post-grad graphs captured through inductor's custom pass hook.

Graphs come from the real integration point (`compile_fx(..., config_patches={
"post_grad_custom_pre_pass": pass})`) with `dynamic=True`. To keep CPU time small the
recording pass stops inductor right after capture (only the training forward compiles fully,
because its backward is captured after it).
"""
from __future__ import annotations

import logging
import math
import operator
from collections import Counter

import networkx as nx
import pytest
import torch
import torch.fx as fx
import torch.nn as nn
import torch.nn.functional as F
from torch._inductor.compile_fx import compile_fx
from torch._inductor.custom_graph_pass import CustomGraphPass
from torch._inductor.exc import InductorError

from autotriton_backend.verifier.inputs import make_inputs, random_sizes
from autotriton_backend.partition import ATTENTION_OPS, MATMUL_OPS, Region, find_regions, hint, regions_are_spliceable
from autotriton_backend.region_task import region_to_task, requires_positive
from autotriton_backend.task import KernelTask, load_reference

# ---------------------------------------------------------------- models


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.first = nn.Linear(32, 64)
        self.hidden = nn.ModuleList(nn.Linear(64, 64) for _ in range(2))
        self.last = nn.Linear(64, 8)

    def forward(self, x):
        x = F.gelu(self.first(x))
        for layer in self.hidden:
            x = F.relu(layer(x))
        return self.last(x)


class Block(nn.Module):
    def __init__(self, d: int = 32, heads: int = 4) -> None:
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.fc1, self.fc2 = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q, k, v = (t.view(b, s, self.heads, d // self.heads).transpose(1, 2) for t in (q, k, v))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(a.transpose(1, 2).reshape(b, s, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class Transformer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.blocks = nn.ModuleList(Block() for _ in range(2))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class ManualAttention(nn.Module):
    """bmm + softmax + bmm; the learned temperature keeps inductor from rewriting it to SDPA."""

    def __init__(self, d: int = 32, heads: int = 4) -> None:
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.temperature = nn.Parameter(torch.full((heads, 1, 1), 1 / math.sqrt(d // heads)))

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(x).view(b, s, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        att = (q @ k.transpose(-2, -1)) * self.temperature
        return (att.softmax(-1) @ v).transpose(1, 2).reshape(b, s, d)


class ConvBlock(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.c1, self.b1 = nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8)
        self.c2, self.b2 = nn.Conv2d(8, 8, 3, padding=1), nn.BatchNorm2d(8)

    def forward(self, x):
        return F.relu(self.b2(self.c2(F.relu(self.b1(self.c1(x))))))


class SwiGLU(nn.Module):
    """RMSNorm then a SwiGLU MLP with a residual."""

    def __init__(self, d: int = 32, h: int = 64) -> None:
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), 1e-6
        self.gate, self.up = nn.Linear(d, h, bias=False), nn.Linear(d, h, bias=False)
        self.down = nn.Linear(h, d, bias=False)

    def forward(self, x):
        y = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight
        return x + self.down(F.silu(self.gate(y)) * self.up(y))


class Forbidden(nn.Module):
    """Random, indexing, scatter and in-place buffer updates around ordinary pointwise work."""

    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("steps", torch.zeros(()))
        self.register_buffer("table", torch.randn(16, 8))

    def forward(self, x, idx):
        y = F.dropout(x.exp() * 2 + 1, 0.5, training=True)
        self.steps.add_(1)
        z = y.scatter_add(1, idx, x.sin() * 3)
        z[:, 0] = 0.0
        return self.table[idx].sum(1) + z.cos() * 4 + self.steps


FORBIDDEN_TARGETS = {
    torch.ops.prims.inductor_random.default, torch.ops.aten.index.Tensor, torch.ops.aten.scatter_add.default,
    torch.ops.aten.select_scatter.default, torch.ops.aten.copy_.default,
}

# ---------------------------------------------------------------- capture through the real hook


class _Captured(Exception):
    pass


class Recorder(CustomGraphPass):
    """Copies each post-grad graph it is shown; stops inductor after the last one wanted."""

    def __init__(self, stop_after: int) -> None:
        self.graphs: list[fx.GraphModule] = []
        self.stop_after = stop_after

    def __call__(self, graph: fx.Graph) -> None:
        copy = fx.Graph()
        copy.output(copy.graph_copy(graph, {}))  # inductor keeps rewriting the original
        self.graphs.append(fx.GraphModule(graph.owning_module, copy))
        if len(self.graphs) == self.stop_after:
            raise _Captured

    def uuid(self) -> None:
        return None  # never served from inductor's FX graph cache: the pass must run


def capture(model: nn.Module, inputs: tuple, graphs: int = 1) -> list[fx.GraphModule]:
    recorder = Recorder(graphs)

    def backend(gm: fx.GraphModule, example_inputs: list) -> object:
        try:
            return compile_fx(gm, example_inputs, config_patches={"post_grad_custom_pre_pass": recorder})
        except InductorError as exc:
            if not isinstance(exc.inner_exception, _Captured):
                raise
            return gm.forward

    torch._dynamo.reset()
    torch.compile(model, backend=backend, dynamic=True)(*inputs)
    assert len(recorder.graphs) == graphs
    return recorder.graphs


@pytest.fixture(scope="module")
def graphs() -> dict[str, fx.GraphModule]:
    # Stopping after the backward graph makes AOT autograd log a suppressed traceback.
    logging.getLogger("torch._functorch._aot_autograd.graph_compile").setLevel(logging.ERROR)
    torch.manual_seed(0)
    with torch.no_grad():
        found = {
            "mlp": capture(MLP(), (torch.randn(4, 32),))[0],
            "transformer": capture(Transformer(), (torch.randn(2, 8, 32),))[0],
            "manual_attention": capture(ManualAttention(), (torch.randn(2, 8, 32),))[0],
            "conv": capture(ConvBlock().eval(), (torch.randn(2, 3, 8, 8),))[0],
            "swiglu": capture(SwiGLU(), (torch.randn(2, 8, 32),))[0],
            "forbidden": capture(Forbidden(), (torch.randn(4, 8), torch.randint(0, 8, (4, 8))))[0],
        }
    forward, backward = capture(Block(), (torch.randn(2, 8, 32, requires_grad=True),), graphs=2)
    return {**found, "train_forward": forward, "train_backward": backward}


@pytest.fixture(scope="module")
def partitions(graphs) -> dict[str, list[tuple[Region, KernelTask]]]:
    return {
        name: [(r, region_to_task(r, f"{name}_{i}")) for i, r in enumerate(find_regions(gm.graph))]
        for name, gm in graphs.items()
    }


GRAPHS = ["mlp", "transformer", "manual_attention", "conv", "swiglu", "forbidden", "train_forward", "train_backward"]


def _targets(region: Region) -> set:
    return {n.target for n in region.nodes}


def graph_values(gm: fx.GraphModule) -> dict[fx.Node, object]:
    """Every node's value for random inputs at the example sizes (copies: later nodes may mutate)."""
    everything = set(gm.graph.nodes)
    args = []
    for node in gm.graph.find_nodes(op="placeholder"):
        value = node.meta["val"]
        if not isinstance(value, torch.Tensor):
            args.append(hint(value))
            continue
        tensor = torch.empty_strided([hint(s) for s in value.shape], [hint(s) for s in value.stride()], dtype=value.dtype)
        if requires_positive(node, everything):
            tensor.uniform_(0.5, 2.0)
        elif value.dtype.is_floating_point:
            tensor.normal_()
        else:
            tensor.random_(0, 8)
        args.append(tensor)
    values: dict[fx.Node, object] = {}

    class Recording(fx.Interpreter):
        def run_node(self, node):
            result = super().run_node(node)
            values[node] = result.clone() if isinstance(result, torch.Tensor) else result
            return result

    with torch.no_grad():
        Recording(gm).run(*args)
    return values


def _as_tuple(value: object) -> tuple:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


# ---------------------------------------------------------------- the hook


def test_hook_sees_functional_aten_graphs_with_symbolic_shapes(graphs):
    for name, gm in graphs.items():
        calls = [n for n in gm.graph.nodes if n.op == "call_function"]
        assert calls, name
        for node in calls:
            assert isinstance(node.target, torch._ops.OpOverload) or node.target.__module__ in ("_operator", "operator"), node
        assert all("val" in n.meta for n in calls), name
    mm = next(n for n in graphs["mlp"].graph.nodes if n.target == torch.ops.aten.addmm.default)
    assert isinstance(mm.meta["val"].shape[0], torch.SymInt)  # the batch size is symbolic
    backward_placeholders = [n.name for n in graphs["train_backward"].graph.find_nodes(op="placeholder")]
    assert any(p.startswith("tangents") for p in backward_placeholders)


# ---------------------------------------------------------------- partition


@pytest.mark.parametrize("name", GRAPHS)
def test_regions_are_convex_disjoint_and_well_formed(graphs, partitions, name):
    graph = graphs[name].graph
    regions = [r for r, _ in partitions[name]]
    assert regions, name
    assert regions_are_spliceable(graph, regions)
    dag = nx.DiGraph((s, n) for n in graph.nodes for s in n.all_input_nodes)
    order = {n: i for i, n in enumerate(graph.nodes)}
    seen: set[fx.Node] = set()
    for region in regions:
        members = set(region.nodes)
        assert not members & seen, "regions overlap"
        seen |= members
        assert [order[n] for n in region.nodes] == sorted(order[n] for n in region.nodes)
        # Convex: nothing reachable from the region outside it leads back into it.
        outside = {u for n in region.nodes for u in n.users if u not in members}
        reachable = set().union(outside, *(nx.descendants(dag, u) for u in outside))
        assert not reachable & members, f"a path leaves and re-enters {[n.name for n in region.nodes]}"
        assert not set(region.inputs) & members
        assert set(region.inputs) == {s for n in region.nodes for s in n.all_input_nodes
                                      if s not in members and isinstance(s.meta.get("val"), torch.Tensor)}
        assert set(region.outputs) == {n for n in region.nodes if any(u not in members for u in n.users)}
        assert region.outputs, "a region nobody reads"


@pytest.mark.parametrize("name", GRAPHS)
def test_every_matmul_conv_and_attention_lands_in_a_region(graphs, partitions, name):
    covered = {n for r, _ in partitions[name] for n in r.nodes}
    anchors = [n for n in graphs[name].graph.nodes
               if isinstance(n.target, torch._ops.OpOverload) and n.target.overloadpacket in MATMUL_OPS]
    assert all(n in covered for n in anchors), [n.name for n in anchors if n not in covered]


def test_forbidden_ops_stay_outside(graphs, partitions):
    present = {n.target for n in graphs["forbidden"].graph.nodes}
    assert FORBIDDEN_TARGETS <= present  # the test model really produces them
    assert any(r.kind == "reduction" for r, _ in partitions["forbidden"])  # and regions around them
    for name in GRAPHS:
        for region, _ in partitions[name]:
            assert not _targets(region) & FORBIDDEN_TARGETS
            for op in _targets(region) - {operator.getitem}:
                assert not op._schema.is_mutable and not op._opname.endswith("_"), op
                random = torch.Tag.nondeterministic_seeded in op.tags
                assert not random or op.overloadpacket in ATTENTION_OPS, op


def test_region_shapes_on_known_models(partitions):
    mlp = [r for r, _ in partitions["mlp"]]
    assert [r.kind for r in mlp] == ["matmul"] * 4
    assert {torch.ops.aten.addmm.default, torch.ops.aten.erf.default} <= _targets(mlp[0])  # GELU epilogue
    attention = [r for r, _ in partitions["transformer"]
                 if torch.ops.aten._scaled_dot_product_flash_attention_for_cpu.default in _targets(r)]
    assert len(attention) == 2
    assert all(torch.ops.aten.split.Tensor in _targets(r) for r in attention)  # reads the dense qkv output
    conv = [r for r, _ in partitions["conv"]]
    assert len(conv) == 2 and all({torch.ops.aten.convolution.default, torch.ops.aten.sqrt.default,
                                   torch.ops.aten.relu.default} <= _targets(r) for r in conv)  # conv+BN+ReLU
    norm = next(r for r, _ in partitions["swiglu"] if torch.ops.aten.mean.dim in _targets(r))
    assert torch.ops.aten.rsqrt.default in _targets(norm)
    softmax = next(r for r, _ in partitions["manual_attention"] if torch.ops.aten.amax.default in _targets(r))
    assert {torch.ops.aten.exp.default, torch.ops.aten.sum.dim_IntList} <= _targets(softmax)


# ---------------------------------------------------------------- region tasks


@pytest.mark.parametrize("name", GRAPHS)
def test_reference_reproduces_the_graph_values(graphs, partitions, name):
    """Run each region's rendered Model on the values the whole graph fed it; compare outputs."""
    values = graph_values(graphs[name])
    for region, task in partitions[name]:
        model = load_reference(task.source)["Model"](*[])
        with torch.no_grad():
            results = _as_tuple(model(*[values[n] for n in region.inputs]))
        assert len(results) == len(region.outputs)
        for node, result in zip(region.outputs, results):
            torch.testing.assert_close(result, values[node], rtol=1e-5, atol=1e-5, msg=lambda m: f"{node.name}: {m}")


@pytest.mark.parametrize("name", GRAPHS)
def test_tasks_are_standalone_kernelbench_programs(partitions, name):
    for _, task in partitions[name]:
        parsed = KernelTask.from_source(task.source, name=task.name)
        assert [s.shape for s in parsed.inputs] == [
            tuple(task.symbols[d].example if isinstance(d, str) else d for d in s.shape) for s in task.inputs]
        assert [s.dtype for s in parsed.inputs] == [s.dtype for s in task.inputs]
        namespace = load_reference(task.source)
        model = namespace["Model"](*namespace["get_init_inputs"]())
        for seed in (1, 2, 3):  # other sizes for the symbolic dims, as the verifier will use
            inputs = make_inputs(task, seed, random_sizes(task, seed), "cpu")
            with torch.no_grad():
                outputs = _as_tuple(model(*inputs))
            assert all(torch.isfinite(o).all() for o in outputs if o.is_floating_point()), task.source


def test_symbolic_dims_are_named_and_recomputed(partitions):
    region, task = next((r, t) for r, t in partitions["transformer"] if r.kind == "matmul"
                               and torch.ops.aten.split.Tensor in _targets(r))
    assert task.inputs[0].shape == ("s0", "s1", 96)
    assert task.symbols["s0"].example == 2 and task.symbols["s1"].example == 8
    assert task.symbols["s1"].low >= 1 and task.symbols["s1"].high >= 64
    assert "s0 = x0.shape[0]" in task.source and "[s0, s1, 4, 8]" in task.source
    conv = partitions["conv"][0][1]
    variance = next(s for s in conv.inputs if s.low is not None)  # BatchNorm running_var feeds sqrt
    assert variance.low > 0


def test_repeated_layers_share_keys_and_different_ones_do_not(partitions):
    mlp = [t.key for _, t in partitions["mlp"]]
    assert mlp[1] == mlp[2]  # the two identical hidden Linear+ReLU layers
    assert len({mlp[0], mlp[1], mlp[3]}) == 3  # GELU vs ReLU epilogue, different shapes
    transformer = Counter(t.key for _, t in partitions["transformer"])
    assert all(count % 2 == 0 for count in transformer.values())  # block 2 repeats block 1 exactly
    conv = [t.key for _, t in partitions["conv"]]
    assert conv[0] != conv[1]  # 3 -> 8 channels vs 8 -> 8
    for _, task in partitions["transformer"]:
        assert "arg" not in task.signature and "primals" not in task.signature
