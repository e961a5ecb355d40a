"""Op families and compositions: what a task computes, coarsely, and the unit of the train/test split.

A task's composition is the sorted set of its op families ("matmul+pointwise_unary"). The test
split holds whole compositions, so a model evaluated on it meets combinations of ops it never saw
paired with a kernel in training. Single-family compositions always stay in train (the basics
must be learnable); of the rest, a fixed hash-chosen share goes to test.
"""
from __future__ import annotations

import hashlib
import re

FAMILIES = (
    "pointwise_unary", "pointwise_binary", "reduction", "norm", "softmax", "matmul", "conv",
    "pooling", "scan", "indexing",
)
TEST_SHARE_PERCENT = 20

_OPS = {
    "matmul": {"mm", "bmm", "addmm", "baddbmm", "matmul", "linear", "addbmm", "dot", "mv"},
    "conv": {"convolution", "convolution_backward", "conv1d", "conv2d", "conv3d", "_convolution"},
    "pooling": {"max_pool2d_with_indices", "max_pool2d_with_indices_backward", "avg_pool2d",
                "avg_pool2d_backward", "adaptive_avg_pool2d", "_adaptive_avg_pool2d",
                "_adaptive_avg_pool2d_backward", "max_pool1d", "avg_pool1d", "max_pool2d",
                "_low_memory_max_pool_with_offsets", "_low_memory_max_pool_offsets_to_indices"},
    "scan": {"cumsum", "cumprod", "logcumsumexp", "cummax", "cummin"},
    "softmax": {"_softmax", "_log_softmax", "softmax", "log_softmax", "logsumexp",
                "_softmax_backward_data", "_log_softmax_backward_data"},
    "norm": {"native_layer_norm", "native_layer_norm_backward", "native_group_norm",
             "native_group_norm_backward", "native_batch_norm", "_native_batch_norm_legit",
             "_native_batch_norm_legit_no_training", "_native_batch_norm_legit_functional",
             "native_batch_norm_backward", "var_mean", "layer_norm", "group_norm", "batch_norm",
             "rms_norm", "_fused_rms_norm"},
    "reduction": {"sum", "mean", "amax", "amin", "max", "min", "prod", "var", "std", "argmax",
                  "argmin", "any", "all", "norm", "linalg_vector_norm"},
    "indexing": {"embedding", "embedding_dense_backward", "index_select", "gather", "scatter",
                 "scatter_add", "index", "index_put", "_unsafe_index", "_unsafe_index_put",
                 "index_add", "nll_loss_forward", "nll_loss_backward", "slice_scatter", "select_scatter"},
    "pointwise_binary": {"add", "sub", "mul", "div", "maximum", "minimum", "where", "eq", "ne", "gt",
                         "ge", "lt", "le", "pow", "fmod", "remainder", "atan2", "hypot", "copysign",
                         "bitwise_and", "bitwise_or", "logical_and", "logical_or", "addcmul",
                         "addcdiv", "lerp", "threshold_backward", "gelu_backward", "sigmoid_backward",
                         "tanh_backward", "silu_backward", "hardtanh_backward", "leaky_relu_backward",
                         "elu_backward", "softplus_backward", "mse_loss", "mse_loss_backward"},
}
# Layout and dtype plumbing: not a computation of its own.
_NEUTRAL = {"view", "reshape", "_unsafe_view", "permute", "transpose", "t", "expand", "clone",
            "contiguous", "squeeze", "unsqueeze", "slice", "select", "split", "split_with_sizes",
            "convert_element_type", "_to_copy", "alias", "as_strided", "full", "zeros", "ones",
            "empty", "empty_strided", "scalar_tensor", "iota", "arange", "copy", "cat", "stack",
            "constant_pad_nd", "unbind", "flatten", "detach", "lift_fresh_copy", "new_zeros",
            "new_empty", "new_ones", "full_like", "zeros_like", "ones_like", "empty_like"}
_FAMILY_OF = {op: family for family, ops in _OPS.items() for op in ops}
_ATEN_CALL = re.compile(r"torch\.ops\.(?:aten|prims)\.(\w+)")


def family_of(op: str) -> str | None:
    """The family of an ATen/torch op name; None for layout plumbing. Unlisted ops are unary pointwise."""
    if op in _NEUTRAL:
        return None
    return _FAMILY_OF.get(op, "pointwise_unary")


def families_in_source(source: str) -> list[str]:
    """Families of the `torch.ops.aten.*` calls in a region task's reference source, sorted."""
    found = {family_of(op) for op in _ATEN_CALL.findall(source)}
    return sorted(f for f in found if f is not None)


def composition_of(families: list[str] | set[str]) -> str:
    return "+".join(sorted(set(families))) or "copy"


def _bucket(composition: str) -> int | None:
    """A multi-family composition's fixed hash bucket in 0..99; None for one family (always train)."""
    if "+" not in composition:
        return None
    return int(hashlib.sha256(composition.encode()).hexdigest(), 16) % 100


def split_of(composition: str) -> str:
    """"test" for a fixed, hash-chosen share of the multi-family compositions, else "train"."""
    bucket = _bucket(composition)
    return "test" if bucket is not None and bucket < TEST_SHARE_PERCENT else "train"


def rl_only(composition: str, percent: int) -> bool:
    """Whether a train composition is one of the `percent` buckets after the test split's, whose tasks SFT leaves
    to GRPO: on tasks SFT learned, all of a group's samples are right and their rewards do not differ (run 66)."""
    bucket = _bucket(composition)
    return bucket is not None and TEST_SHARE_PERCENT <= bucket < TEST_SHARE_PERCENT + percent
