"""The shapes of the tensors a task's forward has named, before each of its statements, traced on the meta device.

`translate` reads them to write a size the task hard-codes (`op_reshape(v2, [2, 16, 64])`) as one read from a
tensor (`[x2.shape[0], -1, v2.shape[1]]`): a model copying the answer then has no number to copy from another task.
A task with symbolic sizes is traced at its example sizes and at two more draws of them (the verifier's own
`random_sizes`), and a size is read from a tensor only where it matches in every trace.
"""
from __future__ import annotations

import ast
from typing import Any

import torch

from autotriton_backend.task import KernelTask, load_reference
from autotriton_backend.verifier.inputs import example_sizes, make_inputs, random_sizes

Scope = dict[str, tuple[int, ...]]  # tensor name -> shape, forward's arguments first
RECORD = "__direct_record__"
TRACED = "__direct_traced__"


def _traced(forward: ast.FunctionDef) -> Any:
    body: list[ast.stmt] = []
    for statement in forward.body:
        body.append(ast.Expr(ast.Call(ast.Name(RECORD, ast.Load()), [ast.Call(ast.Name("locals", ast.Load()), [], [])],
                                      [])))
        body.append(statement)
    function = ast.FunctionDef(TRACED, forward.args, body, [], None, type_params=[])
    return compile(ast.fix_missing_locations(ast.Module([function], [])), "<direct-trace>", "exec")


def statement_scopes(task: KernelTask, forward: ast.FunctionDef) -> list[list[Scope]]:
    """Per trace, per top-level statement of `forward`: the shapes in scope before it runs. [] if the forward
    cannot run on the meta device (then no size is rewritten)."""
    example = example_sizes(task)
    draws = [example] + ([random_sizes(task, seed, avoid=example) for seed in (1, 2)] if task.symbols else [])
    try:
        namespace = load_reference(task.source)
        code = _traced(forward)
        traces = []
        for sizes in draws:
            scopes: list[Scope] = []
            namespace[RECORD] = lambda names: scopes.append(
                {k: tuple(v.shape) for k, v in names.items() if isinstance(v, torch.Tensor)})
            exec(code, namespace)  # the task's own forward, as load_reference runs its module
            model = namespace["Model"](*namespace["get_init_inputs"]())
            with torch.no_grad():
                namespace[TRACED](model, *make_inputs(task, 0, sizes, "meta"))
            traces.append(scopes)
        return traces
    except Exception:  # noqa: BLE001  an op without a meta kernel, a data-dependent size: sizes stay as written
        return []


def output_dtypes(task: KernelTask) -> list[torch.dtype] | None:
    """The dtypes of what the task's forward returns (a lone tensor as a list of one), traced on the meta device at
    its example sizes; None where it cannot run there or returns anything but tensors."""
    try:
        namespace = load_reference(task.source)
        model = namespace["Model"](*namespace["get_init_inputs"]())
        with torch.no_grad():
            outputs = model(*make_inputs(task, 0, example_sizes(task), "meta"))
    except Exception:  # noqa: BLE001  as statement_scopes: an op without a meta kernel
        return None
    outputs = list(outputs) if isinstance(outputs, (tuple, list)) else [outputs]
    return [o.dtype for o in outputs] if all(isinstance(o, torch.Tensor) for o in outputs) else None
