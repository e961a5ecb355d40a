"""The direct teacher (training/data/direct): every library op against PyTorch, the translation of a task's forward,
and its answers judged by the real verifier (CPU, Triton interpreter)."""
from __future__ import annotations

import ast
import dataclasses
import json
import textwrap

import pytest
import torch
import torch.nn.functional as F

from autotriton_backend.task import DEFAULT_TOLERANCE, KernelTask, SymbolRange
from autotriton_backend.verifier import VerifyOptions, verify
from autotriton_backend.candidate import Candidate
from autotriton_backend.verifier import gpu_frontend  # noqa: F401  the interpreter typed as compiled, as in a sandbox
from autotriton_backend.verifier.allowlist import gate
from autotriton_backend.verifier.comparison import Tolerance, within
from training.data.direct import library as lib
from training.data.dataset import ShardWriter, read_records
from training.data.direct.generate import PREFIX, earlier_answers, library_sha256
from training.data.direct.translate import (Unsupported, direct_answer, model_new_view, supported_ops,
                                            whole_library_view)


def _x(*shape, dtype=torch.float32):
    return torch.randn(*shape, dtype=dtype)


torch.manual_seed(0)
A, B, P = _x(3, 5), _x(5), _x(4, 6).abs() + 0.1
M3, IMG, W, W4, C6 = _x(2, 3, 4), _x(2, 4, 6, 6), _x(6, 2, 3, 3), _x(6, 4, 3, 3), _x(6)
# op -> (library call, PyTorch's own), both on the same inputs
CASES = {
    "abs": (lambda: lib.op_abs(A), lambda: A.abs()),
    "neg": (lambda: lib.op_neg(A), lambda: -A),
    "exp": (lambda: lib.op_exp(A), lambda: A.exp()),
    "log": (lambda: lib.op_log(P), lambda: P.log()),
    "log1p": (lambda: lib.op_log1p(P), lambda: P.log1p()),
    "expm1": (lambda: lib.op_expm1(A), lambda: A.expm1()),
    "sqrt": (lambda: lib.op_sqrt(P), lambda: P.sqrt()),
    "rsqrt": (lambda: lib.op_rsqrt(P), lambda: P.rsqrt()),
    "reciprocal": (lambda: lib.op_reciprocal(P), lambda: P.reciprocal()),
    "sin": (lambda: lib.op_sin(A), lambda: A.sin()),
    "cos": (lambda: lib.op_cos(A), lambda: A.cos()),
    "erf": (lambda: lib.op_erf(A), lambda: torch.erf(A)),
    "sign": (lambda: lib.op_sign(A), lambda: A.sign()),
    "relu": (lambda: lib.op_relu(A), lambda: A.relu()),
    "sigmoid": (lambda: lib.op_sigmoid(A), lambda: A.sigmoid()),
    "tanh": (lambda: lib.op_tanh(A), lambda: A.tanh()),
    "silu": (lambda: lib.op_silu(A), lambda: F.silu(A)),
    "gelu": (lambda: (lib.op_gelu(A), lib.op_gelu(A, approximate="tanh")),
             lambda: (F.gelu(A), F.gelu(A, approximate="tanh"))),
    "mish": (lambda: lib.op_mish(A), lambda: F.mish(A)),
    "elu": (lambda: lib.op_elu(A, 0.5), lambda: F.elu(A, 0.5)),
    "leaky_relu": (lambda: lib.op_leaky_relu(A, 0.1), lambda: F.leaky_relu(A, 0.1)),
    "softplus": (lambda: lib.op_softplus(A, 2.0, 1.0), lambda: F.softplus(A, 2.0, 1.0)),
    "clamp": (lambda: lib.op_clamp(A, -0.5, 0.5), lambda: A.clamp(-0.5, 0.5)),
    "clamp_min": (lambda: lib.op_clamp_min(A, 0), lambda: A.clamp_min(0)),
    "clamp_max": (lambda: lib.op_clamp_max(A, 0.2), lambda: A.clamp_max(0.2)),
    "clone": (lambda: lib.op_clone(A.t(), memory_format=torch.contiguous_format), lambda: A.t().contiguous()),
    "convert_element_type": (lambda: lib.op_convert_element_type(A, torch.float16), lambda: A.half()),
    "pow": (lambda: (lib.op_pow(A, 2), lib.op_pow(A, 3), lib.op_pow(P, 0.5), lib.op_pow(P[:3, :5], A)),
            lambda: (A ** 2, A ** 3, P ** 0.5, P[:3, :5] ** A)),
    "add": (lambda: (lib.op_add(A, B), lib.op_add(A, 1e-5), lib.op_add(A, B, alpha=2)),
            lambda: (A + B, A + 1e-5, torch.add(A, B, alpha=2))),
    "sub": (lambda: lib.op_sub(B, A), lambda: B - A),
    "mul": (lambda: (lib.op_mul(A, B), lib.op_mul(A, -0.5)), lambda: (A * B, A * -0.5)),
    "div": (lambda: lib.op_div(A, P[0, :5]), lambda: A / P[0, :5]),
    "maximum": (lambda: lib.op_maximum(A, B), lambda: torch.maximum(A, B)),
    "minimum": (lambda: lib.op_minimum(A, B), lambda: torch.minimum(A, B)),
    "gt": (lambda: lib.op_gt(A, 0), lambda: A > 0),
    "ge": (lambda: lib.op_ge(A, B), lambda: A >= B),
    "lt": (lambda: lib.op_lt(A, 0.5), lambda: A < 0.5),
    "le": (lambda: lib.op_le(A, B), lambda: A <= B),
    "eq": (lambda: lib.op_eq(A, A), lambda: A == A),
    "ne": (lambda: lib.op_ne(A, float("inf")), lambda: A != float("inf")),
    "logical_and": (lambda: lib.op_logical_and(A > 0, B > 0), lambda: (A > 0) & (B > 0)),
    "logical_or": (lambda: lib.op_logical_or(A > 0, B > 0), lambda: (A > 0) | (B > 0)),
    "logical_not": (lambda: lib.op_logical_not(A > 0), lambda: ~(A > 0)),
    "bitwise_and": (lambda: lib.op_bitwise_and(A > 0, B > 0), lambda: (A > 0) & (B > 0)),
    "bitwise_or": (lambda: lib.op_bitwise_or(A > 0, B > 0), lambda: (A > 0) | (B > 0)),
    "where": (lambda: (lib.op_where(A > 0, A, B), lib.op_where(A > 0, A, 0.0)),
              lambda: (torch.where(A > 0, A, B), torch.where(A > 0, A, 0.0))),
    "addcmul": (lambda: lib.op_addcmul(A, B, A, value=0.5), lambda: torch.addcmul(A, B, A, value=0.5)),
    "full": (lambda: lib.op_full([2, 3], 1.5, dtype=torch.float32), lambda: torch.full([2, 3], 1.5)),
    "scalar_tensor": (lambda: lib.op_scalar_tensor(0, dtype=torch.float32), lambda: torch.scalar_tensor(0)),
    "iota": (lambda: lib.op_iota(7, start=2, step=3, dtype=torch.int64), lambda: torch.arange(2, 23, 3)),
    "reshape": (lambda: lib.op_reshape(A, [5, 3]), lambda: A.reshape(5, 3)),
    "view": (lambda: lib.op_view(A, [15]), lambda: A.view(15)),
    "permute": (lambda: lib.op_permute(M3, [2, 0, 1]), lambda: M3.permute(2, 0, 1)),
    "unsqueeze": (lambda: lib.op_unsqueeze(A, -2), lambda: A.unsqueeze(-2)),
    "squeeze": (lambda: lib.op_squeeze(A.unsqueeze(0), [0]), lambda: A),
    "expand": (lambda: lib.op_expand(B, [3, 5]), lambda: B.expand(3, 5)),
    "select": (lambda: lib.op_select(M3, 1, 2), lambda: M3[:, 2]),
    "as_strided": (lambda: lib.op_as_strided(A, [2, 2], [5, 1]), lambda: A.as_strided([2, 2], [5, 1])),
    "transpose": (lambda: lib.op_transpose(M3, 0, 2), lambda: M3.transpose(0, 2)),
    "sum": (lambda: (lib.op_sum(M3, [-1], True), lib.op_sum(M3), lib.op_sum(M3, [0, 2])),
            lambda: (M3.sum(-1, keepdim=True), M3.sum(), M3.sum([0, 2]))),
    "mean": (lambda: lib.op_mean(M3, 1), lambda: M3.mean(1)),
    "amax": (lambda: lib.op_amax(M3, [-1], True), lambda: M3.amax(-1, keepdim=True)),
    "amin": (lambda: lib.op_amin(M3, dim=0), lambda: M3.amin(0)),
    "any": (lambda: lib.op_any(M3 > 1, [-1], True), lambda: (M3 > 1).any(-1, keepdim=True)),
    "var": (lambda: (lib.op_var(M3, dim=-1), lib.op_var(M3, [1], correction=0, keepdim=True)),
            lambda: (M3.var(-1), M3.var(1, correction=0, keepdim=True))),
    "var_mean": (lambda: lib.op_var_mean(M3, [1], correction=0, keepdim=True),
                 lambda: torch.var_mean(M3, [1], correction=0, keepdim=True)),
    "softmax": (lambda: (lib.op_softmax(M3, dim=-1), lib.op_softmax(M3, 1)),
                lambda: (M3.softmax(-1), M3.softmax(1))),
    "log_softmax": (lambda: lib.op_log_softmax(M3, dim=0), lambda: M3.log_softmax(0)),
    "logsumexp": (lambda: lib.op_logsumexp(M3, dim=-1), lambda: M3.logsumexp(-1)),
    "cumsum": (lambda: lib.op_cumsum(M3, dim=1), lambda: M3.cumsum(1)),
    "logcumsumexp": (lambda: lib.op_logcumsumexp(M3, dim=-1), lambda: M3.logcumsumexp(-1)),
    "mm": (lambda: lib.op_mm(A, P[:, :5].t()), lambda: A @ P[:, :5].t()),
    "addmm": (lambda: lib.op_addmm(B[:4], A.t(), P[:3, :4]), lambda: torch.addmm(B[:4], A.t(), P[:3, :4])),
    "bmm": (lambda: lib.op_bmm(M3, M3.transpose(1, 2)), lambda: torch.bmm(M3, M3.transpose(1, 2))),
    "matmul": (lambda: (lib.op_matmul(M3, A.t()[:4]), lib.op_matmul(A, B)), lambda: (M3 @ A.t()[:4], A @ B)),
    "linear": (lambda: lib.op_linear(A, P[:, :5], B[:4]), lambda: F.linear(A, P[:, :5], B[:4])),
    "conv2d": (lambda: (lib.op_conv2d(IMG, W, None, stride=2, padding=1, groups=2),
                        lib.op_conv2d(IMG, W4, C6, padding=[0, 1], dilation=2)),
               lambda: (F.conv2d(IMG, W, None, stride=2, padding=1, groups=2),
                        F.conv2d(IMG, W4, C6, padding=[0, 1], dilation=2))),
    "convolution": (lambda: lib.op_convolution(IMG, W, None, [1, 1], [1, 1], [1, 1], False, [0, 0], 2),
                    lambda: F.conv2d(IMG, W, None, 1, 1, 1, 2)),
    "max_pool2d": (lambda: (lib.op_max_pool2d(IMG, 2), lib.op_max_pool2d(IMG, 3, 2, 1)),
                   lambda: (F.max_pool2d(IMG, 2), F.max_pool2d(IMG, 3, 2, 1))),
    "avg_pool2d": (lambda: lib.op_avg_pool2d(IMG, [1, 2], [1, 2]), lambda: F.avg_pool2d(IMG, [1, 2], [1, 2])),
    "adaptive_avg_pool2d": (lambda: (lib.op_adaptive_avg_pool2d(IMG, 1), lib.op_adaptive_avg_pool2d(IMG, [4, 5])),
                            lambda: (F.adaptive_avg_pool2d(IMG, 1), F.adaptive_avg_pool2d(IMG, [4, 5]))),
    "layer_norm": (lambda: lib.op_layer_norm(M3, (4,), B[:4], A[0, :4]), lambda: F.layer_norm(M3, (4,), B[:4], A[0, :4])),
    "group_norm": (lambda: (lib.op_group_norm(IMG, 2), lib.op_group_norm(IMG, 2, B[:4], A[0, :4])),
                   lambda: (F.group_norm(IMG, 2), F.group_norm(IMG, 2, B[:4], A[0, :4]))),
    "batch_norm": (lambda: lib.op_batch_norm(IMG, B[:4], P[0, :4], A[0, :4], B[1:], training=False),
                   lambda: F.batch_norm(IMG, B[:4], P[0, :4], A[0, :4], B[1:], training=False)),
    "embedding": (lambda: lib.op_embedding(A, torch.tensor([[0, 2], [1, 1]])), lambda: A[torch.tensor([[0, 2], [1, 1]])]),
}


def test_every_library_op_has_a_case() -> None:
    assert set(CASES) == supported_ops()


@pytest.mark.parametrize("op", sorted(CASES))
def test_library_op_matches_pytorch(op: str) -> None:
    ours, theirs = CASES[op]
    got, want = ours(), theirs()
    got, want = (got, want) if isinstance(want, tuple) else ((got,), (want,))
    for g, w in zip(got, want, strict=True):
        assert g.shape == w.shape and g.dtype == w.dtype, (op, g.shape, w.shape, g.dtype, w.dtype)
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-4, equal_nan=True)


TASK = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1):
        s0 = x0.shape[0]
        v0 = torch.ops.aten.permute.default(x1, [1, 0])
        v1 = torch.ops.aten.addmm.default(x0[0], x0, v0)
        v2 = x0 * torch.rsqrt(torch.mean(v1 * v1, dim=-1, keepdim=True) + 1e-5)
        v3 = torch.where(v2 > 0, v2, -torch.abs(v1))
        v4 = torch.ops.aten.full.default([], 0.5, dtype=torch.float32, layout=torch.strided, device=x0.device,
                                         pin_memory=False)
        v5 = torch.ops.aten.reshape.default(torch.clamp(v3, min=-1.0) + v4, [s0 * 2, -1])
        return v5, torch.softmax(v5, dim=0)


def get_inputs():
    return [torch.randn((4, 4), dtype=torch.float32), torch.randn((4, 4), dtype=torch.float32)]


def get_init_inputs():
    return []
'''


def test_answer_is_the_forward_renamed_and_the_verifier_accepts_it() -> None:
    task = KernelTask.from_source(TASK, name="direct_forms")
    answer = direct_answer(task)
    assert all(check.passed for check in gate(answer)), gate(answer)
    body = answer[answer.index("class ModelNew"):]
    assert "s0 = x0.shape[0]" in body and "op_reshape(op_add(op_clamp(v3, low=-1.0), v4), [s0 * 2, -1])" in body
    assert "op_full([], 0.5, dtype=torch.float32, device=x0.device)" in body  # layout, pin_memory dropped
    assert "op_where(op_gt(v2, 0), v2, op_neg(op_abs(v1)))" in body
    assert "def op_bmm" in answer and "def op_conv2d" not in answer  # only what the forward needs
    verdict = verify(task, Candidate(answer), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.failed_check


def test_whole_library_view_keeps_the_forward_adds_every_definition_and_is_still_correct() -> None:
    task = KernelTask.from_source(TASK, name="direct_forms")
    answer = direct_answer(task)
    view = whole_library_view(answer)
    model = answer[:answer.index("\n\n\n", answer.index("class ModelNew"))]  # the header and ModelNew
    assert view.startswith(model) and view.count("\ndef op_") == len(supported_ops())
    assert whole_library_view(view) == view
    verdict = verify(task, Candidate(view), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.failed_check  # the uncalled definitions pass the gate and change nothing


HALF_TASK = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1, x2):
        v0 = torch.logsumexp(x0 * x2, dim=-1)
        v1 = torch.sin(v0)
        return v1 * 0.5 + 0.25, x1 + 1


def get_inputs():
    return [torch.randn((64, 32), dtype=torch.DTYPE), torch.randint(0, 9, (4,), dtype=torch.int64),
            torch.randn((64, 32), dtype=torch.DTYPE)]


def get_init_inputs():
    return []
'''


def test_a_half_precision_task_is_computed_in_float32_and_rounded_once_at_the_return() -> None:
    answer = direct_answer(KernelTask.from_source(HALF_TASK.replace("DTYPE", "float16"), name="half_chain"))
    forward = model_new_view(answer)[model_new_view(answer).index("def forward"):]
    assert forward.count("op_convert_element_type(") == 3  # the float16 inputs in, the float16 output out; not int64
    assert "x0 = op_convert_element_type(x0, torch.float32)" in forward
    assert "x2 = op_convert_element_type(x2, torch.float32)" in forward
    assert "return (op_convert_element_type(op_add(op_mul(v1, 0.5), 0.25), torch.float16), op_add(x1, 1))" in forward
    task = KernelTask.from_source(HALF_TASK.replace("DTYPE", "float16"), name="half_chain")
    verdict = verify(task, Candidate(answer), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.failed_check
    float32 = direct_answer(KernelTask.from_source(HALF_TASK.replace("DTYPE", "float32"), name="float_chain"))
    assert "op_convert_element_type" not in model_new_view(float32)


def test_op_by_op_bfloat16_fails_the_verifiers_reference_where_float32_compute_passes() -> None:
    """Why the teacher computes a half-precision task in float32 (run 99's held-out `synthetic_1667`): eager PyTorch
    itself, rounding to bfloat16 after every op, is not within the verifier's tolerance of the float64 reference."""
    x = torch.randn(128, 32, generator=torch.Generator().manual_seed(0)).to(torch.bfloat16)
    chain = lambda t: torch.sin(torch.logsumexp(t, dim=-1)) * 0.5 + 0.25  # noqa: E731
    reference, tolerance = chain(x.double()), Tolerance(DEFAULT_TOLERANCE["bfloat16"])
    assert not within(chain(x), reference, tolerance)[0]
    assert within(chain(x.float()).to(torch.bfloat16), reference, tolerance)[0]


@pytest.mark.parametrize("forward, why", [
    ("return torch.ops.aten.gather.default(x0, 1, x1)", "no library kernel for `gather`"),
    ("return x0.exp()", "method call `x0.exp`"),
    ("return x0 % x1", "operator `Mod`"),
])
def test_untranslatable_forms_are_unsupported(forward: str, why: str) -> None:
    source = TASK.replace(TASK[TASK.index("        s0 ="):TASK.index("\n\n\ndef get_inputs")], f"        {forward}")
    with pytest.raises(Unsupported, match=why):
        direct_answer(KernelTask.from_source(source, name="direct_unsupported"))


def test_only_pairs_this_library_and_translator_still_write_are_kept(tmp_path) -> None:
    """A pair of another library, or whose answer the translator now writes otherwise, is dropped from its shard
    and its task judged again; the rest are kept, so a translator change re-judges only what it changed."""
    task = KernelTask.from_source(TASK, name="direct_kept")
    now, answer = {"library_sha256": library_sha256()}, direct_answer(task)
    writer = ShardWriter(tmp_path / "pairs", PREFIX)
    for key, teacher, target in (("a", now, answer), ("b", {"library_sha256": "an older library"}, answer),
                                 ("c", now, answer.replace("def forward", "def  forward"))):
        writer.write({"task_key": key, "teacher": teacher, "task": task.to_json(), "target": target})
    writer.close()
    assert earlier_answers(tmp_path) == {"a"}
    assert [r["task_key"] for r in read_records(tmp_path / "pairs", PREFIX)] == ["a"]
    assert earlier_answers(tmp_path) == {"a"}  # and again: nothing more is dropped


SIZES_TASK = '''
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x0, x1, x2):
        v0 = torch.ops.aten.reshape.default(x0, [32, 64])
        v1 = torch.ops.aten.mm.default(v0, x1)
        v2 = torch.ops.aten.reshape.default(v1, [2, 16, 48])
        v3 = torch.ops.aten.expand.default(x2, [2, 16, 48])
        v4 = torch.nn.functional.layer_norm(v2 + v3, (48,))
        v5 = torch.ops.aten.view.default(v4, [2, 768])
        return v5


def get_inputs():
    return [torch.randn((2, 16, 64)), torch.randn((64, 48)), torch.randn((16, 1))]


def get_init_inputs():
    return []
'''


SIZE_ARGUMENTS = {"reshape": (1, "shape"), "view": (1, "shape"), "expand": (1, "size"), "full": (0, "size"),
                  "iota": (0, "length"), "as_strided": (1, "size"), "layer_norm": (1, "normalized_shape")}


def _size_literals(answer: str) -> list[tuple[str, int]]:
    """Each int of 2 or more written in a size argument of the answer's forward, as (op, value)."""
    found = []
    for node in ast.walk(ast.parse(answer[answer.index("class ModelNew"):answer.index("\n\n\n", answer.index("class ModelNew"))])):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id[3:] in SIZE_ARGUMENTS:
            position, keyword = SIZE_ARGUMENTS[node.func.id[3:]]
            value = node.args[position] if len(node.args) > position else next(
                k.value for k in node.keywords if k.arg == keyword)
            for item in value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]:
                if isinstance(item, ast.Constant) and type(item.value) is int and item.value >= 2:
                    found.append((node.func.id, item.value))
    return found


def test_sizes_the_inputs_hold_are_read_from_tensors_not_copied() -> None:
    """Issue: the SFT model copied a train task's reshape sizes ([2, 16, 64] for 8,192 elements) into a held-out
    answer. No size the example inputs hold (as a dim or a product of dims) is written out in an answer."""
    task = KernelTask.from_source(SIZES_TASK, name="direct_sizes")
    answer = direct_answer(task)
    assert _size_literals(answer) == [], _size_literals(answer)
    body = answer[answer.index("class ModelNew"):]
    assert "v0 = op_reshape(x0, [-1, x0.shape[2]])" in body  # 32 = 2 * 16: -1; 64 keeps x0's last dim
    assert "v3 = op_expand(x2, [x0.shape[0], -1, x1.shape[1]])" in body  # -1: x2's own dim kept
    assert "op_layer_norm(op_add(v2, v3), (x1.shape[1],))" in body
    assert "v5 = op_view(v4, [v4.shape[0], -1])" in body
    assert all(check.passed for check in gate(answer)), gate(answer)
    verdict = verify(task, Candidate(answer), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.failed_check


def test_literal_sizes_copy_the_task_s_own_sizes_and_stay_correct() -> None:
    """Run 128's form: every size argument as the task writes it, the rest of the answer as the dataset's."""
    task = KernelTask.from_source(SIZES_TASK, name="direct_sizes")
    answer = direct_answer(task, literal_sizes=True)
    for line in ("v0 = op_reshape(x0, [32, 64])", "v3 = op_expand(x2, [2, 16, 48])",
                 "op_layer_norm(op_add(v2, v3), (48,))", "v5 = op_view(v4, [2, 768])"):
        assert line in answer, line
    assert "[2, 768]" not in direct_answer(task)  # the dataset's form reads it from v4
    verdict = verify(task, Candidate(answer), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.failed_check


def test_a_size_is_never_read_from_a_symbolic_dim_that_only_matches_at_the_example_size() -> None:
    """x0 is (s0, 8) with s0's example 8: the 8 of `full` is x0's fixed dim 1, not dim 0 (the verifier's other
    sizes of s0 would break it)."""
    source = SIZES_TASK.replace(SIZES_TASK[SIZES_TASK.index("        v0 ="):SIZES_TASK.index("\n\n\ndef get_inputs")],
                                "        v0 = torch.ops.aten.full.default([8], 0.5, dtype=torch.float32, device=x0.device)\n"
                                "        return x0 + v0")
    source = source.replace("torch.randn((2, 16, 64)), torch.randn((64, 48)), torch.randn((16, 1))",
                            "torch.randn((8, 8))").replace("x0, x1, x2", "x0")
    task = KernelTask.from_source(source, name="direct_symbolic_size")
    task = dataclasses.replace(task, inputs=(dataclasses.replace(task.inputs[0], shape=("s0", 8)),),
                               symbols={"s0": SymbolRange(example=8, low=2, high=32)})
    answer = direct_answer(task)
    assert "v0 = op_full([x0.shape[1]], 0.5, dtype=torch.float32, device=x0.device)" in answer
    verdict = verify(task, Candidate(answer), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.failed_check


def test_a_run_limited_to_one_origin_checks_and_drops_only_that_origins_pairs(tmp_path) -> None:
    """`--origin chains` judges the new chain tasks without dropping (and so re-judging) other origins' stale pairs."""
    task = KernelTask.from_source(TASK, name="direct_origin")
    now, answer = {"library_sha256": library_sha256()}, direct_answer(task)
    writer = ShardWriter(tmp_path / "pairs", PREFIX)
    for key, origin, teacher in (("a", "chains", now), ("b", "chains", {"library_sha256": "older"}),
                                 ("c", "synthetic", {"library_sha256": "older"})):
        writer.write({"task_key": key, "origin": origin, "teacher": teacher, "task": task.to_json(), "target": answer})
    writer.close()
    assert earlier_answers(tmp_path, "chains") == {"a"}
    assert [r["task_key"] for r in read_records(tmp_path / "pairs", PREFIX)] == ["a", "c"]
    assert earlier_answers(tmp_path) == {"a"}  # without an origin, the stale pair of the other origin goes too
    assert [r["task_key"] for r in read_records(tmp_path / "pairs", PREFIX)] == ["a"]
