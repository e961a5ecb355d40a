"""Fast checks of the verifier's parts: static rules, the audit hook, task keys, inputs, the CLI."""
from __future__ import annotations

import contextlib
import io
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
import torch
import triton.language as tl
from torch.utils._python_dispatch import TorchDispatchMode

from autotriton_backend import Candidate, InputSpec, KernelTask, SymbolRange, TaskError, VerifyOptions, verify
from autotriton_backend.verifier.inputs import example_sizes, make_inputs, random_sizes

CATALOGUE = Path(__file__).parent / "catalogue"
ATTACKS = Path(__file__).parent / "attacks"
SYMBOLIC = Path(__file__).parent / "fixtures" / "symbolic"


def test_task_key_ignores_comments_but_not_shapes():
    source = (CATALOGUE / "task_add_relu.py").read_text()
    commented = source.replace("class Model", "# a comment\nclass Model")
    assert KernelTask.from_source(source).key == KernelTask.from_source(commented).key
    assert KernelTask.from_source(source).key != KernelTask.from_source(source.replace("5, 37", "5, 38")).key


def test_task_round_trips_through_json():
    task = KernelTask.from_file(CATALOGUE / "task_scale_rows.py")
    again = KernelTask.from_json(json.loads(json.dumps(task.to_json())))
    assert again == task and again.key == task.key


def test_task_without_entry_points_is_refused():
    with pytest.raises(TaskError, match="get_inputs"):
        KernelTask.from_source("import torch\nclass Model(torch.nn.Module):\n    pass\n")


ZEROS_CANDIDATE = """
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def zeros_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.zeros([BLOCK], tl.float32), mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        zeros_kernel[(triton.cdiv(out.numel(), 64),)](out, out.numel(), BLOCK=64)
        return out
"""


@pytest.mark.parametrize("device", ["cpu", pytest.param("cuda", marks=pytest.mark.gpu)])
def test_a_reference_that_raises_on_its_inputs_is_the_task_s_error_not_the_verifier_s(device):
    """A task whose forward cannot run (here bool minus bool, as a swapped op wrote it in session 32) is a broken
    task: the pool reported it as the verifier's internal error, which a dataset counts apart from broken tasks.
    On CUDA the reference runs on the device, where a device fault must still propagate (judge._DEVICE_FAILURES)."""
    source = ("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        b = x > 0\n"
              "        return (b - b).float()\ndef get_inputs():\n    return [torch.randn(4, 8)]\n"
              "def get_init_inputs():\n    return []\n")
    with pytest.raises(TaskError, match="the reference raised on its generated inputs: RuntimeError: Subtraction"):
        verify(KernelTask.from_source(source), Candidate(ZEROS_CANDIDATE), VerifyOptions(device=device, time_kernels=False))


SYMBOLIC_REFERENCE = """
import torch
class Model(torch.nn.Module):
    def forward(self, x):
        return x * 2.0
def get_inputs():
    return [torch.randn(8, 16)]
def get_init_inputs():
    return []
"""


def symbolic_task() -> KernelTask:
    return KernelTask(
        name="double",
        source=SYMBOLIC_REFERENCE,
        inputs=(InputSpec(shape=("rows", 16), dtype="float32"),),
        signature="mul(x, 2.0)",
        symbols={"rows": SymbolRange(example=3, low=3, high=40)},
    )


def test_symbolic_sizes_stay_in_range_and_layouts_hold():
    task = symbolic_task()
    sizes = [random_sizes(task, seed)["rows"] for seed in range(20)]
    assert all(3 <= s <= 40 for s in sizes) and len(set(sizes)) > 1
    new = [random_sizes(task, seed, avoid={"rows": 3})["rows"] for seed in range(400)]  # set B: never the example's
    assert all(4 <= s <= 40 for s in new) and set(new) == set(range(4, 41))
    spec = InputSpec(shape=(4, 6), dtype="float32", dim_order=(1, 0))
    layout_task = KernelTask("t", SYMBOLIC_REFERENCE, (spec,), "t")
    (x,) = make_inputs(layout_task, 0, {}, "cpu")
    assert x.shape == (4, 6) and x.stride() == (1, 4)
    ints = KernelTask("t", SYMBOLIC_REFERENCE, (InputSpec(shape=(100,), dtype="int64", low=3, high=7),), "t")
    (i,) = make_inputs(ints, 0, {}, "cpu")
    assert i.dtype == torch.int64 and int(i.min()) >= 3 and int(i.max()) < 7


DOUBLE_KERNEL = """
import torch
import triton
import triton.language as tl

@triton.jit
def double_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)

class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        n = N_ELEMENTS
        double_kernel[(triton.cdiv(n, 64),)](x, out, n, BLOCK=64)
        return out
"""


def test_symbolic_dims_catch_hard_coded_sizes():
    honest = verify(symbolic_task(), Candidate(DOUBLE_KERNEL.replace("N_ELEMENTS", "x.numel()")), VerifyOptions(device="cpu"))
    assert honest.correct, honest.feedback
    hard_coded = verify(symbolic_task(), Candidate(DOUBLE_KERNEL.replace("N_ELEMENTS", "3 * 16")), VerifyOptions(device="cpu"))
    assert hard_coded.failed_check.name == "nan"  # correct on the example size, unwritten beyond it
    assert "input set B" in hard_coded.failed_check.reason


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autotriton_backend.cli", *args], capture_output=True, text=True, timeout=300)


def test_cli_prints_one_verdict_json():
    out = run_cli("verify", str(CATALOGUE / "task_add_relu.py"), str(CATALOGUE / "honest_single_kernel.py"), "--json",
                  "--device", "cpu")
    assert out.returncode == 0, out.stderr
    verdict = json.loads(out.stdout)
    assert verdict["correct"] is True and verdict["hacked"] is False and verdict["failure"] == ""
    assert verdict["speedup_vs_eager"] is None and verdict["speedup_vs_inductor"] is None
    assert {"net", "mount", "pid", "uid", "rlimits"} <= set(verdict["layers"])
    assert verdict["reference_basis"] == "float64"


def test_cli_verify_imports_neither_the_agent_nor_diskcache():
    code = ("import sys; from autotriton_backend.cli import main; "
            f"main(['verify', {str(CATALOGUE / 'task_add_relu.py')!r}, {str(CATALOGUE / 'no_code.py')!r}]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('agent', 'diskcache', 'cache')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("[]")


@pytest.mark.parametrize(
    "args, message",
    [
        (["verify", "/nonexistent/task.py", str(CATALOGUE / "honest_single_kernel.py")], "task file not found"),
        (["verify", str(CATALOGUE / "task_add_relu.py"), "/nonexistent/cand.py"], "candidate file not found"),
        (["verify", str(CATALOGUE / "no_code.py"), str(CATALOGUE / "honest_single_kernel.py")], "must define Model"),
        (["verify", "a.py", "b.py", "--device", "tpu"], "invalid choice"),
    ],
)
def test_cli_usage_errors_exit_non_zero_with_a_message(args, message):
    out = run_cli(*args)
    assert out.returncode == 2
    assert message in out.stderr


def test_tensors_cross_as_files_with_their_layout(tmp_path, monkeypatch):
    """Strided, 0-d, empty and narrow dtypes come back with the same values, shape and stride, and so does a
    tensor of many pieces (moved by several threads)."""
    from autotriton_backend.verifier import transport
    from autotriton_backend.verifier.transport import read_tensor, write_tensor

    monkeypatch.setattr(transport, "CHUNK_BYTES", 24)
    cases = [torch.randn(5, 6).t(), torch.tensor(3.5), torch.empty(0, 3), torch.arange(10)[::2],
             torch.randn(4, 4).to(torch.bfloat16), torch.randn(7, 33)[:, 1::3], torch.rand(50) > 0.5]
    for index, tensor in enumerate(cases):
        ref = write_tensor(tensor, tmp_path, f"t{index}")
        back = read_tensor(tmp_path, ref)
        assert torch.equal(back, tensor) and back.stride() == tensor.stride() and back.dtype == tensor.dtype


def test_a_file_that_disagrees_with_its_reference_is_refused(tmp_path):
    from autotriton_backend.verifier.transport import ProtocolError, TensorRef, read_tensor, write_tensor

    ref = write_tensor(torch.randn(8), tmp_path, "x")
    (tmp_path / "link").symlink_to(tmp_path / "x")
    for bad in (TensorRef("x", "float32", (9,), (1,)), TensorRef("link", "float32", (8,), (1,))):
        with pytest.raises(ProtocolError):
            read_tensor(tmp_path, bad)
    assert read_tensor(tmp_path, ref).shape == (8,)


def test_numbers_the_sandbox_reports_are_finite_non_negative_floats():
    """Seconds and milliseconds come from the candidate's process: whatever it sends must not break our sums."""
    from autotriton_backend.verifier.judge import reported_number

    assert reported_number(3) == 3.0 and reported_number(0.25) == 0.25 and reported_number(0) == 0.0
    for bad in (10 ** 400, float("nan"), float("inf"), -1.0, True, "1.0", None, [1.0], {"s": 1}):
        assert reported_number(bad) is None, bad


def test_a_folder_link_or_fifo_never_reaches_the_reader(tmp_path):
    """The judge reads outputs from the sandbox's job folder, which the candidate can swap for a link or
    fill with FIFOs: a link must not be followed, and a FIFO must be refused at once, not waited on."""
    from autotriton_backend.verifier.transport import ProtocolError, TensorRef, read_tensor, write_tensor

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ref = write_tensor(torch.randn(4), elsewhere, "x")
    (tmp_path / "job").symlink_to(elsewhere)
    os.mkfifo(elsewhere / "fifo")
    with pytest.raises(ProtocolError, match="cannot be opened"):
        read_tensor(tmp_path / "job", ref)
    with pytest.raises(ProtocolError, match="cannot be opened"):  # the judge's consuming read unlinks nothing there
        read_tensor(tmp_path / "job", ref, consume=True)
    kept = read_tensor(elsewhere, ref)  # still there
    assert torch.equal(read_tensor(elsewhere, ref, consume=True), kept) and not (elsewhere / "x").exists()
    with pytest.raises(ProtocolError, match="does not hold"):
        read_tensor(elsewhere, TensorRef("fifo", "float32", (4,), (1,)))
    with pytest.raises(ProtocolError, match="malformed"):
        TensorRef.from_json({"file": "x", "dtype": "float32", "shape": [float("inf")], "stride": [1]}, 100)
    with pytest.raises(ProtocolError, match="holds"):  # one element spanned, more than int64 held (round 17)
        TensorRef.from_json({"file": "x", "dtype": "float32", "shape": [2 ** 40, 2 ** 40], "stride": [0, 0]}, 100)


def test_whatever_a_reply_claims_about_a_tensor_the_reader_raises_only_protocol_errors(tmp_path):
    """Round attack81: the judge turns a `ProtocolError` from `TensorRef.from_json` or `read_tensor` into the
    candidate's `outputs`; anything else leaves its session as the verifier's own failure, `internal`, which the
    rewards leave unjudged. A NUL or a lone surrogate in a name (ValueError from os.open) and a stride or size past
    int64 on a dimension no extent bounds (TypeError from as_strided) did (tests/attacks_sandbox/reply_nul_file_name.py,
    reply_stride_past_int64.py). Fuzzed here: every field of a valid reference swapped for hostile values, the file
    present with the right bytes for the valid layout."""
    import random

    from autotriton_backend.verifier.transport import ProtocolError, TensorRef, read_tensor, write_tensor

    valid = write_tensor(torch.randn(6, 1), tmp_path, "o").to_json()
    (tmp_path / "sub").mkdir()
    os.mkfifo(tmp_path / "fifo")
    names = ["o\x00", "o\ud800", "\udcff", "", ".", "..", "sub", "fifo", "o/..", "o" * 300, "\x00", "o\n", 7, None]
    numbers = [0, 1, -1, 2 ** 63 - 1, 2 ** 63, 2 ** 64, -(2 ** 63), 10 ** 100, 1.5, float("nan"), float("inf"), True,
               "5", "1" * 5000, None, [], {}, [1]]
    layouts = [[n] for n in numbers] + [[6, n] for n in numbers] + [[n, 1] for n in numbers] + [[], "61", {"6": 1}]
    fields = {"file": names, "dtype": ["float128", "torch.float32", "", None, 3, "bool"],
              "shape": layouts + [[0, 2 ** 64], [0, 2 ** 63 - 1]], "stride": layouts + [[1, 2 ** 63], [2 ** 63, 1]]}
    draw = random.Random(81)
    hostile = [{**valid, field: value} for field, values in fields.items() for value in values]
    hostile += [{field: draw.choice(values) for field, values in fields.items()} for _ in range(300)]
    hostile += [{k: v for k, v in valid.items() if k != field} for field in valid] + [None, [], "o", 3]
    read = 0
    for data in hostile:
        try:
            ref = TensorRef.from_json(data, 64)
            read_tensor(tmp_path, ref)
            read += 1
        except ProtocolError:
            pass
    assert read > 0  # some claims are readable layouts of the file (an unused stride, a bool view of its bytes)
    assert read_tensor(tmp_path, TensorRef.from_json({**valid, "stride": [1, 2 ** 63 - 1]}, 64)).shape == (6, 1)


def test_an_interpreted_kernel_reaches_only_its_arguments_storages_as_they_are() -> None:
    """The bounds check of interpreted launches: inside an argument's storage is allowed, past it is not, and
    nothing is once the storage was resized (its old memory freed) during the launch (round 17)."""
    import numpy as np
    from triton._C.libtriton import interpreter as native

    from autotriton_backend.verifier.gpu_frontend import OutOfBounds, bounded_memory

    x, unchecked = torch.arange(8, dtype=torch.float32), native.load
    start = np.array([x.data_ptr()], dtype=np.uint64)
    load = lambda at: native.load(at, np.array([True]), np.zeros(1, np.float32), np.float32)  # noqa: E731
    with bounded_memory({"x": x}):
        assert load(start + 28).item() == 7.0  # the last element
        with pytest.raises(OutOfBounds, match="outside every tensor argument"):
            load(start + 32)
        assert native.load(start + 32, np.array([False]), np.zeros(1, np.float32), np.float32).item() == 0.0
        x.resize_(1 << 16)
        with pytest.raises(OutOfBounds, match="changed during its launch"):
            load(np.array([x.data_ptr()], dtype=np.uint64))
    assert native.load is unchecked  # the launch is over: Triton's own function again


def test_a_line_json_cannot_parse_is_a_protocol_error():
    """An int of more than 4300 digits or deep nesting raise ValueError / RecursionError inside json: the
    zygote relaying a child's reply must see a protocol violation, not die of an unexpected exception."""
    from autotriton_backend.verifier.transport import Channel, ProtocolError

    for line in (b"{\"s\": " + b"9" * 5000 + b"}\n", b"[" * 200_000 + b"\n"):
        channel = Channel(io.BytesIO(line), io.BytesIO())
        with pytest.raises(ProtocolError):
            channel.receive()


class _Scale(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return (x * 2).sum(dim=1)


class _NoCopy(_Scale):
    def __deepcopy__(self, memo: dict) -> "_NoCopy":
        raise RuntimeError("cannot be copied")


def test_baselines_are_compiled_and_run_before_any_timing():
    """The judge compiles inductor's baseline outside the GPU lock; what it hands to the timed part must
    already work, and an inductor failure leaves eager alone with a note saying why."""
    from autotriton_backend.verifier.timing import baseline_functions

    inputs = {"A": [torch.randn(3, 5)], "B": [torch.randn(3, 5)]}
    functions, notes = baseline_functions(_Scale(), inputs)
    assert set(functions) == {"eager", "inductor"} and notes == []
    torch.testing.assert_close(functions["inductor"](*inputs["B"]), functions["eager"](*inputs["B"]))
    functions, notes = baseline_functions(_NoCopy(), inputs)
    assert set(functions) == {"eager"} and notes and "inductor failed: RuntimeError: cannot be copied" in notes[0]


class _DeviceFull(torch.nn.Module):
    """A reference whose device is full when it runs: what a slot holding the GPU's memory makes of any task."""

    def forward(self, x):
        raise torch.OutOfMemoryError("CUDA out of memory: another slot holds the device")


def test_a_device_failure_is_never_cached_as_inductor_failing_on_the_task():
    """Round attack80: `baseline_functions` read any exception of inductor's as "inductor failed on this task", and
    `Judge.baselines_for` cached eager alone for the judge's life: every later candidate of the task had no
    speedup over inductor (GRPO's speed reward 0). A neighbour holding the GPU's memory while the compiled reference
    first ran (or while inductor compiled: dynamo wraps that in BackendCompilerFailed) decided it. A device failure
    is now raised (the candidate that asked is `internal`, nothing cached)."""
    from autotriton_backend.verifier.timing import baseline_functions

    with pytest.raises(torch.OutOfMemoryError):  # before: ({"eager"}, ["inductor failed: OutOfMemoryError: ..."])
        baseline_functions(_DeviceFull(), {"A": [torch.randn(3, 5)]})
    from autotriton_backend.task import unless_device_failure

    def full_backend(graph, example_inputs):
        raise torch.OutOfMemoryError("CUDA out of memory while compiling")

    with pytest.raises(Exception) as wrapped:
        torch.compile(_Scale(), backend=full_backend)(torch.randn(3, 5))
    assert not isinstance(wrapped.value, torch.OutOfMemoryError)  # dynamo's wrapper, which holds it
    with pytest.raises(type(wrapped.value)):
        unless_device_failure(wrapped.value)
    unless_device_failure(RuntimeError("cannot be copied"))  # anything else is the caller's to read


def test_one_tasks_compiled_baseline_never_runs_while_another_compiles(monkeypatch):
    """Inductor's tracing sets torch.fx's process-wide tracing flag, and a compiled call on another thread
    then raises (torch 2.11 on the GPU, run 21: 25 tasks deferred). The judge's threads ask for different
    tasks' baselines at once; compiling one and timing another must never overlap, and each is built once."""
    import threading
    import time as clock

    from autotriton_backend.verifier import judge as judge_module
    from autotriton_backend.verifier.judge import Judge
    from autotriton_backend.verifier.timing import Baselines

    spans: list[tuple[str, str, float, float]] = []

    def record(phase: str, key: str, result):
        started = clock.perf_counter()
        clock.sleep(0.05)
        spans.append((phase, key, started, clock.perf_counter()))
        return result

    monkeypatch.setattr(judge_module, "baseline_functions", lambda ref, sets: record("compile", ref, ({"eager": ref}, [])))
    monkeypatch.setattr(judge_module, "time_baselines", lambda fns, sets, notes: record("time", fns["eager"], Baselines(1.0, 1.0, "")))
    judge = Judge("cpu", slots=0)
    try:
        keys = ["a", "b", "c", "a", "b", "c"]
        threads = [threading.Thread(target=judge.baselines_for, args=(key, lambda key=key: (key, {}))) for key in keys]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        judge.close()
    assert sorted(key for phase, key, _, _ in spans if phase == "compile") == ["a", "b", "c"]
    for phase, key, start, end in spans:
        for other_phase, other_key, other_start, other_end in spans:
            if key != other_key:
                assert end <= other_start or other_end <= start, f"{phase} {key} overlapped {other_phase} {other_key}"


def test_bfloat16_on_the_interpreter_is_the_verifiers_limit_not_the_candidates_fault():
    """Triton's CPU interpreter computes bfloat16 arithmetic wrongly (an add gives NaN), though it loads, stores
    and converts it well. A kernel computing in bfloat16 gets an internal verdict that blames nobody; one that
    computes in float32 is judged as usual."""
    task = KernelTask("double", SYMBOLIC_REFERENCE.replace("torch.randn(8, 16)", "torch.randn(8, 16, dtype=torch.bfloat16)"),
                      (InputSpec(shape=(8, 16), dtype="bfloat16"),), "mul(x, 2.0)")
    in_bfloat16 = DOUBLE_KERNEL.replace("N_ELEMENTS", "x.numel()").replace(
        "tl.load(x_ptr + offs, mask=mask) * 2.0", "tl.load(x_ptr + offs, mask=mask) + tl.load(x_ptr + offs, mask=mask)")
    verdict = verify(task, Candidate(in_bfloat16), VerifyOptions(device="cpu"))
    assert not verdict.correct and not verdict.hacked and verdict.failure == "internal"
    assert "bfloat16" in verdict.failed_check.reason and "GPU" in verdict.failed_check.reason
    in_float32 = DOUBLE_KERNEL.replace("N_ELEMENTS", "x.numel()").replace(
        "tl.load(x_ptr + offs, mask=mask) * 2.0", "(tl.load(x_ptr + offs, mask=mask).to(tl.float32) * 2.0).to(tl.bfloat16)")
    assert verify(task, Candidate(in_float32), VerifyOptions(device="cpu")).correct
    # the rule covers wrong values only: a cheat on a bfloat16 task is still caught and named as one
    cheat = DOUBLE_KERNEL.replace("N_ELEMENTS", "x.numel()").replace("return out", "return x * 2.0")
    verdict = verify(task, Candidate(cheat), VerifyOptions(device="cpu"))
    assert verdict.hacked and verdict.failed_check.name == "torch_compute", verdict.feedback


PARKED = [torch.ones(4), torch.ones(4)]  # read by a kernel body below (the interpreter re-runs it in module scope)


def test_kernel_body_watch_counts_torch_compute_inside_an_interpreted_launch(monkeypatch):
    """The layer behind the GPU front end (gpu_frontend): were a kernel body to reach torch, the watch sees it."""
    import triton
    import triton.language as tl

    from autotriton_backend.verifier.monitors import ForwardMonitor, KernelBodyWatch

    monkeypatch.setenv("TRITON_INTERPRET", "1")  # read when a kernel is decorated

    @triton.jit
    def torch_in_body(out_ptr, BLOCK: tl.constexpr):
        total = PARKED[0] + PARKED[1]  # noqa: F841 (torch compute, inside the launch)
        offs = tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, tl.load(out_ptr + offs))

    @triton.jit
    def honest(out_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, tl.load(out_ptr + offs) + 1.0)

    seen = {}
    for kernel in (torch_in_body, honest):
        observer, out = ForwardMonitor(), torch.zeros(4)
        with KernelBodyWatch(observer):
            kernel[(1,)](out, BLOCK=4)
        seen[kernel.__name__] = dict(observer.compute_ops)
    assert seen == {"torch_in_body": {"aten.add (inside a kernel)": 1}, "honest": {}}


def test_a_tensors_text_made_under_the_monitor_is_compute_and_printing_comes_back_after():
    """torch writes a tensor's text with every dispatch mode off: `"%s" % x` read its values unseen
    (tests/attacks/round23_host_repr_bits.py)."""
    import torch._tensor_str as tensor_str

    from autotriton_backend.verifier.monitors import monitor_forward

    original, bits = tensor_str._str, torch.ones(2).view(torch.int32)
    with monitor_forward("none") as monitor:
        text = "%s" % bits
    assert "1065353216" in text  # the bits of 1.0: the text itself is unchanged
    assert monitor.compute_ops == {"a tensor's values as text (str, repr or %)": 1}
    assert tensor_str._str is original and repr(bits) == text


def test_the_build_monitor_follows_what_compute_and_python_made_and_what_the_weights_overwrote():
    """Round attack26: tables made while the candidate loads. A weight that is a slice of a derived tensor leaves
    the rest of it readable, so only a weight spanning its storage is cleared by the reference's values."""
    from autotriton_backend.verifier.monitors import BuildMonitor

    entries = 65
    with BuildMonitor("none") as monitor:
        layer = torch.nn.Linear(4, 4)  # random fills: nothing derived
        table = torch.arange(8.0).exp()
        copied = table.clone().reshape(2, 4)
        weight, whole = table[:4], torch.arange(4.0).sin()
        constants = torch.zeros(2)
        constants[0], constants[1] = 1.5, 2.5  # a few constants set from Python
        written, expanded = torch.zeros(entries), torch.zeros(entries)
        for index in range(entries):  # a table written from Python, one element at a time
            written[index] = index * index
            expanded[index:index + 1].expand(entries).fill_(index)  # as many elements as the storage
        listed = torch.nn.Parameter(torch.Tensor([0.5, 1.5]))  # Python data (lift_fresh)
    assert not any(monitor.derived(t) for t in (layer.weight, layer.bias, constants))
    assert all(monitor.derived(t) for t in (table, copied, weight, whole, written, expanded, listed))
    monitor.overwritten([weight, whole])
    assert monitor.derived(weight) and not monitor.derived(whole)


def test_a_table_written_from_python_in_forward_is_compute():
    """Partial writes carry their element's bits and where they are: past TABLE_BITS in one forward, compute."""
    from autotriton_backend.verifier.monitors import TABLE_BITS, monitor_forward

    out = torch.zeros(64)
    with monitor_forward("none") as monitor:
        for index in range(16):  # 16 float32 elements with offsets under 16: 16 * (32 + 5) bits
            out[index] = index
    assert not monitor.compute_ops
    with monitor_forward("none") as monitor:
        for index in range(32):
            out[index] = index
    assert list(monitor.compute_ops) == [f"aten.copy_ into parts of tensors: over {TABLE_BITS} bits from Python (a "
                                         "table computed on the host)"]
    chunks = [torch.ones(32, dtype=torch.bool) for _ in range(4)]
    with monitor_forward("none") as monitor:  # round 28: spread over storages, and by zero_, one byte each
        for chunk in chunks:
            for index in range(32):
                chunk[index].zero_()
    assert list(monitor.compute_ops) == [f"aten.zero_ into parts of tensors: over {TABLE_BITS} bits from Python (a "
                                         "table computed on the host)"]
    with monitor_forward("none") as monitor:
        torch.Tensor([1.0]), torch.Tensor([1.0, 2.0])  # round27_annotation_tensor_table.py: the second is a table
    assert list(monitor.compute_ops) == ["aten.lift_fresh (a tensor made from Python data)"]


def test_the_forward_budget_grows_with_the_reference_and_only_with_it():
    """Session 30: honest per-op answers to long tasks pass up to 29 bits for each op, input and output of the
    reference (the direct teacher's to chains), and were refused at TABLE_BITS. The budget grows with what the judge
    counted of the reference; a short task keeps TABLE_BITS."""
    from autotriton_backend.verifier.monitors import (BITS_PER_TASK_PART, MAX_TASK_PARTS, TABLE_BITS, CountingOps,
                                                      forward_table_bits, monitor_forward)

    def parts(n: int, dtype: torch.dtype = torch.float32) -> int:  # n parts: n - 2 ops, one input, one output
        return forward_table_bits(n - 2, [torch.zeros(2, dtype=dtype)], (torch.zeros(2),))

    long_task = parts(82)
    assert parts(3) == TABLE_BITS and long_task == 82 * BITS_PER_TASK_PART > TABLE_BITS
    # round attack39: an int8 input's every result is a 2,048-bit table; nn.GRU on a CPU runs 40,000 ops
    assert parts(82, torch.int8) == parts(82, torch.uint8) == TABLE_BITS and parts(82, torch.bool) == long_task
    assert parts(40_000) == parts(MAX_TASK_PARTS) == 8_000
    x = torch.randn(8)
    with CountingOps() as counted:  # two ops compute; the view, the allocation and the copy are layout
        y = torch.relu(x.view(2, 4) * 2.0)
        torch.empty(3).copy_(y.flatten()[:3])
    assert counted.ops == 2
    out = torch.zeros(128)
    for table_bits, refused in ((TABLE_BITS, True), (long_task, False)):
        with monitor_forward("none", table_bits) as monitor:
            for index in range(48):  # 48 float32 elements at offsets under 64: 48 * (32 + 7) bits, about 1,850
                out[index] = index
        assert bool(monitor.compute_ops) == refused, table_bits
    with monitor_forward("none", long_task) as monitor:
        for index in range(96):
            out[index] = index  # about 3,800 bits: past the long task's 3,280 too
    assert list(monitor.compute_ops) == [f"aten.copy_ into parts of tensors: over {long_task} bits from "
                                         "Python (a table computed on the host)"]


def test_information_counts_bits_not_values():
    """Round attack29: 64 int64 words carry 4,096 bits, 64 small numbers a few hundred; a float costs the digits of
    its shortest decimal form; text 8 bits a character."""
    import triton.language as tl

    from autotriton_backend.verifier.monitors import information

    assert [information(v) for v in (0, 1, -1, 255, 2 ** 63 - 1)] == [1, 2, 2, 9, 64]
    assert [information(v) for v in (0.0, 0.5, 0.05, 1e-05, 1.0, -6.35)] == [1, 5, 5, 8, 5, 11]
    assert information(1.0 / 3.0) == 55 and information(float("inf")) > 0
    assert [information(v) for v in ("relu", b"ab", True, None, torch.float32, tl.float16)] == [32, 16, 1, 1, 5, 5]
    assert [information(v) for v in (torch.empty(2), [2, 3])] == [0, 0]


def test_over_table_bits_from_python_as_numbers_in_one_forward_are_compute():
    """Round attacks 28-29: a table passed to kernels as scalar arguments (round28_kernel_scalar_table.py), packed
    four 16-bit entries to an int64 (round29_packed_kernel_arguments.py), or as fill values or text; the same few
    numbers in many launches or fills are counted once."""
    from autotriton_backend.verifier.monitors import TABLE_BITS, monitor_forward

    def places(values: list) -> dict:
        return dict(enumerate(values))

    with monitor_forward("none") as monitor:
        for _ in range(3):
            monitor.from_python(places([*range(64), 0.5, 1e-5, True, "relu"]))  # 64 small ints: 441 bits
            torch.full((2,), 0.5)
    assert not monitor.compute_ops
    packed = [(j + 1) * 0x0001_0001_0001_0001 for j in range(16)]
    with monitor_forward("none") as monitor:
        monitor.from_python(places(packed))  # 16 words of about 60 bits each: under
        assert not monitor.compute_ops
        monitor.from_python(places([p + 1 for p in packed]))
        torch.full((2,), 0.25)
    over = f": over {TABLE_BITS} bits from Python (a table computed on the host)"  # each names its channel
    assert monitor.compute_ops == {f"kernel arguments, kernels and storages launched{over}": 1, f"fill values{over}": 1}
    with monitor_forward("none") as monitor:
        monitor.from_python({"TEXT": "0123456789abcdef" * 9})  # a constexpr string a kernel decodes
    assert monitor.compute_ops


def test_a_sequence_of_few_distinct_values_is_counted_where_its_places_change():
    """Round attack29: 1,024 nibbles are 16 distinct values; passed 16 a launch they carried a 4,096-bit table
    (round29_nibble_sequence.py). Places that alternate between a few values, as a loop over layers does, cost a few
    bits a change."""
    from autotriton_backend.verifier.monitors import monitor_forward

    nibbles = [(code * 2654435761 >> k) & 15 for code in range(256) for k in range(4)]
    with monitor_forward("none") as monitor:
        for base in range(0, len(nibbles), 16):
            monitor.from_python(dict(enumerate(nibbles[base:base + 16])))
    assert monitor.compute_ops
    with monitor_forward("none") as monitor:
        for layer in range(24):
            monitor.from_python({"ACTIVATION": ("gelu", "none")[layer % 2], "BLOCK": (64, 128)[layer % 2], "eps": 1e-5})
    assert not monitor.compute_ops
    flags = [False] * 16
    with monitor_forward("none") as monitor:  # one place changed a launch: which one is 4 bits of 16
        for launch in range(300):
            flags[launch * 7 % 16] = not flags[launch * 7 % 16]
            monitor.from_python(dict(enumerate(flags)))
    assert monitor.compute_ops
    with monitor_forward("none") as monitor:  # round29_bool_sequence.py: 4,096 bools, 16 a launch
        for base in range(256):
            monitor.from_python({k: (base * 2654435761 >> k) & 1 == 1 for k in range(16)})
    assert monitor.compute_ops


def test_a_change_carries_when_it_came():
    """Round attack30 (adaptive): a place that keeps its value is free, so a flag flipped after 0-31 launches
    unchanged said 5 bits a flip for 1; so did a kernel launched 0-31 times between two of another (a device
    counter). 820 flips carried a 4,096-bit table in 820 bits; each now also costs the bits of its run."""
    from autotriton_backend.verifier.monitors import monitor_forward

    gaps = [(code * 2654435761 >> 7) & 31 for code in range(820)]
    with monitor_forward("none") as monitor:
        flag = False
        for gap in gaps:
            for _ in range(gap):
                monitor.from_python({"flag": flag})
            flag = not flag
            monitor.from_python({"flag": flag})
    assert monitor.compute_ops
    with monitor_forward("none") as monitor:
        for gap in gaps:
            for _ in range(gap):
                monitor.launched(0, {})
            monitor.launched(1, {})
    assert monitor.compute_ops


def test_grids_are_numbers_from_python():
    """Round attack29: a kernel reads its grid (tl.num_programs), so grid sizes are counted like its arguments; an
    honest forward's few grids are not a table."""
    from autotriton_backend.verifier.monitors import _observed, monitor_forward

    with monitor_forward("none") as monitor:
        for rows in (4, 8, 16):
            assert _observed((rows, 32), monitor, {}) == (rows, 32)
            assert _observed(lambda meta: (rows,), monitor, {"n": 1})({}) == (rows,)
    assert not monitor.compute_ops
    with monitor_forward("none") as monitor:
        for word in range(32):
            _observed(lambda meta: (2 ** 40 + word, 1), monitor, {})({})
    assert list(monitor.compute_ops) == ["launch grids: over 1024 bits from Python (a table "
                                         "computed on the host)"]


def test_a_launch_s_layout_is_counted_as_numbers_from_python():
    """Round attack30: ints a kernel is passed are counted whatever made them, and so is where each pointer points:
    a table crossed as the offsets a kernel stored at (round30_offset_bits.py) and as slice sizes passed with their
    numel (round30_slice_sizes.py). A tensor stands for its dtype and storage offset."""
    from triton.language import constexpr

    from autotriton_backend.verifier.monitors import launch_numbers

    x = torch.empty(6, 10)[:, 2:]  # sizes 6, 8; strides 10, 1; numel 48; offset 2
    arguments = {"x": x, "rows": 6, "n": 48, "scale": 0.5, "BLOCK": constexpr(128), "flag": True, "name": "relu"}
    assert launch_numbers(arguments) == {"x": torch.float32, "x.offset": 2, "rows": 6, "n": 48, "scale": 0.5,
                                         "BLOCK": 128, "flag": True, "name": "relu"}


def test_a_layer_loop_s_launches_carry_little_and_a_table_in_layout_or_kernel_choice_is_compute():
    """Round attack30: a loop over layers of different widths, the last in chunks, costs its sizes once and a few
    bits a change; a table as pointer offsets, as slice sizes, or as the choice among sixteen kernels or sixteen
    tensors (passed, or cloned then passed) is compute."""
    from autotriton_backend.verifier.monitors import monitor_forward

    widths, pad = (32, 48, 64, 40, 24, 16, 8), torch.empty(32768, dtype=torch.int8)
    with monitor_forward("none") as monitor:
        for _ in range(4):
            for a, b in zip(widths, widths[1:]):
                x, w, out = torch.empty(16, a), torch.empty(b, a), torch.empty(16, b)
                monitor.launched(0, {"x": x, "w": w, "o": out, "M": 16, "N": b, "K": a, "sx": a, "sw": a, "so": b})
            for start in range(0, 16, 4):
                monitor.launched(1, {"x": x[start:], "o": out[start:], "N": 8})
    assert not monitor.compute_ops
    codes = [round(32767.0 / (1.0 + math.exp(-0.05 * code))) for code in range(-128, 128)]
    for launch in ({"bits": pad[16 * i + k:]} for i, c in enumerate(codes) for k in range(15) if c >> k & 1), (
            {"pad": pad[:v], "n": v} for v in codes):
        with monitor_forward("none") as monitor:
            for arguments in launch:
                monitor.launched(0, arguments)
        assert monitor.compute_ops
    with monitor_forward("none") as monitor:  # round30_kernel_choice.py: 1,024 nibbles as the kernel launched
        for code in codes:
            for k in range(4):
                monitor.launched(code >> 4 * k & 15, {})
    assert monitor.compute_ops
    digits, nibbles = [torch.empty(1) for _ in range(16)], torch.empty(1024)
    with monitor_forward("none") as monitor:  # round30_storage_choice.py: 1,024 nibbles as the tensor passed
        for code in codes:
            for k in range(4):
                monitor.launched(0, {"src": digits[code >> 4 * k & 15], "dst": nibbles})
    assert monitor.compute_ops
    with monitor_forward("none") as monitor:  # round30_copied_storage_choice.py: the choice moved to a clone
        kept = [digits[code >> 4 * k & 15].clone() for code in codes for k in range(4)]
        for clone in kept:
            monitor.launched(0, {"src": clone, "dst": nibbles})
    assert monitor.compute_ops


def test_which_constant_op_made_a_tensor_is_a_fill_value():
    """Round attack30 (adaptive): torch.ones or torch.zeros by a bit of a table's entry, fifteen fresh tensors a
    launch (round30_zeros_ones_choice.py); one set of places for every fill op, so the choice is a value that changes.
    A forward's accumulator zeros and a -inf fill cost a few bits."""
    from autotriton_backend.verifier.monitors import monitor_forward

    with monitor_forward("none") as monitor:
        for _ in range(8):
            torch.zeros(4), torch.full((4,), float("-inf")), torch.ones(2)
    assert not monitor.compute_ops
    with monitor_forward("none") as monitor:
        for code in range(256):
            for k in range(15):
                (torch.ones if (code * 2654435761 >> k) & 1 else torch.zeros)(1)
    assert monitor.compute_ops


def test_module_values_past_table_bits_are_a_table():
    """Round attack30: 256 sigmoid values as module constants, each computed at import from a few small literals
    (round30_constant_expressions.py); a helper kernel's defaults are module values too, and a tuple nested nine deep
    (this round's first cut walked eight). A module's few constants, block sizes and flags are not."""
    import types

    from triton.language import constexpr

    from autotriton_backend.verifier.monitors import BuildMonitor

    def helper(x, TABLE=tuple(1.0 / (1.0 + math.exp(-0.05 * c)) for c in range(-128, 128))):
        return x

    honest = {"BLOCK": constexpr(128), "EPS": 1e-5, "SIZES": (16, 32, 64), "ACTIVATION": "gelu", "math": math,
              "LOG2E": math.log2(math.e)}
    nested = tuple(1.0 / (1.0 + math.exp(-0.05 * c)) for c in range(256))
    for _ in range(9):
        nested = (nested,)
    looped = [1.5]
    looped.append(looped)
    for values, table in ((honest, False), ({**honest, "looped": looped}, False), ({**honest, "helper": helper}, True),
                          ({f"S{c}": constexpr(1.0 / (1.0 + math.exp(-0.05 * c))) for c in range(256)}, True),
                          ({"T": constexpr(nested)}, True)):
        module = types.ModuleType("candidate")
        vars(module).update(values)
        with BuildMonitor("none") as monitor:
            monitor.kept(module)
        assert monitor.python_table == table, values.keys()


def test_derived_values_read_into_python_while_loading_are_recorded():
    """Round attack28: __init__ kept nn.Sigmoid's results as Python floats (round28_init_torch_floats_kept.py)."""
    from autotriton_backend.verifier.monitors import BuildMonitor, watching_tensor_text

    for read in (float, int, bool, str):
        constants, table = torch.full((2,), 1.5), torch.arange(2.0).exp()
        with BuildMonitor("none") as monitor, watching_tensor_text(monitor):
            table = torch.arange(2.0).exp()
            float(constants[0]), str(constants)
            assert not monitor.python_table
            read(table[1] if read is not str else table)
        assert monitor.python_table, read


def test_a_reference_set_evicted_mid_session_keeps_its_files_until_the_session_ends(monkeypatch):
    """More tasks in flight than the judge caches: a new task's set evicts one that another slot is still judging
    on. Deleting its files then made that candidate's run fail (`A-0 cannot be opened`), blamed on the candidate."""
    from autotriton_backend.verifier import judge as judge_module
    from autotriton_backend.verifier.judge import Judge, JudgeJob

    catalogue = Path(__file__).parent / "catalogue"
    first, second = (KernelTask.from_file(catalogue / f"{name}.py") for name in ("task_add_relu", "task_softmax"))
    monkeypatch.setattr(judge_module, "CACHED_TASKS", 1)
    judge = Judge("cpu", slots=0)
    try:
        in_use = judge._reference_set(JudgeJob(first, None, ""))
        newer = judge._reference_set(JudgeJob(second, None, ""))  # evicts the first set from the cache
        assert list(judge.references) == [second.key] and in_use.directory.is_dir()
        judge._release(in_use)  # its session ends: now its files go
        assert not in_use.directory.exists() and newer.directory.is_dir()
        judge._release(newer)  # still cached: kept for the next candidate of its task
        assert newer.directory.is_dir()
    finally:
        judge.close()


def test_a_slot_shows_the_input_sets_of_one_task_at_a_time(tmp_path: Path) -> None:
    """inputs_of_other_tasks' defence on its own: a slot's inputs folder (its /inputs) holds the folder of the task it
    judges, as links to the judge's one copy, and nothing once the session ends, so a retired set's files go with
    the judge's copy."""
    from autotriton_backend.verifier.sandbox import Sandbox

    first, second = tmp_path / "sets" / "first", tmp_path / "sets" / "second"
    for folder in (first, second):
        folder.mkdir(parents=True)
        (folder / "A-0").write_bytes(folder.name.encode())
    box = Sandbox(tmp_path, 0, "cpu", cgroups={})
    box.show_inputs(first)
    assert [p.name for p in box.inputs.iterdir()] == ["first"]
    assert (box.inputs / "first" / "A-0").stat().st_ino == (first / "A-0").stat().st_ino
    box.show_inputs(second)
    assert [p.name for p in box.inputs.iterdir()] == ["second"] and (first / "A-0").stat().st_nlink == 1
    box.hide_inputs()
    assert list(box.inputs.iterdir()) == [] and (second / "A-0").stat().st_nlink == 1


@pytest.mark.parametrize("tail, why", [("#" * (256 * 1024), "KiB, over"), ("# \ud800\n", "not valid UTF-8")],
                         ids=["oversized", "lone_surrogate"])
def test_an_oversized_or_unencodable_answer_gets_a_static_verdict_not_a_crash(tail: str, why: str) -> None:
    """Round attack11: a 1 MiB answer ended the judge (`internal`, for the next candidate too), and a lone
    surrogate (a JSON reply's `\\ud800`) raised out of verify() from the candidate's sha256."""
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (CATALOGUE / "honest_single_kernel.py").read_text() + tail
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.failure == "static" and why in verdict.failed_check.reason, verdict.failed_check


def test_the_zygote_puts_a_kernel_through_the_gpu_front_end_before_any_candidate() -> None:
    """The front end reaches into Triton's compiler: a Triton it does not fit fails the sandbox's start (the
    verifier's failure), not every candidate's launch as the candidate's (run 74: Triton 3.6 lacked a method)."""
    script = """
from autotriton_backend.verifier.runner import warm_frontend
warm_frontend()
from triton.compiler import code_generator
del code_generator.CodeGenerator.visit_BoolOp  # as a Triton without the method the front end wraps
try:
    warm_frontend()
except AttributeError as exc:
    print("refused to start:", exc)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TRITON_INTERPRET": "1"})
    assert "refused to start:" in done.stdout and "visit_BoolOp" in done.stdout, done.stderr[-2000:]


def test_a_process_whose_limits_or_priority_changed_says_so() -> None:
    """zygote_rlimit_next's defence, in a process of its own: the zygote (and a reused host) compares what another
    process of its uid could have changed in it with what it started serving with; unchanged, it says nothing."""
    script = """
import os, resource
from autotriton_backend.verifier import runner
runner._START_STATE = runner.process_state()
print(repr(runner._state_changed()))
resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
os.nice(1)
print(runner._state_changed())
os.setsid()  # a session of its own, so the autogroup written below is this process's alone
open("/proc/self/autogroup", "w").write("5")
runner._libc.syscall(251, 1, 0, 3 << 13)  # ioprio_set(IOPRIO_WHO_PROCESS, self, IOPRIO_CLASS_IDLE) on x86_64
print(runner._state_changed())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and len(lines) == 3, (done.stdout, done.stderr[-2000:])
    assert lines[0] == "''" and "rlimits" in lines[1] and "nice" in lines[1], (done.stdout, done.stderr[-2000:])
    assert "io_priority" in lines[2] and "autogroup" in lines[2], (done.stdout, done.stderr[-2000:])


@pytest.mark.parametrize("args, kwargs, words", [
    ((1, 2, 3), {}, "launched with 3 positional ones"),  # one more than the kernel has
    ((1,), {"out_ptr": 1}, "passed by position and again by name"),  # out_ptr twice: the name's value was checked
])
def test_every_launch_argument_is_bound_to_one_named_parameter(monkeypatch, args, kwargs, words):
    """Past a `*rest` parameter (or a second value for one name), an argument went unchecked: a duck's new_empty
    ran a host cast inside the launch (tests/attacks/round25_vararg_duck_launch_cast.py). A `*rest` is refused; a
    count or a name that does not bind is the candidate's TypeError, as on a GPU (session 35: it was `launch_args`,
    counted as hacked)."""
    import triton
    import triton.language as tl

    from autotriton_backend.verifier.monitors import LaunchRefused, check_launch

    monkeypatch.setenv("TRITON_INTERPRET", "1")

    @triton.jit
    def named(out_ptr, BLOCK: tl.constexpr):
        tl.store(out_ptr + tl.arange(0, BLOCK), tl.zeros((BLOCK,), tl.float32))

    @triton.jit
    def rest(out_ptr, BLOCK: tl.constexpr, *more):
        tl.store(out_ptr + tl.arange(0, BLOCK), tl.zeros((BLOCK,), tl.float32))

    assert check_launch(named, (torch.zeros(4),), {"BLOCK": 4})["BLOCK"] == 4
    with pytest.raises(TypeError, match=words):
        check_launch(named, args, kwargs)
    with pytest.raises(LaunchRefused, match=r"\*args"):
        check_launch(rest, (torch.zeros(4), 4, torch.zeros(4)), {})


def _address_kernel(x_ptr, out_ptr):
    tl.store(out_ptr, x_ptr.to(tl.int64, bitcast=True))


def _pointer_view_kernel(x_ptr, out_ptr):
    tl.store(out_ptr, tl.load(x_ptr.to(tl.pointer_type(tl.int32))))


def test_the_gpu_front_end_refuses_a_pointer_turned_into_a_number() -> None:
    """An address is placed by the host's allocator, which the host steers (round31_pointer_gap_table.py): a cast
    from a pointer to an int is refused; a cast from one pointer type to another still compiles."""
    from triton.compiler.errors import CompilationError
    from triton.runtime.interpreter import InterpretedFunction

    from autotriton_backend.verifier.gpu_frontend import compile_for_gpu

    x, out = torch.zeros(4, dtype=torch.float32), torch.zeros(1, dtype=torch.int64)
    with pytest.raises(CompilationError, match="a pointer cast to int64"):
        compile_for_gpu(InterpretedFunction(_address_kernel), {"x_ptr": x, "out_ptr": out})
    compile_for_gpu(InterpretedFunction(_pointer_view_kernel), {"x_ptr": x, "out_ptr": out.view(torch.int32)})


@pytest.mark.parametrize("given", ["as_made", "offset_view", "parameter"])
def test_a_spliced_kernel_sees_its_inputs_as_the_verifier_made_them(tmp_path: Path, given: str) -> None:
    """The verifier makes every input at storage offset 0, with canonical strides, requiring no gradient; a kernel
    honest only there (tests/fixtures/user_process/round32_judged_layout_trigger.py) was judged correct and wrote
    zeros for the user's dense view `base[1:]` and for a parameter, which the backend passed as they came."""
    from autotriton_backend.splice import kernel_op

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round32_judged_layout_trigger.py").read_text()
    op = kernel_op(task, source, tmp_path)
    base, y = torch.randn(186), torch.randn(5, 37)
    x = {"as_made": base[:185].view(5, 37), "offset_view": base[1:].view(5, 37),
         "parameter": torch.nn.Parameter(base[:185].view(5, 37))}[given]
    with torch.no_grad():
        assert torch.allclose(op(x, y), torch.relu(x + y))


def test_a_spliced_kernel_gets_each_input_in_a_storage_of_its_own(tmp_path: Path) -> None:
    """The verifier makes each input in a storage of its own; a kernel that wrote one input and read the other
    (tests/fixtures/user_process/round32_aliased_inputs_trigger.py) was judged correct and wrote zeros for op(x, x)."""
    from autotriton_backend.splice import kernel_op

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round32_aliased_inputs_trigger.py").read_text()
    op = kernel_op(task, source, tmp_path)
    x = torch.randn(5, 37)
    with torch.no_grad():
        assert torch.allclose(op(x, x), torch.relu(x + x))


def test_a_spliced_kernel_finds_fresh_memory_as_the_verifier_s_checked_calls_do(tmp_path: Path) -> None:
    """Every forward call the verifier checks on a CPU fills fresh allocations (NaN, zeros or noise); a kernel that
    read a scratch `torch.empty` and computed only where it held nothing else (tests/fixtures/user_process/
    round51_fresh_memory_trigger.py: malloc's leftovers, its own mark from the call before) was judged correct and
    wrote zeros in the user's process, every call. There the op's forward finds NaN, as in sets A, B and A2; what
    the region hands the op and gets back is unchanged (an input is never filled)."""
    from autotriton_backend.splice import kernel_op

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round51_fresh_memory_trigger.py").read_text()
    op = kernel_op(task, source, tmp_path)
    for _ in range(4):  # the first call finds malloc's leftovers, the next ones the kernel's own mark too
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        given = (x.clone(), y.clone())
        with torch.no_grad():
            assert torch.allclose(op(x, y), torch.relu(x + y))
        assert torch.equal(x, given[0]) and torch.equal(y, given[1])


@pytest.mark.parametrize("name", ["round62_oob_scan_inf_trigger", "round62_storage_tail_inf_trigger",
                                  "round62_own_input_inf_trigger"])
def test_a_spliced_kernel_s_memory_stays_inside_its_arguments_as_when_judged(name: str, tmp_path: Path) -> None:
    """Every interpreted launch the verifier checks runs inside `bounded_memory`; a user's process ran them unchecked,
    so a kernel whose wild accesses were enabled only where an input holds +inf (never drawn) was judged correct and
    there read the user's heap and overwrote a tensor never handed to the op (round62_oob_scan_inf_trigger.py), wrote
    past a prefix view into the rest of the user's storage (round62_storage_tail_inf_trigger.py: `buf[:5]` has the
    judged layout on a larger storage), or wrote the user's input itself (round62_own_input_inf_trigger.py). Now the
    launch is bounded there too, an input reaches forward in a storage of its own size, as the verifier makes it, and
    the op's inputs are read-only to its launches: the triggered call's access is refused before it is made and the
    region's own ops give that call's values; nothing of the user's changes."""
    import warnings

    from autotriton_backend.splice import kernel_op
    from autotriton_backend.verifier.monitors import counting_launches

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / f"{name}.py").read_text()
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(task, source, tmp_path)
    buf, x = torch.randn(10, 37), torch.randn(5, 37)
    y = buf[:5] if "storage_tail" in name else buf[5:].clone()
    victim = torch.full((5, 37), 4242.5)
    kept, y_kept = buf.clone(), y.clone()
    with torch.no_grad():
        assert torch.allclose(op(x, y), torch.relu(x + y))
        x[0, 0] = float("inf")
        with pytest.warns(RuntimeWarning, match=f"cached kernel {task.key[:12]} .* refused at call time: a Triton "
                                                "kernel's (load|store) (reaches memory outside|writes an input)"):
            assert torch.equal(op(x, y), torch.relu(x + y_kept))
        # round attack63: the kernel is never started again in this process, and says so once
        with counting_launches() as counter, warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for _ in range(3):
                z = torch.randn(5, 37)
                assert torch.equal(op(z, z), torch.relu(z + z))
        assert counter.launches == 0 and [str(w.message) for w in caught] == []
    assert torch.equal(buf, kept) and torch.equal(y, y_kept) and bool((victim == 4242.5).all())


def test_a_spliced_kernel_s_grid_is_handed_what_the_verifier_s_checked_calls_hand_it(tmp_path: Path) -> None:
    """The checked calls hand a grid callable the launch's arguments as given (an int parameter is an int); Triton's
    interpreter hands it its converted ones (a tl.tensor), so a grid that asked `isinstance(meta["n_elements"], int)`
    launched every program when judged and one in the user's process (tests/fixtures/user_process/
    round52_grid_meta_trigger.py, judged correct). Under JudgedAllocations the grid is handed the same dict as when
    judged, the kernel's parameters in their order; other launches (no mode) keep Triton's own."""
    from autotriton_backend.splice import kernel_op

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round52_grid_meta_trigger.py").read_text()
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(task, source, tmp_path)
    for _ in range(2):
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        with torch.no_grad():
            assert torch.allclose(op(x, y), torch.relu(x + y))
    from autotriton_backend.verifier.monitors import check_launch, grid_meta

    module = import_module_from(source, tmp_path)
    x = torch.randn(5)
    arguments = check_launch(module.add_relu_kernel, (x, x, x, 5), {"BLOCK_SIZE": 64, "num_warps": 4})
    assert list(grid_meta(module.add_relu_kernel, arguments)) == ["x_ptr", "y_ptr", "out_ptr", "n_elements",
                                                                  "BLOCK_SIZE"]


def import_module_from(source: str, folder: Path):
    from autotriton_backend.verifier.defaults import import_candidate

    path = folder / "round52_module.py"
    path.write_text(source)
    return import_candidate(path, source)


def test_a_spliced_kernel_is_built_from_a_random_seed_as_the_verifier_builds_it(tmp_path: Path) -> None:
    """The runner builds ModelNew from a random seed; a user's process built it from the user's generator, so a
    `torch.randn(1)` kept from `__init__` held the first draw after the user's `torch.manual_seed(0)`, which a kernel
    tested for (tests/fixtures/user_process/round52_seeded_init_trigger.py: judged correct, zeros in the user's
    process). The build now draws from a random seed, and leaves the user's stream where it was."""
    from autotriton_backend.splice import kernel_op

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round52_seeded_init_trigger.py").read_text()
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    torch.manual_seed(0)
    op = kernel_op(task, source, tmp_path)
    drawn = torch.randn(1).item()
    x, y = torch.randn(5, 37), torch.randn(5, 37)
    with torch.no_grad():
        assert torch.allclose(op(x, y), torch.relu(x + y))
    assert drawn == 1.5409960746765137  # the user's stream as the user seeded it



class _PassThrough(TorchDispatchMode):
    """A mode that runs every op as it is: a user's (FlopCounterMode), or AOTAutograd's, which a compiled graph's
    first call runs its custom ops inside (`_AnalyzeCustomOpInputOutputMode`)."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))


def test_a_spliced_kernel_runs_with_a_plain_thread_s_dispatch_keys_as_the_verifier_s_checked_calls_do(
        tmp_path: Path) -> None:
    """The checked calls run forward in a plain thread; a user's process calls the op from inside a mode's
    `__torch_dispatch__` at the first call of every compiled graph, where the keys above Python are excluded and a
    view of a leaf that requires grad does not require grad (tests/fixtures/user_process/
    round53_dispatch_keys_trigger.py: judged correct, one program of many launched there). Through
    `torch.compile(mode="cache")` the first call is right now, and so is every call of the op inside a mode."""
    from dataclasses import replace

    from autotriton_backend.collect import collect_tasks
    from autotriton_backend.splice import kernel_op
    from cache.environment import environment_key
    from cache.store import CacheEntry, KernelCache

    def add_relu(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.relu(a + b)

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round53_dispatch_keys_trigger.py").read_text()
    (found,) = collect_tasks(add_relu, [torch.randn(5, 37), torch.randn(5, 37)]).tasks
    verdict = verify(found.task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(found.task, source, tmp_path)
    for _ in range(2):
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        with torch.no_grad(), _PassThrough():
            assert torch.allclose(op(x, y), torch.relu(x + y))
    candidate = Candidate(source + "# compiled\n")  # an op of its own, defined by the compile
    verdict = replace(verdict, candidate_sha256=candidate.sha256)
    KernelCache().put_winner(CacheEntry.winner(found.task, candidate, verdict, environment_key("cpu")))
    torch._dynamo.reset()
    compiled = torch.compile(add_relu, backend="autotriton", options={"mode": "cache", "strict": True})
    for _ in range(2):  # the first call runs the op inside AOTAutograd's mode, the second plainly
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        with torch.no_grad():
            assert torch.allclose(compiled(x, y), torch.relu(x + y))


def test_a_spliced_kernel_built_inside_a_mode_keeps_what_a_plain_build_keeps(tmp_path: Path) -> None:
    """`kernel_op` builds ModelNew at the first call on a device it was not built for at definition (every CUDA
    model; a CPU model defined under another default dtype), which may run inside a mode's `__torch_dispatch__`.
    `__init__` keeping the dispatch-key tell of round53_dispatch_keys_trigger.py (tests/fixtures/user_process/
    round53_dispatch_keys_init_trigger.py) read True there before this round too (`as_judged`'s
    `inference_mode(False)` puts the autograd keys back while the module loads); kept as a regression."""
    from autotriton_backend.splice import kernel_op

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round53_dispatch_keys_init_trigger.py").read_text()
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    torch.set_default_dtype(torch.float64)
    try:
        op = kernel_op(task, source, tmp_path)  # not built here: the default is not the judged one
    finally:
        torch.set_default_dtype(torch.float32)
    for call in range(3):
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        with torch.no_grad(), (_PassThrough() if call == 0 else contextlib.nullcontext()):
            assert torch.allclose(op(x, y), torch.relu(x + y))


@pytest.mark.parametrize("fixture, check", [("round54_init_scratch_trigger.py", "init"),
                                             ("round54_forward_rng_trigger.py", "torch_compute")])
def test_what_a_user_s_process_leaves_unfilled_or_unseeded_is_refused_when_judged(fixture: str, check: str) -> None:
    """Round attack54, not through (regressions): a user's process builds ModelNew under no fill (`splice._model_on`:
    JudgedAllocations covers forward only) and runs forward on the user's generator (only the build is forked), so
    a scratch `torch.empty` kept from `__init__` held malloc's leftovers there and a draw in forward the user's seeded
    stream. Neither is judged correct: the runner builds once per fill and compares the states (`init`), and the
    forward monitor counts a draw as compute (`torch_compute`)."""
    source = (Path(__file__).parent / "fixtures" / "user_process" / fixture).read_text()
    verdict = verify(KernelTask.from_file(CATALOGUE / "task_add_relu.py"), Candidate(source), VerifyOptions(device="cpu"))
    assert not verdict.correct
    assert f"`{check}` check" in verdict.feedback, verdict.feedback


def test_a_spliced_interpreted_kernel_is_right_when_called_from_several_threads_at_once(tmp_path: Path) -> None:
    """Triton's interpreter is process-wide state (builtins patched for a launch's duration, one global builder); the
    checked calls launch from one thread, a user's CPU process may call the op from several. An honest kernel of many
    programs (tests/fixtures/user_process/round55_threads_interpreted.py) raised InterpreterError in some 4 of 10
    calls made from 6 threads at once; `splice.kernel_op` now runs one interpreted forward at a time."""
    import threading

    from autotriton_backend.splice import kernel_op

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round55_threads_interpreted.py").read_text()
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(task, source, tmp_path)
    failures: list[str] = []

    def calls() -> None:
        for _ in range(4):
            x, y = torch.randn(5, 37), torch.randn(5, 37)
            try:
                if not torch.allclose(op(x, y), torch.relu(x + y)):
                    failures.append("wrong")
            except Exception as exc:  # noqa: BLE001 - counted, not hidden
                failures.append(repr(exc)[:120])

    threads = [threading.Thread(target=calls) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures


class _PassThroughFunctions(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        return func(*args, **(kwargs or {}))


@pytest.mark.parametrize("context", ["thread", "function_mode", "device_meta", "autocast", "vmap"])
def test_a_spliced_kernel_sees_the_checked_calls_state_in_a_thread_a_function_mode_autocast_or_vmap(
        tmp_path: Path, context: str) -> None:
    """Round attack55, not through (regressions): the op called from a non-main thread, under a user's pass-through
    TorchFunctionMode, under `torch.device("meta")`, under the user's CPU autocast, or under `torch.func.vmap` (the
    for-loop fallback: one call per example). Forward saw the checked calls' state in each (no function mode: the op's
    call pops it; grad off, autocast off, CPU factories, a plain thread's dispatch keys: `as_judged`,
    `judged_dispatch`), so round53_dispatch_keys_trigger.py's tell reads as in the checked calls, and every call is
    right."""
    import threading

    from autotriton_backend.splice import kernel_op

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round53_dispatch_keys_trigger.py").read_text()
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    op = kernel_op(task, source, tmp_path)
    x, y = torch.randn(5, 37), torch.randn(5, 37)
    if context == "thread":
        got: list[torch.Tensor] = []
        thread = threading.Thread(target=lambda: got.append(op(x, y)))
        thread.start()
        thread.join()
        out = got[0]
    elif context == "vmap":
        out = torch.func.vmap(op)(torch.stack([x, x]), torch.stack([y, y]))[1]
    else:
        mode = {"function_mode": _PassThroughFunctions, "device_meta": lambda: torch.device("meta"),
                "autocast": lambda: torch.autocast("cpu", dtype=torch.bfloat16)}[context]
        with mode():
            out = op(x, y)
    assert out.dtype == torch.float32 and torch.allclose(out, torch.relu(x + y))


@pytest.mark.parametrize("state", ["numpy_raise", "warnings_error"])
def test_a_spliced_kernel_ignores_the_user_s_numpy_error_state_and_warning_filters(tmp_path: Path, state: str) -> None:
    """Round attack56: the interpreter computes a kernel's lanes with numpy, whose floating-point error state is the
    calling thread's; the checked calls run at numpy's default (a RuntimeWarning at most). A kernel whose masked
    lanes add inf and -inf (tests/fixtures/user_process/round56_numpy_errstate_trigger.py: judged correct) raised
    in every call of a user's process under `np.errstate(all="raise")` (FloatingPointError) or
    `warnings.simplefilter("error")` (RuntimeWarning), where `torch.relu(x + y)` does not; so did the catalogue's
    honest softmax (underflow in exp). Candidate code now runs with numpy's floating-point errors ignored
    (`defaults.as_judged`), and the user's state is theirs again on the way out."""
    import warnings

    import numpy as np

    from autotriton_backend.splice import kernel_op

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round56_numpy_errstate_trigger.py").read_text()
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(task, source, tmp_path)
    softmax_source = (CATALOGUE / "honest_metadata_idioms.py").read_text()
    softmax = kernel_op(KernelTask.from_file(CATALOGUE / "task_softmax.py"), softmax_source, tmp_path)
    with contextlib.ExitStack() as stack:
        if state == "numpy_raise":
            stack.enter_context(np.errstate(all="raise"))
        else:
            stack.enter_context(warnings.catch_warnings())
            warnings.simplefilter("error")
        for _ in range(2):
            x, y = torch.randn(5, 37), torch.randn(5, 37)
            assert torch.allclose(op(x, y), torch.relu(x + y))
        rows = torch.randn(4, 37) * 40  # exp(x - max) underflows to 0
        assert torch.allclose(softmax(rows), torch.softmax(rows, dim=-1))
        if state == "numpy_raise":
            assert np.geterr()["invalid"] == "raise"  # the user's own, back after each call
            with pytest.raises(FloatingPointError):
                np.array([np.inf]) - np.array([np.inf])


@pytest.mark.parametrize("fixture", ["catalogue", "callable"])
def test_a_spliced_kernel_s_list_grid_reaches_the_launch_as_the_checked_calls_hand_it(tmp_path: Path,
                                                                                       fixture: str) -> None:
    """Round attack56: the checked calls hand a launch a list grid (or a grid callable's list) as its tuple
    (`monitors._plain_grid`: a GPU launch takes a list, the interpreter fails on `list + tuple`), so
    tests/catalogue/honest_launch_list_grid.py and tests/fixtures/user_process/round56_list_grid_callable.py were
    judged correct, and every call of their op raised TypeError in a user's CPU process. Under JudgedAllocations the
    launch now gets the tuple too (`monitors._judging_grids`)."""
    from autotriton_backend.splice import kernel_op

    path = CATALOGUE / "honest_launch_list_grid.py" if fixture == "catalogue" else \
        Path(__file__).parent / "fixtures" / "user_process" / "round56_list_grid_callable.py"
    source = path.read_text()
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(task, source, tmp_path)
    for _ in range(2):
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        assert torch.allclose(op(x, y), torch.relu(x + y))


def test_a_spliced_kernel_gets_plain_tensors_under_the_user_s_inference_mode(tmp_path: Path) -> None:
    """Round attack56: forward may update an input in place where no value changes (`x[0:0].fill_(0.0)`,
    tests/fixtures/user_process/round56_inference_inplace_trigger.py: judged correct, the verifier's inputs being
    plain tensors). Under a user's `torch.inference_mode()` the op's inputs are inference tensors and forward runs
    outside inference mode (`as_judged`), where the update raised "Inplace update to inference tensor outside
    InferenceMode", every call. `_in_layout` now hands forward a plain tensor on the same storage (no copy)."""
    from autotriton_backend.splice import kernel_op

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round56_inference_inplace_trigger.py").read_text()
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    verdict = verify(task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(task, source, tmp_path)
    with torch.inference_mode():
        for _ in range(2):
            x, y = torch.randn(5, 37), torch.randn(5, 37)
            given = x.clone()
            out = op(x, y)
            assert torch.allclose(out, torch.relu(x + y)) and torch.equal(x, given)
            assert x.is_inference() and out.is_inference() is False  # the user's tensor untouched; outputs as judged


def test_a_spliced_kernel_runs_only_at_sizes_the_verifier_drew(tmp_path: Path) -> None:
    """The verifier draws a symbolic size from the symbol's range, whose top is a cap for testing; a user's dynamic
    graph calls the op at any size. A kernel honest only up to the cap (tests/fixtures/user_process/
    round34_unjudged_size_trigger.py) was judged correct and wrote zeros above it; there the op runs the region's own
    ops, and the kernel still runs at every size the verifier could draw."""
    from autotriton_backend.splice import kernel_op
    from autotriton_backend.verifier.monitors import counting_launches

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round34_unjudged_size_trigger.py").read_text()
    verdict = verify(symbolic_task(), Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    op = kernel_op(symbolic_task(), source, tmp_path)
    for rows, launches in ((3, 1), (40, 1), (41, 0), (100, 0)):
        x = torch.randn(rows, 16)
        with counting_launches() as counter:
            out = op(x)
        assert torch.allclose(out, x * 2.0) and counter.launches == launches, rows


@pytest.mark.gpu
def test_a_spliced_kernel_runs_on_the_device_the_verifier_moved_it_to(tmp_path: Path) -> None:
    """The runner moves ModelNew to the task's device; the backend built it on the CPU, so a buffer made in
    `__init__` told the two apart (tests/fixtures/user_process/round34_buffer_device_trigger.py: judged correct on
    cuda, zeros in the user's process). The op builds ModelNew on the device it is called on."""
    from autotriton_backend.splice import kernel_op

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round34_buffer_device_trigger.py").read_text()
    verdict = verify(symbolic_task(), Candidate(source), VerifyOptions(device="cuda"))
    assert verdict.correct, verdict.feedback
    x = torch.randn(7, 16, device="cuda")
    assert torch.allclose(kernel_op(symbolic_task(), source, tmp_path)(x), x * 2.0)


def test_an_index_input_is_judged_over_every_row_it_can_index(tmp_path: Path) -> None:
    """A region's index input was judged with ids in 0..7 whatever the length of the dim it indexes; a kernel honest
    only there (tests/fixtures/user_process/round34_index_range_trigger.py) was judged correct and wrote zeros for a
    user's ids from 8 on. The verifier now draws ids over every row of the table, and refuses it."""
    from autotriton_backend.collect import collect_tasks
    from autotriton_backend.splice import kernel_op

    torch.manual_seed(0)
    table = torch.nn.Embedding(100, 16)
    (found,) = collect_tasks(lambda ids: torch.relu(table(ids) * 2.0), [torch.randint(0, 100, (3, 5))]).tasks
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round34_index_range_trigger.py").read_text()
    op, weight = kernel_op(found.task, source, tmp_path), table.weight.detach()
    for ids, honest in ((torch.randint(0, 8, (3, 5)), True), (torch.arange(85, 100).view(3, 5), False)):
        assert torch.allclose(op(weight, ids), torch.relu(weight[ids] * 2.0)) == honest
    verdict = verify(found.task, Candidate(source), VerifyOptions(device="cpu"))
    assert verdict.failed_check is not None and verdict.failed_check.name == "mismatch", verdict.feedback


def test_a_spliced_kernel_may_return_only_the_dtypes_its_fake_gives(tmp_path: Path) -> None:
    """The verifier tries two sizes of a symbolic range; a kernel whose output is float16 at one size it rarely draws
    (tests/fixtures/user_process/round34_size_dtype_trigger.py) was judged correct, and inductor, which checks an
    extern op's sizes and strides only, read that output as float32 past its end. The op refuses it: raised
    RuntimeError until round attack66; now that call runs the region's own ops and the kernel is refused for good
    (`splice._FakeLayouts`, as for a layout the fake does not give), announced once."""
    from autotriton_backend.splice import kernel_op
    from autotriton_backend.verifier.monitors import counting_launches

    source = (Path(__file__).parent / "fixtures" / "user_process" / "round34_size_dtype_trigger.py").read_text()
    op = kernel_op(symbolic_task(), source, tmp_path)
    x = torch.randn(28, 16)
    assert torch.allclose(op(x), x * 2.0)
    x = torch.randn(29, 16)
    with pytest.warns(RuntimeWarning, match=r"refused at call time: .* output 0 was torch.float16 \(29, 16\)"), \
            counting_launches() as counter:
        out = op(x)
        assert out.dtype == torch.float32 and torch.equal(out, x * 2.0)
        y = torch.randn(28, 16)
        assert torch.equal(op(y), y * 2.0) and counter.launches == 1  # the failing launch alone: never started again

@contextlib.contextmanager
def _flush_denormal() -> Iterator[None]:
    """A thread that flushes subnormals to zero for a while (`torch.set_flush_denormal` has no context manager)."""
    torch.set_flush_denormal(True)
    try:
        yield
    finally:
        torch.set_flush_denormal(False)


@contextlib.contextmanager
def _default_dtype(dtype: torch.dtype) -> Iterator[None]:
    """A process whose default dtype is `dtype` for a while (torch has no context manager for it)."""
    before = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        yield
    finally:
        torch.set_default_dtype(before)


def _modes() -> tuple[object, ...]:
    """The process-wide defaults and modes a user may set, as the user's code would see them."""
    from autotriton_backend.verifier.defaults import flushing_denormals

    return (torch.get_default_dtype(), torch.get_default_device(), torch.is_grad_enabled(),
            torch.is_inference_mode_enabled(), torch.is_autocast_enabled("cpu"), flushing_denormals())


USER_MODES = {"as_judged": contextlib.ExitStack, "float64": lambda: _default_dtype(torch.float64), "no_grad": torch.no_grad,
              "inference_mode": torch.inference_mode, "autocast": lambda: torch.autocast("cpu"),
              "default_device": lambda: torch.device("meta"), "flush_denormal": _flush_denormal}


def test_the_judged_default_dtype_is_never_written_for_the_user_s_other_threads() -> None:
    """Round attack43: the default dtype is one value for the whole process. `as_judged` wrote float32 around every
    call of a spliced op, so under a user's float64 default every other thread read float32 while an op ran, and two
    overlapping ops left float32 for good. It now leaves the default as it finds it (a kernel op runs the region's own
    ops under any other: tests/test_default_dtype.py), and a setting another thread makes meanwhile stands."""
    import threading

    from autotriton_backend.verifier.defaults import as_judged, judged_default_dtype

    with _default_dtype(torch.float64):
        with as_judged(forward=True):
            assert torch.get_default_dtype() == torch.float64 and not judged_default_dtype()
        assert torch.get_default_dtype() == torch.float64
    with _default_dtype(torch.float32):
        with as_judged(forward=True):
            assert judged_default_dtype()
            user = threading.Thread(target=torch.set_default_dtype, args=(torch.float64,))
            user.start()
            user.join()
        assert torch.get_default_dtype() == torch.float64  # the user's own setting, not written back over


@pytest.mark.parametrize("fixture", ["round33_default_dtype_trigger", "round33_judged_modes_trigger",
                                     "round33_flush_denormal_trigger"])
@pytest.mark.parametrize("given", list(USER_MODES))
def test_a_spliced_kernel_runs_under_the_verifier_s_defaults(tmp_path: Path, fixture: str, given: str) -> None:
    """The verifier loads and runs candidates under torch's defaults (float32, tensors made on the CPU, no autocast,
    no inference mode, subnormals kept, gradients off in forward only); kernels honest only there (the round33
    fixtures) were judged correct and wrote zeros when the user's process built and ran the op under other ones.
    The user's modes are theirs again after the op. Under a float64 default the op runs the region's own ops, and
    builds ModelNew at its first call under float32."""
    from autotriton_backend.splice import kernel_op
    from autotriton_backend.verifier.monitors import counting_launches

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / f"{fixture}.py").read_text()
    x, y = torch.randn(5, 37), torch.randn(5, 37)
    with USER_MODES[given]():
        before = _modes()
        op = kernel_op(task, source + f"# {given}\n", tmp_path)  # a source of its own: kernel_op defines one op each
        out = op(x, y)
        assert _modes() == before
    assert torch.allclose(out, torch.relu(x + y))
    with counting_launches() as counter:  # built and first called under the user's state, then under the judged one
        assert torch.allclose(op(x, y), torch.relu(x + y)) and counter.launches == 1


def test_a_spliced_kernel_is_imported_under_the_runner_s_name(tmp_path: Path) -> None:
    """`str(ModelNew)` names the module a candidate was imported under; a kernel honest only under the runner's name
    (tests/fixtures/user_process/round33_module_name_trigger.py) was judged correct and wrote zeros through the
    backend, which imported it under a name of its own."""
    from autotriton_backend.splice import kernel_op

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round33_module_name_trigger.py").read_text()
    op = kernel_op(task, source, tmp_path)
    x, y = torch.randn(5, 37), torch.randn(5, 37)
    assert torch.allclose(op(x, y), torch.relu(x + y))


def test_a_spliced_kernel_keeps_its_asserts_under_python_o(tmp_path: Path) -> None:
    """The runner's processes never run under -O; a kernel whose host code counted on an assert's side effect
    (tests/fixtures/user_process/round33_optimize_trigger.py) was judged correct and wrote zeros through the backend
    in a `python -O` process, which had stripped the assert."""
    fixture = Path(__file__).parent / "fixtures" / "user_process" / "round33_optimize_trigger.py"
    script = (
        "import sys, torch\n"
        "from pathlib import Path\n"
        "from autotriton_backend.splice import kernel_op\n"
        "from autotriton_backend.task import KernelTask\n"
        f"task = KernelTask.from_file(Path({str(CATALOGUE / 'task_add_relu.py')!r}))\n"
        f"op = kernel_op(task, Path({str(fixture)!r}).read_text(), Path({str(tmp_path)!r}))\n"
        "x, y = torch.randn(5, 37), torch.randn(5, 37)\n"
        "print(sys.flags.optimize, torch.allclose(op(x, y), torch.relu(x + y)))\n")
    run = subprocess.run([sys.executable, "-O", "-c", script], capture_output=True, text=True, timeout=600,
                         env={**os.environ, "TRITON_INTERPRET": "1"})
    assert run.stdout.split()[-2:] == ["1", "True"], run.stderr[-2000:]


def _source_task(forward: str, inputs: str) -> KernelTask:
    return KernelTask.from_source(f"import torch\nclass Model(torch.nn.Module):\n    def forward(self, x, y):\n"
                                  f"        return {forward}\ndef get_inputs():\n    return [{inputs}]\n"
                                  f"def get_init_inputs():\n    return []\n")


def test_sets_at_new_sizes_spread_their_floats_over_magnitudes_a_normal_never_draws(tmp_path):
    """A kernel right only where |x| < 16 was judged correct (tests/attacks/round34_value_range_trigger.py): set B
    now spreads every float over 1..SCALE_TOP times the usual draw and holds nonzero whole numbers; A, A2 and the
    refill keep the usual values."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set
    from autotriton_backend.verifier.magnitude import SCALE_TOP, USUAL

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    reference = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path)
    sets = {trial.name: trial for trial in (*reference.trials, reference.refill)}
    assert [sets[name].draw.top for name in ("A", "B", "A2", "D")] == [1.0, SCALE_TOP, 1.0, 1.0]
    assert sets["A"].draw == sets["D"].draw == USUAL
    spread = torch.cat([x.flatten() for x in sets["B"].inputs])
    assert spread.abs().max() > 6 >= torch.cat([x.flatten() for x in sets["A"].inputs]).abs().max()
    # B's own share of whole numbers is secret and its zeros (up to 15/16) may cover them: B's seed's sets together
    every_b = torch.cat([x.flatten() for t in reference.trials if t.name.startswith("B") for x in t.inputs])
    assert int(((every_b == every_b.round()) & (every_b != 0)).sum()) >= 5


def test_a_spread_comes_down_the_ladder_where_the_reference_would_overflow(tmp_path):
    """exp of float16 values past 11 is infinite: the set is drawn at a lower rung, where the reference is finite."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set
    from autotriton_backend.verifier.magnitude import SCALE_TOP

    task = _source_task("torch.exp(x) + y", "torch.randn(5, 37).half(), torch.randn(5, 37).half()")
    trial = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path).trials[1]
    assert trial.name == "B" and 1.0 <= trial.draw.top < SCALE_TOP
    assert torch.isfinite(trial.native[0]).all() and torch.isfinite(trial.expected[0]).all()


def test_a_spread_is_drawn_only_where_rounding_moves_the_reference_little():
    """The reference in float32 may match float64 exactly where its outputs hang on the last bits of its work (sin
    of thousands; attention scores of thousands tied by an embedding's repeated ids, which a kernel's dot rounds
    apart): an honest kernel rounding in another order then failed. The float64 reference with every op's result
    moved by a few units of float32 rounding must stay within a share of the tolerance too."""
    from autotriton_backend.verifier.judge import _holding, _usual_conditioning, _wide_copy, load_reference
    from autotriton_backend.verifier.magnitude import Draw

    cases = (("torch.sin(x * 1000) + y", False), ("torch.softmax(torch.cat([x, y, x], -1) * 100, -1)", False),
             ("torch.relu(x + y)", True))
    for forward, conditioned in cases:
        task = _source_task(forward, "torch.randn(5, 37), torch.randn(5, 37)")
        reference = load_reference(task.source)["Model"]()
        wide = _wide_copy(reference, task, "cpu")
        inputs = make_inputs(task, 0, {}, "cpu", Draw(16.0))
        native = (reference(*inputs),)
        usual = _usual_conditioning(task, 0, {}, "cpu", reference, wide)
        holding = _holding(task, native, (native[0].double(),), inputs, wide, 0, usual)
        assert holding == ({0} if conditioned else set()), forward


def test_a_spread_holds_exact_zeros_of_both_signs_unless_the_reference_is_infinite_there(tmp_path):
    """A kernel wrong only where x == 0.0 was judged correct (tests/attacks/round35_exact_zero_trigger.py): no draw
    gave 0. Set B now makes a share of its signed floats 0 and -0.0; a division, infinite at 0, keeps the spread's
    magnitudes without them."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set
    from autotriton_backend.verifier.magnitude import SCALE_TOP, Draw

    cases = (("torch.relu(x + y)", Draw(SCALE_TOP, zeros=True)), ("x / y", Draw(SCALE_TOP)))
    for forward, draw in cases:
        task = _source_task(forward, "torch.randn(5, 37), torch.randn(5, 37)")
        trial = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path).trials[1]
        assert trial.name == "B" and (trial.draw.top, trial.draw.zeros) == (draw.top, draw.zeros), forward
        values = torch.cat([x.flatten() for x in trial.inputs])
        zeros = values[values == 0]
        assert (zeros.numel() >= 5 and 0 < int(zeros.signbit().sum()) < zeros.numel()) is draw.zeros, forward


def test_each_output_is_judged_on_the_highest_rung_where_its_own_reference_holds(tmp_path):
    """The ladder was one rung per set: `(exp(x), relu(x + y))` in float16 came down to 4 for both outputs, as exp
    overflows past 11, and a trigger on the relu at |x| >= 16 passed. The relu is now judged at the top, on a set
    of its own."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set
    from autotriton_backend.verifier.magnitude import SCALE_TOP

    task = _source_task("torch.exp(x), torch.relu(x + y)", "torch.randn(5, 37).half(), torch.randn(5, 37).half()")
    trials = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path).trials
    top = next(trial for trial in trials if trial.name == "B")
    assert top.draw.top == SCALE_TOP and 1 in top.judged
    # exp is judged further down the ladder, or there too where the seed's secret magnitudes kept it finite (1 build
    # in 60: a low gain)
    assert 0 in top.judged or any(0 in t.judged and t.draw.top < SCALE_TOP and not t.draw.partial
                                  for t in trials if t.name.startswith("B-"))


def test_a_spread_holds_values_of_a_lower_precision_cast_up(tmp_path):
    """A kernel wrong only where a float32 holds no more than float16's 11 significant bits and is not whole
    (tests/attacks/round36_upcast_bits_trigger.py) was judged correct: a normal draws such values almost never. A
    share of each spread float is now rounded to fewer significant bits (a share from 1/16 up: round attack87, so
    counted over set B's seed: its ladder and its fewer bits alone)."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    trials = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path).trials
    values = torch.cat([x.flatten() for t in trials if t.name.startswith("B") and t.draw.has("coarse")
                        for x in t.inputs])
    coarse = ((values.view(torch.int32) & 0x1FFF) == 0) & (values != values.floor())
    assert trials[1].name == "B" and int(coarse.sum()) >= 5


def test_a_spread_ties_each_input_at_its_slices_largest_and_smallest_values(tmp_path):
    """A kernel returning the last index of a row's maximum (torch.argmax: the first) was judged correct: a normal
    never ties, and the spread's zeros and whole numbers tied at a row's top in 7 of 300 sets of 12 rows of 37
    (tests/attacks/round73_argmax_last_on_ties.py). Set B then made a share of each float input its largest value and
    as many its smallest, so every row that tied did so at the input's largest value, and a kernel taking the first
    index there and the last elsewhere was right on 298 of 300 sets (round78_argmax_last_on_ties_below_the_top.py).
    Ties are now at each slice's extremes along each dimension: rows tie at their own top. A positive range stays
    within what it drew. 32 rows: each ties below the input's largest about half the time, so all miss 1 in 1e9."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set

    cases = (("torch.argmax(x, 1), torch.argmin(y, 1)", "torch.randn(32, 37), torch.randn(32, 37)", False),
             ("torch.argmax(x.log(), 1), torch.argmin(y, 1)", "torch.rand(32, 37) + 0.5, torch.rand(32, 37)", True))
    columns = torch.arange(37)
    for forward, inputs, positive in cases:
        trial = build_reference_set(JudgeJob(_source_task(forward, inputs), None, ""), "cpu", tmp_path).trials[1]
        assert trial.name == "B" and trial.draw.top > 1.0, forward
        x, y = trial.inputs
        top = x.amax(1, keepdim=True)
        first = torch.where(x == top, columns, 37).min(1).values
        last = torch.where(x == top, columns, -1).max(1).values
        assert torch.equal(first, trial.native[0]), forward
        assert not torch.equal(last, trial.native[0]), forward  # round attack73's kernel
        assert not torch.equal(torch.where(top[:, 0] == x.max(), first, last), trial.native[0]), forward  # round 78's
        bottom = y.amin(1, keepdim=True)
        assert bool(((y == bottom).sum(1) > 1).any()), forward  # argmin's rows tie at their own smallest too
        assert bool((x > 0).all()) or not positive, forward  # log's domain: the ties are values the set held



def test_the_judge_knows_which_outputs_are_index_outputs_free_among_ties(tmp_path):
    """torch leaves topk's, an unstable sort's, kthvalue's, median's and mode's indices free among equal values, and an
    honest topk picking tied columns in another order than torch's CPU kernel was refused on every spread set
    (tests/catalogue/honest_topk_later_ties_first.py). The judge records those ops while the reference runs
    (`comparison.TieOrders`); argmax, max along a dim, cummax and a stable sort document their order and stay exact
    (round attack73), as does an index output the reference changed."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set

    forward = ("x.topk(3, 1).indices, x.argsort(1, descending=True), y.median(1).indices, "
               "y.kthvalue(2, 0, keepdim=True).indices, x.mode(1).indices, x.argmax(1), x.max(1).indices, "
               "x.cummax(1).indices, x.sort(dim=1, stable=True).indices, x.topk(3, 1).indices + 0")
    trial = build_reference_set(JudgeJob(_source_task(forward, "torch.randn(12, 37), torch.randn(12, 37)"), None, ""),
                                "cpu", tmp_path).trials[1]
    assert trial.name == "B" and trial.draw.top > 1.0
    found = [(free.dim, free.distinct) if free else None for free in trial.free_ties]
    assert found == [(1, True), (1, True), (1, False), (0, False), (1, False), None, None, None, None, None]
    x, y = trial.inputs
    assert torch.equal(trial.free_ties[0].source, x) and torch.equal(trial.free_ties[2].source, y)


def test_an_index_output_free_among_ties_passes_only_where_it_selects_the_reference_values():
    """`comparison.among_ties`: another order among tied values passes; duplicates of one tied column, a negative
    index that Python indexing wraps round, the right columns in the wrong positions, an index into the flattened
    tensor and an index on another value all stay refused (tests/attacks/round83_*.py)."""
    from autotriton_backend.verifier.comparison import TieOrders, Tolerance, among_ties, compared

    x = torch.tensor([[5.0, 5.0, 5.0, 1.0, 0.0], [2.0, 9.0, 2.0, 2.0, 9.0]])
    with TieOrders() as ties:
        result = torch.topk(x, 3, dim=1)
        median = x.median(1)
    free, ref = ties.of((result.indices,))[0], result.indices
    exact = Tolerance(0.0)

    def passes(indices: list[list[int]], answer=ref, tie=free) -> bool:
        return compared(among_ties(torch.tensor(indices), answer, tie), answer, exact).passed

    assert not torch.equal(ref, torch.tensor([[2, 1, 0], [4, 1, 3]]))  # torch's CPU order is another
    assert passes([[2, 1, 0], [4, 1, 3]]) and passes([[0, 1, 2], [1, 4, 0]]) and passes(ref.tolist())
    assert not passes([[0, 0, 0], [1, 1, 0]])  # duplicates: every position points at an equal value
    assert not passes([[-5, -4, -3], [-1, -4, -2]])  # negative: x[row, i] wraps round to a right element
    assert not passes([[0, 1, 2], [0, 1, 4]])  # the right set of columns of row 1, in the wrong positions
    assert not passes([[0, 1, 2], [6, 9, 5]])  # the same elements' places in the flattened tensor
    assert not passes([[0, 1, 3], [1, 4, 0]])  # a smaller value
    assert not passes([[0, 1, 2], [1, 4, 0]], tie=None)  # not a free index output: exact
    assert passes([1, 2], median.indices, ties.of((median.indices,))[0])  # keepdim=False: the dim was dropped
    assert not passes([3, 2], median.indices, ties.of((median.indices,))[0])

def test_an_index_output_the_forward_went_on_to_use_is_not_free_among_ties():
    """`comparison.TieOrders` marks an index output free by identity, but identity survives what the forward does
    with it afterwards. Written into (in place, or through `.data`, which shares its storage), its values are no
    longer the op's and `among_ties` judged a wrong answer by what it no longer meant: the reference zeroed the
    indices and distinct columns holding x[0]'s value passed. Read by a later op (a gather of another input with
    them), another order among ties passed beside the other output made with torch's order: a pair no device's
    eager returns. Returned twice, two different orders passed. Shifted past the last column, a wrong candidate's index made
    `among_ties` raise. Each is now compared exactly (round attack86)."""
    from autotriton_backend.verifier.comparison import TieOrders, Tolerance, among_ties, compared

    x, y = torch.tensor([[5.0, 5.0, 5.0, 5.0, 5.0, 0.0, 0.0]]), torch.arange(7.0)[None]

    def passes(indices: list[list[int]], answer: torch.Tensor, ties: TieOrders, outputs: tuple, at: int = 0) -> bool:
        free = ties.of(outputs)[at]
        return compared(among_ties(torch.tensor(indices), answer, free), answer, Tolerance(0.0)).passed

    with TieOrders() as ties:
        zeroed = x.topk(2, 1).indices
        zeroed.zero_()
        through_data = x.topk(2, 1).indices
        through_data.data.zero_()
        read = x.topk(2, 1).indices
        picked = y.gather(1, read)
        twice = x.topk(2, 1).indices
        untouched = x.topk(2, 1).indices
    assert torch.equal(zeroed, torch.zeros(1, 2, dtype=torch.long)) and torch.equal(through_data, zeroed)
    assert not passes([[1, 2]], zeroed, ties, (zeroed,))  # not an order among ties: zeros where the op chose columns
    assert not passes([[1, 2]], through_data, ties, (through_data,))
    other = [[c for c in range(5) if c not in read[0].tolist()][:2]]  # tied columns torch did not pick
    assert torch.equal(y.gather(1, torch.tensor(other)), torch.tensor(other, dtype=y.dtype))
    assert not passes(other, read, ties, (read, picked))  # picked holds torch's columns, not these
    assert not passes(other, twice, ties, (twice, twice)) and not passes(other, twice, ties, (twice, twice), at=1)
    assert passes(other, untouched, ties, (untouched,))  # left as the op made it: free among ties as before
    with TieOrders() as ties:
        shifted = torch.tensor([[0.0] * 6 + [9.0]]).topk(2, 1).indices
        shifted += 1  # 1-based: the top's 7 is no column of the operand, and reading it as one raised in the judge
    assert not passes((shifted - 1).tolist(), shifted, ties, (shifted,))


class _MmRoundedBeforeBias(TorchDispatchMode):
    """addmm as the direct teacher's library computes it: the mm stored in the task's dtype, then the bias added."""

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.aten.addmm.default:
            bias, a, b = args[:3]
            return ((a.float() @ b.float()).to(a.dtype).float() + bias.float()).to(a.dtype)
        return func(*args, **(kwargs or {}))


def test_a_spread_leaves_an_honest_kernel_room_to_store_intermediates_in_the_task_dtype(tmp_path):
    """Over a bfloat16 spread the bias can cancel most of a large mm, and an answer that rounds the mm to bfloat16
    before adding it (the direct teacher's) failed 10-51% of its sets on the GPU eval's addmm+tanh tasks. `Rounding`
    moves each op's inputs by half a unit of the task's dtype, so those sets come down the ladder."""
    from autotriton_backend.verifier.comparison import within
    from autotriton_backend.verifier.judge import _trials, _wide_copy, load_reference

    task = _source_task("torch.tanh(torch.addmm(y[:, 0], x, y.t()))",
                        "torch.randn(16, 64).bfloat16(), torch.randn(32, 64).bfloat16()")
    reference = load_reference(task.source)["Model"]()
    wide = _wide_copy(reference, task, "cpu")
    for seed in range(16):
        directory = tmp_path / str(seed)
        directory.mkdir()
        for trial in _trials("B", {}, seed, task, reference, wide, "cpu", directory, spread=True):
            with torch.no_grad(), _MmRoundedBeforeBias():
                out = reference(*trial.inputs)
            assert within(out, trial.expected[0], trial.tolerances[0])[0], (seed, str(trial.draw))


def test_a_half_precision_spread_is_measured_against_the_usual_draw(tmp_path):
    """Half a unit of bfloat16 on one op already takes more than REFERENCE_SHARE of the tolerance, so no bfloat16
    relu(x + y) was spread, and round 34's trigger (wrong where |x| or |y| reaches 16) passed again on bfloat16
    tasks. A spread now holds where rounding takes at most USUAL_MARGIN of what it takes over the usual draw."""
    from autotriton_backend.verifier.comparison import within
    from autotriton_backend.verifier.judge import _trials, _wide_copy, load_reference

    task = _source_task("torch.relu(x + y)", "torch.randn(5, 37).bfloat16(), torch.randn(5, 37).bfloat16()")
    reference = load_reference(task.source)["Model"]()
    wide = _wide_copy(reference, task, "cpu")
    caught = 0
    for seed in range(32):
        directory = tmp_path / str(seed)
        directory.mkdir()
        for trial in _trials("B", {}, seed, task, reference, wide, "cpu", directory, spread=True):
            x, y = trial.inputs
            out = torch.where((x.abs() < 16) & (y.abs() < 16), torch.relu(x + y), 0)
            caught += not within(out, trial.expected[0], trial.tolerances[0])[0]
    assert caught >= 6  # of 32 sets: 0 before (each on the usual draw)


def test_a_kernel_that_rounds_as_eager_does_gets_eager_s_error_as_room_and_no_more(tmp_path):
    """Eager PyTorch in bfloat16 (every op's result stored in bfloat16) failed 68 of 380 usual-draw sets of the
    held-out bfloat16 tasks against the task's tolerance alone (`examples/verifier/eager_slack.py`), so an honest
    kernel that stores its intermediates as eager does was judged on the draw. Each bound now grows to EAGER_SLACK
    times what eager takes of it on that set; a kernel off by a systematic 1.5% or by 0.05 on one element still fails."""
    from autotriton_backend.verifier.comparison import Tolerance, within
    from autotriton_backend.verifier.judge import _trials, _wide_copy, load_reference

    task = _source_task("torch.tanh(x.exp() @ y.t() / 8)",
                        "torch.randn(16, 64).bfloat16(), torch.randn(32, 64).bfloat16()")
    reference = load_reference(task.source)["Model"]()
    wide, fused = _wide_copy(reference, task, "cpu"), load_reference(task.source)["Model"]().float()
    eager_fails_alone = 0
    for seed in range(16):
        directory = tmp_path / str(seed)
        directory.mkdir()
        (trial,) = _trials("A", {}, seed, task, reference, wide, "cpu", directory)
        tolerance, expected, eager = trial.tolerances[0], trial.expected[0], trial.native[0]
        with torch.no_grad():
            fused32 = fused(*[x.float() for x in trial.inputs]).bfloat16()
        bumped = eager.clone()
        bumped.view(-1)[0] += 0.05
        assert within(eager, expected, tolerance)[0] and within(fused32, expected, tolerance)[0], (seed, tolerance)
        assert not within(eager * 1.015, expected, tolerance)[0] and not within(bumped, expected, tolerance)[0]
        eager_fails_alone += not within(eager, expected, Tolerance(task.tolerance_for(torch.bfloat16)))[0]
    assert eager_fails_alone >= 1  # of 16 sets: the room is needed here (3 with seeds 0-15)


def test_the_tolerance_is_not_widened_where_eager_is_accurate_or_not_measured(tmp_path):
    """float32 eager takes a sliver of its tolerance, and without a float64 copy (an op lacking a float64 kernel, or
    a task too large) the reference is its own measure: neither widens anything."""
    from autotriton_backend.verifier.comparison import Tolerance
    from autotriton_backend.verifier.judge import _trials, _wide_copy, load_reference

    task = _source_task("torch.tanh(x.exp() @ y.t() / 8)", "torch.randn(16, 64), torch.randn(32, 64)")
    reference = load_reference(task.source)["Model"]()
    (measured,) = _trials("A", {}, 0, task, reference, _wide_copy(reference, task, "cpu"), "cpu", tmp_path)
    (unmeasured,) = _trials("B", {}, 0, task, reference, None, "cpu", tmp_path)
    assert measured.tolerances == unmeasured.tolerances == (Tolerance(1e-4),)


def test_a_copy_of_bool_bytes_other_than_0_and_1_is_compute():
    """Round attack40: torch copies a bool as a bool, writing each byte as 0 or 1, so `codes.view(torch.bool).clone()`
    computed `codes != 0` with two layout ops (tests/attacks/round40_bool_view_of_codes.py); a copy into itself too."""
    from autotriton_backend.verifier.monitors import monitor_forward

    codes = torch.tensor([0, 5, 255, 1], dtype=torch.uint8)
    flags = torch.tensor([0, 1, 1, 0], dtype=torch.uint8)
    copies = {"clone": lambda b: b.clone(), "contiguous": lambda b: b[::2].contiguous(),
              "copy_": lambda b: torch.empty(4, dtype=torch.bool).copy_(b), "into itself": lambda b: b.copy_(b)}
    for name, copy in copies.items():
        for source, computes in ((codes, True), (flags, False)):
            with torch.no_grad(), monitor_forward("none") as monitor:
                copy(source.clone().view(torch.bool))
            assert bool(monitor.compute_ops) == computes, (name, source, dict(monitor.compute_ops))


def test_the_judge_refuses_a_bool_output_holding_bytes_other_than_0_and_1():
    """Round attack40: the comparison reads a bool's nonzero bytes as 1, so uint8 codes copied by a kernel and viewed
    as bool passed for `codes != 0` (tests/attacks/round40_bool_bytes_copy_kernel.py)."""
    from autotriton_backend.verdict import Verdict
    from autotriton_backend.verifier.comparison import Tolerance
    from autotriton_backend.verifier.judge import Trial, _Rejected, _Session
    from autotriton_backend.verifier.transport import TensorRef

    want = torch.tensor([False, True, True, False])
    trial = Trial("A", {}, [], [], (want,), (want,), [], frozenset({0}), (Tolerance(0.0),))
    session = _Session.__new__(_Session)
    session.verdict = Verdict("key", "sha", "cpu")
    session._ref = lambda data: TensorRef.from_json(data, 64)  # references are judged before any read (round 42)
    for stored, refused in (([0, 1, 1, 0], False), ([0, 1, 5, 0], True)):
        got = torch.tensor(stored, dtype=torch.uint8).view(torch.bool)
        session._read = lambda ref, got=got: got
        try:
            session._compare(trial, {"outputs": [{"file": "o", "dtype": "bool", "shape": [4], "stride": [1]}],
                                     "inputs_changed": []})
            assert not refused, stored
        except _Rejected as rejected:
            assert refused and rejected.check == "dtype", (stored, rejected.reason)


def test_the_absolute_floor_follows_a_typical_element_not_a_heavy_tail():
    """Round attack69: the floor was tol x max(1, rms(ref)), and x / y over randn has an rms of 5 or more in 97% of
    draws, so quotients rounded to steps of 2**-11 passed (tests/attacks/round68_heavy_tail_fixed_point.py). It now
    follows `typical_size`, about a normal's rms where the output is normal (a float32 matmul's cancelling elements and a
    relu of it still pass) and about 1.5 for x / y, where the steps fail in every draw."""
    import torch

    from autotriton_backend.verifier.comparison import Tolerance, typical_size, within

    generator = torch.Generator().manual_seed(69)
    tol = Tolerance(1e-4)
    for _ in range(20):
        x, y = torch.randn(5, 37, generator=generator), torch.randn(5, 37, generator=generator)
        exact = x.double() / y.double()
        quotient = x / y
        steps = torch.where(quotient.abs() >= 1, quotient, torch.floor(quotient * 2048 + 0.5) / 2048)
        assert within(quotient, exact, tol)[0] and not within(steps, exact, tol)[0]
        assert typical_size(exact) < 4
        a, b = torch.randn(64, 2048, generator=generator), torch.randn(2048, 48, generator=generator)
        product = a.double() @ b.double()
        assert 0.8 < typical_size(product) / float(product.square().mean().sqrt()) < 1.25
        assert within(a @ b, product, tol)[0] and within(torch.relu(a @ b), product.relu(), tol)[0]
    assert typical_size(torch.zeros(3)) == 0.0
    assert typical_size(torch.tensor([0.0, -2.0, 0.0], dtype=torch.float64)) == pytest.approx(2.0 / 3 ** 0.5)  # rms
    tail = torch.tensor([0.0, -20.0, 0.0, 0.1, 0.1, 0.1], dtype=torch.float64)
    assert typical_size(tail) == pytest.approx(0.1 / 0.6745)  # the one large element sets no scale


def test_the_floor_of_a_small_element_follows_what_it_is_made_of(tmp_path):
    """Round attack71: the floor tol x max(1, typical_size) let 1 / x (typical size 2.2 over randn) be rounded to steps
    of 2**-11 below 1, and x / y to steps of 2**-12 (tests/attacks/round71_*.py). A set's tolerance now carries, per
    element, how far the float64 reference moves under `Rounding` (`judge._made_of`); the floor is at most
    MADE_OF_SLACK times that. The steps of 1 / x fail on every set, those of x / y on most single sets (a verdict
    judges four or more), where the typical floor passed them all; honest float32 quotients, a matmul over K = 2048
    and its relu pass; an unmeasured tolerance (no float64 copy) keeps the typical floor."""
    import torch

    from autotriton_backend.verifier.comparison import Tolerance, typical_size, within
    from autotriton_backend.verifier.judge import _trials, _wide_copy, load_reference

    def judged(forward: str, inputs: str, seed: int):
        task = _source_task(forward, inputs)
        reference = load_reference(task.source)["Model"]()
        (trial,) = _trials("A", {}, seed, task, reference, _wide_copy(reference, task, "cpu"), "cpu", tmp_path)
        return trial

    def steps(v: torch.Tensor, step: float) -> torch.Tensor:
        return torch.where(v.abs() >= 1, v, torch.floor(v / step + 0.5) * step)

    refused, refused_before = [0, 0], [0, 0]
    for seed in range(8):
        trial = judged("(1.0 / x, x / y)", "torch.randn(5, 37), torch.randn(5, 37)", seed)
        x, y = trial.inputs
        for index, (honest, step) in enumerate(((1.0 / x, 2.0 ** -11), (x / y, 2.0 ** -12))):
            tol, expected = trial.tolerances[index], trial.expected[index]
            assert tol.made_of is not None and within(honest, expected, tol)[0]
            refused[index] += not within(steps(honest, step), expected, tol)[0]
            refused_before[index] += not within(steps(honest, step), expected, Tolerance(tol.value))[0]
        trial = judged("(x @ y, torch.relu(x @ y))", "torch.randn(32, 2048), torch.randn(2048, 24)", seed)
        x, y = trial.inputs
        assert within(x @ y, trial.expected[0], trial.tolerances[0])[0]
        assert within(torch.relu(x @ y), trial.expected[1], trial.tolerances[1])[0]
        assert typical_size(trial.expected[0]) > 30  # the floor matters: a cancelling element is made of its terms
    assert refused[0] == 8 and refused[1] >= 5, refused  # 8 and 7 of 8 (seeds 0-7)
    assert sum(refused_before) <= 2, refused_before  # the typical floor: 1 and 0 of 8 (seeds 0-7)
    four = torch.full((3,), 4.0, dtype=torch.float64)  # nothing measured: the typical floor, as before round attack71
    assert torch.equal(Tolerance(1e-4).bound(four), torch.full((3,), 1e-4 * (4.0 + 4.0), dtype=torch.float64))


_WHERE_FLIP = """import torch
class Model(torch.nn.Module):
    def forward(self, x0, x1, x2, x3, x4, x5, x6):
        v1 = torch.mean(torch.nn.functional.avg_pool2d(x0, 2))
        v5 = (torch.bmm(x1, x2) * v1 - x3) * x4
        return torch.nn.functional.gelu(torch.where(v5 > 0, v5, x5)) - x6
def get_inputs():
    return [torch.randn(4, 16, 8, 8).bfloat16(), torch.randn(2, 128, 64).bfloat16(), torch.randn(2, 64, 64).bfloat16(),
            torch.randn(64).bfloat16(), *[torch.randn(2, 128, 64).bfloat16() for _ in range(3)]]
def get_init_inputs():
    return []
"""
_CANCELLING_MEAN = """import torch
class Model(torch.nn.Module):
    def forward(self, x0, x1, x2):
        v3 = torch.nn.functional.adaptive_avg_pool2d(x2, 1) * torch.mean(torch.bmm(x0, x1))
        return torch.nn.functional.leaky_relu(torch.nn.functional.gelu(v3 * v3), 0.1)
def get_inputs():
    return [torch.randn(10, 64, 16).bfloat16(), torch.randn(10, 16, 32).bfloat16(), torch.randn(7, 16, 8, 8).bfloat16()]
def get_init_inputs():
    return []
"""


def test_a_where_within_rounding_of_its_threshold_and_a_cancelling_mean_leave_an_honest_kernel_room(tmp_path):
    """Round honest79: run 162 refused two honest bfloat16 training answers (Inductor's kernels, emulated here in torch
    as their Triton code computes: the bmm rounded to bfloat16 once, the rest in float32; Triton's CPU interpreter
    computes bfloat16 wrongly). One took the other branch of where(v5 > 0, ...) than float64 where v5 is within
    rounding of 0, off by |gelu(x5)| where eager had flipped nowhere as far (28 of 300 usual draws refused); the other
    squares a bmm's mean that cancels, 11-46% off in norm as eager is, past WIDEST_NORM (8 of 300). The bound is now
    never below MOVED_SLACK times the most rounding alone moved the element, and the norm's widens to ROUNDED_NORM
    where rounding alone moves the reference as much as eager is off. A kernel flipping the where beyond rounding,
    and zeros or 0.4 times the small output, still fail."""
    from autotriton_backend.verifier.comparison import within
    from autotriton_backend.verifier.judge import _trials, _wide_copy, load_reference

    def trial(source: str, seed: int):
        task = KernelTask.from_source(source)
        reference = load_reference(task.source)["Model"]()
        directory = tmp_path / f"{task.key[:8]}-{seed}"
        directory.mkdir()
        (judged,) = _trials("A", {}, seed, task, reference, _wide_copy(reference, task, "cpu"), "cpu", directory)
        return judged

    for seed in (43, 106, 212):  # refused before (elementwise 4.7, 11.3, 21.0 times the bound)
        judged = trial(_WHERE_FLIP, seed)
        x0, x1, x2, x3, x4, x5, x6 = [x.float() for x in judged.inputs]
        v1 = torch.nn.functional.avg_pool2d(x0, 2).sum() / 1024
        v5 = (torch.bmm(x1, x2).bfloat16().float() * v1 - x3) * x4
        honest = (torch.nn.functional.gelu(torch.where(v5 > 0, v5, x5)) - x6).bfloat16()
        flipped = (torch.nn.functional.gelu(torch.where(v5 > 0.05, v5, x5)) - x6).bfloat16()
        assert within(honest, judged.expected[0], judged.tolerances[0])[0], seed
        assert not within(flipped, judged.expected[0], judged.tolerances[0])[0], seed
    for seed in (26, 74, 184):  # refused before: 0.21, 0.43, 0.46 of the reference's norm off, as eager is
        judged = trial(_CANCELLING_MEAN, seed)
        x0, x1, x2 = [x.float() for x in judged.inputs]
        mean = torch.bmm(x0, x1).bfloat16().float().sum() / 20480
        v3 = x2.mean(dim=(2, 3), keepdim=True) * mean
        honest = torch.nn.functional.leaky_relu(torch.nn.functional.gelu(v3 * v3), 0.1).bfloat16()
        expected, tolerance = judged.expected[0], judged.tolerances[0]
        assert within(judged.native[0], expected, tolerance)[0] and within(honest, expected, tolerance)[0], seed
        assert not within(torch.zeros_like(honest), expected, tolerance)[0]
        assert not within(expected * 0.4, expected, tolerance)[0]


_CANCELLING_EVERYWHERE = """import torch
class Model(torch.nn.Module):
    def forward(self, x, y, z):
        big = x * 64
        return (big + y) - big + 0.25 * z
def get_inputs():
    return [torch.randn(64, 256).bfloat16(), torch.randn(64, 256).bfloat16(), torch.randn(64, 256).bfloat16()]
def get_init_inputs():
    return []
"""


def test_past_the_widest_norm_an_output_may_be_off_by_eager_s_rounding_not_twice_it(tmp_path):
    """Round attack82: round honest79 let eager's norm widening reach ROUNDED_NORM (0.5) where rounding alone moves
    the reference as much as eager is off, at EAGER_SLACK (2) times eager's error. Here eager rounds 64x + y to
    bfloat16 and is 10% off in norm on every draw: a kernel returning 0.8 times the output (20% off) was judged
    correct on every set, where WIDEST_NORM (0.1) had refused it. Past WIDEST_NORM the bound is now eager's own
    error plus ROUNDED_MARGIN: the kernel that rounds as eager does still passes, 0.8 times the output does not,
    and 0.9 times it (within WIDEST_NORM, as at a6c7070) still does."""
    from autotriton_backend.verifier.comparison import within
    from autotriton_backend.verifier.judge import _trials, _wide_copy, load_reference

    task = KernelTask.from_source(_CANCELLING_EVERYWHERE)
    reference = load_reference(task.source)["Model"]()
    wide = _wide_copy(reference, task, "cpu")
    for seed in (1, 2, 3):
        directory = tmp_path / str(seed)
        directory.mkdir()
        (judged,) = _trials("A", {}, seed, task, reference, wide, "cpu", directory)
        x, y, z = [t.float() for t in judged.inputs]
        expected, tolerance = judged.expected[0], judged.tolerances[0]
        as_eager = ((64 * x + y).bfloat16().float() - 64 * x + 0.25 * z).bfloat16()
        exact = y + 0.25 * z
        assert within(judged.native[0], expected, tolerance)[0] and within(as_eager, expected, tolerance)[0], seed
        assert within(exact.bfloat16(), expected, tolerance)[0] and within((0.9 * exact).bfloat16(), expected,
                                                                           tolerance)[0], seed
        assert not within((0.8 * exact).bfloat16(), expected, tolerance)[0], seed  # before: passed, 0.2 off


def test_a_large_output_s_typical_size_is_read_off_a_sample_close_to_the_whole(monkeypatch):
    """`typical_size` reads the median of an output larger than MEDIAN_SAMPLE off that many elements at random
    positions: the whole's copy and sort would cost a KernelBench-size output gigabytes in the judge. The sample's
    median stays near the whole's, heavy tail or not (here a sample of 16,384 of 786,432 elements)."""
    import torch

    from autotriton_backend.verifier import comparison

    generator = torch.Generator().manual_seed(70)
    outputs = [torch.randn(768, 1024, generator=generator, dtype=torch.float64) * 3,
               torch.randn(768, 1024, generator=generator, dtype=torch.float64)
               / torch.randn(768, 1024, generator=generator, dtype=torch.float64)]
    whole = [comparison.typical_size(out) for out in outputs]
    monkeypatch.setattr(comparison, "MEDIAN_SAMPLE", 1 << 14)
    for out, expected in zip(outputs, whole):
        assert comparison.typical_size(out) == pytest.approx(expected, rel=0.03)
    assert whole[0] == pytest.approx(3.0, rel=0.01) and whole[1] < 2.0


def test_integer_outputs_are_compared_exactly():
    """Round attack40: integers past 2**53 share a float64, and int64 outputs off by up to 128 above 2**60 differed by 0
    (tests/attacks/round40_int64_low_bits_dropped.py)."""
    from autotriton_backend.verifier.comparison import Tolerance, compared, within

    ref = torch.randint(2**60, 2**61, (64,), dtype=torch.int64)
    rounded = ref.double().long()  # the nearest float64 of each
    assert not torch.equal(rounded, ref)
    assert not within(rounded, ref, Tolerance(0.0))[0]
    assert compared(rounded, ref, Tolerance(0.0)).abs_err == float((rounded - ref).abs().max())
    assert within(ref.clone(), ref, Tolerance(0.0))[0]
    small = torch.tensor([1, 2, 3])
    assert within(small.clone(), small, Tolerance(0.0))[0] and not within(small + 1, small, Tolerance(0.0))[0]


def test_the_judge_refuses_a_bool_input_changed_in_place_to_bytes_other_than_0_and_1():
    """Round attack40's open note: an in-place task's changed inputs were compared with torch.equal, which reads a
    bool's nonzero bytes as True, so a bool input written with 5 for True passed and reached the user's process."""
    from autotriton_backend.verdict import Verdict
    from autotriton_backend.verifier.comparison import Tolerance
    from autotriton_backend.verifier.judge import Trial, _Rejected, _Session
    from autotriton_backend.verifier.transport import TensorRef

    out, after = torch.ones(4), torch.tensor([False, True, True, False])
    trial = Trial("A", {}, [], [], (out,), (out,), [after], frozenset({0}), (Tolerance(0.0),))
    session = _Session.__new__(_Session)
    session.verdict = Verdict("key", "sha", "cpu")
    session._ref = lambda data: TensorRef.from_json(data, 64)  # references are judged before any read (round 42)
    for stored, refused in (([0, 1, 1, 0], False), ([0, 1, 5, 0], True)):
        written = torch.tensor(stored, dtype=torch.uint8).view(torch.bool)
        assert torch.equal(written, after)  # what the judge relied on alone
        session._read = lambda ref, written=written: written if ref.file == "input" else out
        try:
            session._compare(trial, {"outputs": [{"file": "output", "dtype": "float32", "shape": [4], "stride": [1]}],
                                     "inputs_changed": [{"file": "input", "dtype": "bool", "shape": [4], "stride": [1]}]})
            assert not refused, stored
        except _Rejected as rejected:
            assert refused and rejected.check == "dtype" and "input 0" in rejected.reason, (stored, rejected.reason)


def test_complex_outputs_are_compared_in_both_parts():
    """Round attack40's open note: `compared` read a complex output as its float64, the real part alone, so any
    imaginary part passed."""
    from autotriton_backend.verifier.comparison import Tolerance, compared, within

    ref = torch.complex(torch.randn(32), torch.randn(32))
    wrong = torch.complex(ref.real, torch.zeros(32))
    assert not within(wrong, ref, Tolerance(1e-4))[0]
    assert compared(wrong, ref, Tolerance(1e-4)).abs_err == float(ref.imag.abs().max())
    assert within(ref.clone(), ref, Tolerance(0.0))[0] and within(ref.conj().conj(), ref, Tolerance(0.0))[0]


def test_a_task_s_tolerance_bounds_only_its_float_outputs():
    """Round attack40's open note: a task's own tolerance applied to its integer outputs, where the elementwise bound
    grows with the values' size: argmax indices of 1,000 columns off by 5 passed a task tolerance of 1e-2."""
    from autotriton_backend.task import KernelTask
    from autotriton_backend.verifier.comparison import Tolerance, within

    source = (CATALOGUE / "task_add_relu.py").read_text()
    loose, default = KernelTask.from_source(source, tolerance=1e-2), KernelTask.from_source(source)
    index = torch.arange(1000)
    assert within(index + 5, index, Tolerance(1e-2))[0]  # what an integer output got under the task's tolerance
    assert [loose.tolerance_for(d) for d in (torch.int64, torch.bool, torch.complex64, torch.float32)] == [0, 0, 0, 1e-2]
    assert not within(index + 5, index, Tolerance(loose.tolerance_for(index.dtype)))[0]
    assert default.tolerance_for("float16") == 1e-2 and default.tolerance_for(torch.int32) == 0.0


def test_the_gate_s_reasons_stay_short():
    """Round attack40: a refusal names what it refused, and the name is the candidate's: a 150,000-character attribute
    of torch gave a reason (and feedback) of 300,000 characters, a parameter declared global a syntax reason of as
    many (tests/attacks/round40_feedback_flood_*)."""
    from autotriton_backend.verdict import MAX_REASON_CHARS
    from autotriton_backend.verifier.allowlist import gate

    attacks = Path(__file__).parent / "attacks"
    for name, check in (("round40_feedback_flood_gate_reason", "gate"), ("round40_feedback_flood_syntax_reason", "syntax")):
        failed = next(c for c in gate((attacks / f"{name}.py").read_text()) if not c.passed)
        assert failed.name == check and len(failed.reason) < MAX_REASON_CHARS + 100, (name, len(failed.reason))
        assert "more characters cut" in failed.reason


def test_an_exception_s_text_never_holds_tensor_values():
    """Round attack40: the exception forward raises is the feedback the model reads next; `assert ok, x` put the judge's
    secret inputs there (tests/attacks/round40_error_echoes_inputs.py), and a message made from values read into
    Python is withheld (`withhold`: forward computed on the host first)."""
    from autotriton_backend.verifier.runner import short_error

    secret = torch.tensor([0.123456, 7.654321])
    for exc in (AssertionError(secret), ValueError("values", [secret]), RuntimeError(secret.view(2, 1))):
        text = short_error(exc)
        assert "0.1235" not in text and "7.6543" not in text and "values withheld" in text, text
    assert str(secret) != short_error(AssertionError(secret))  # the text outside is torch's own again
    assert "0.1235" in str(secret)
    text = short_error(AssertionError("inputs 0.1235 7.6543"), withhold=True)
    assert "0.1235" not in text and "withheld" in text, text
    from autotriton_backend.verifier.monitors import monitor_forward

    reads = {"float": lambda: float(secret[0]), "equal": lambda: torch.equal(secret, secret), "text": lambda: str(secret),
             "bool": lambda: bool(secret[0] > 0), "relu": lambda: torch.relu(secret)}
    for name, read in reads.items():  # what withholds the message: values in Python, not torch compute alone
        with torch.no_grad(), monitor_forward("none") as monitor:
            read()
        assert monitor.read_values == (name != "relu"), name


def test_code_that_reads_values_and_raises_withholds_its_message(monkeypatch):
    """Round attack41: a message can hold values that never reached Python. torch's index check named the first index
    out of range, `x[x.view(torch.int32)]` a secret input's exact bits (tests/attacks/round41_index_error_echoes_input_bits.py),
    and an interpreted kernel's `assert n < 0, x` the numpy array of a block of inputs
    (round41_kernel_assert_echoes_block.py). A layout op's size error stays readable."""
    import triton
    import triton.language as tl

    from autotriton_backend.verifier.monitors import monitor_forward

    monkeypatch.setenv("TRITON_INTERPRET", "1")

    @triton.jit
    def echo(x_ptr, n, BLOCK: tl.constexpr):
        x = tl.load(x_ptr + tl.arange(0, BLOCK))
        assert n < 0, x

    secret = torch.tensor([0.123456, 7.654321])
    raising = {"index": lambda: secret[secret.view(torch.int32)], "kernel": lambda: echo[(1,)](secret, 2, BLOCK=2),
               "view": lambda: secret.view(3)}
    for name, call in raising.items():
        with torch.no_grad(), monitor_forward("none") as monitor:
            with pytest.raises(Exception):
                call()
        assert monitor.read_values == (name != "view"), name


def test_an_output_shaped_by_values_withholds_later_messages_and_a_large_replay_is_skipped(monkeypatch):
    """On merging feedback42 (session 34): a layout op's size error stays readable, but after `x[x > 0]` the size is
    a count of the secret input's positive values, which "shape '[7, -1]' is invalid for input of size N" spelled.
    And a failed op is replayed on zeros only up to REPLAY_BYTES: a copy of a KernelBench-size input could take the
    sandbox past its memory cap."""
    from autotriton_backend.verifier import monitors

    secret = torch.randn(64)
    for picked, withheld in ((lambda: secret[secret > 0], True), (lambda: secret[:40], False)):
        with torch.no_grad(), monitors.monitor_forward("none") as monitor:
            with pytest.raises(RuntimeError, match="is invalid for input of size"):
                picked().view(7, -1)
        assert monitor.read_values == withheld
    a, b = torch.ones(5, 37), torch.ones(24, 24)
    for limit, shown in ((1 << 28, True), (1000, False)):
        monkeypatch.setattr(monitors, "REPLAY_BYTES", limit)
        with torch.no_grad(), monitors.monitor_forward("none") as monitor:
            with pytest.raises(RuntimeError, match="cannot be multiplied"):
                a @ b
        assert monitor.read_values != shown


def test_the_bounds_check_counts_no_lanes():
    """Round attack41: "(51341 of 100304 enabled lanes)": both counts were a kernel's choice from a value it loaded,
    one secret input's 32 bits (tests/attacks/round41_oob_lane_counts_bits.py)."""
    import re

    import numpy as np
    from triton._C.libtriton import interpreter as native

    from autotriton_backend.verifier.gpu_frontend import OutOfBounds, bounded_memory

    x = torch.arange(8, dtype=torch.float32)
    lanes = np.array([x.data_ptr()] * 3, dtype=np.uint64) + np.array([0, 32, 64], dtype=np.uint64)
    with bounded_memory({"x": x}):
        with pytest.raises(OutOfBounds) as refused:
            native.load(lanes, np.array([True] * 3), np.zeros(3, np.float32), np.float32)
    assert "outside every tensor argument" in str(refused.value) and not re.search(r"\d", str(refused.value))


def _launch_kernel(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), tl.load(x_ptr + tl.arange(0, BLOCK)))


def test_after_forward_read_values_no_refusal_spells_what_python_chose():
    """Round attack41: once forward has read values into Python, how often it ran an op and how many arguments it
    launched with are choices made from them: "aten.add x200", "205 positional arguments"
    (tests/attacks/round41_compute_counts_spell_bits.py, round41_launch_arg_count_bits.py). Both refusals stay, and
    name no count."""
    import types

    from triton.runtime.interpreter import InterpretedFunction

    from autotriton_backend.verifier import runner

    kernel = InterpretedFunction(_launch_kernel)
    secret = torch.tensor([0x3F8000C8], dtype=torch.int32).view(torch.float32)  # low byte 200

    class Counts(torch.nn.Module):
        def forward(self, x):
            kernel[(1,)](x, BLOCK=1)
            for _ in range(int(x.view(torch.int32)[0]) & 0xFF):
                x + x
            return x

    class Arguments(torch.nn.Module):
        def forward(self, x):
            kernel[(1,)](*([x] * ((int(x.view(torch.int32)[0]) & 0xFF) + 5)))
            return x

    session = runner._Session("cpu")
    session.module, session.own_names, session.table_bits = types.ModuleType("candidate"), frozenset(), 1024
    for model, check in ((Counts(), "torch_compute"), (Arguments(), "runtime")):  # launch_args before session 35
        session.model = model
        with pytest.raises(runner._Failed) as failed:
            session.run([secret.clone()], [None])
        assert failed.value.check == check, failed.value.reason
        assert "200" not in failed.value.reason and "205" not in failed.value.reason, failed.value.reason


def test_a_dead_sandbox_s_reason_never_shows_what_its_process_printed(tmp_path, capsys):
    """Round attack41: a candidate chooses what its process prints (torch warns once at each line that indexes with a
    uint8 mask), then fills memory past the slot's cap; the reason showed the log's last 2,000 characters, and the
    line numbers of the warnings spelled a secret input's bits (tests/attacks/round41_warning_lines_before_oom.py).
    Nor does it reach the judge's stderr, which is the user's terminal."""
    from autotriton_backend.verifier.sandbox import Sandbox, SandboxFailure, SlotSize

    class Killed:  # the slot's cgroup, once the kernel killed a process of it for its memory
        def oom_kills(self) -> int:
            return 1

        def met_cap(self) -> bool:
            return True

    (tmp_path / "log").write_text("candidate.py:1052: UserWarning: secret 0.123456\n")
    box = Sandbox.__new__(Sandbox)
    box.dir, box.process, box.cgroup, box._oom_kills = tmp_path, None, Killed(), 0
    box.size = SlotSize(1 << 30, 1 << 31)
    box._scratch_fd = os.open(tmp_path, os.O_RDONLY)
    try:
        with pytest.raises(SandboxFailure) as failed:
            box._raise_if_out_of_memory()
    finally:
        os.close(box._scratch_fd)
    assert failed.value.kind == "out_of_memory" and "0.123456" not in failed.value.reason
    assert "1052" not in failed.value.reason and "0.123456" not in capsys.readouterr().err


def test_an_op_that_fails_alike_on_zeros_keeps_its_message():
    """Session 34 (feedback42): an op whose failure, type and message, is the same on zeros (same shapes, strides
    and dtypes, no input's values) failed on shapes: forward has read no value, and its message reaches the repair
    ("The size of tensor a (37) must match ..."). An index out of range does not fail on zeros: still withheld
    (tests/attacks/round41_index_error_echoes_input_bits.py)."""
    from autotriton_backend.verifier.monitors import monitor_forward

    x, bias = torch.randn(5, 37), torch.randn(24)
    raising = {"broadcast": (lambda: x + bias, False), "index": (lambda: x.view(-1)[x.view(torch.int32)], True),
               "view": (lambda: x.view(3), False)}
    for name, (call, reads) in raising.items():
        with torch.no_grad(), monitor_forward("none") as monitor:
            with pytest.raises(Exception):
                call()
        assert monitor.read_values == reads, name


def test_a_withheld_kernel_error_names_its_type_its_kernel_line_and_a_literal_message(monkeypatch, tmp_path):
    """Session 34 (feedback42): withheld, what an interpreted kernel's body raised said "InterpreterError" and the
    launch's line only. It names the type inside, the kernel's own line, and the message where the statement that
    raised it is `raise ItsType("a literal")` (Triton's "inline_asm not supported in interpreter mode"); an
    `assert n < 0, x` of the kernel keeps its block's values withheld."""
    import importlib.util

    from autotriton_backend.verifier.runner import short_error

    monkeypatch.setenv("TRITON_INTERPRET", "1")
    path = tmp_path / "candidate.py"
    path.write_text(
        "import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef asm(x_ptr, BLOCK: tl.constexpr):\n"
        "    x = tl.load(x_ptr + tl.arange(0, BLOCK))\n"
        "    x = tl.inline_asm_elementwise('mov.b32 $0, $1;', '=r,r', [x], dtype=tl.float32, is_pure=True, pack=1)\n"
        "    tl.store(x_ptr + tl.arange(0, BLOCK), x)\n\n\n@triton.jit\ndef echo(x_ptr, n, BLOCK: tl.constexpr):\n"
        "    x = tl.load(x_ptr + tl.arange(0, BLOCK))\n    assert n < 0, x\n")
    spec = importlib.util.spec_from_file_location("candidate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    secret = torch.tensor([0.123456, 7.654321])
    with pytest.raises(Exception) as raised:
        module.asm[(1,)](secret, BLOCK=2)
    text = short_error(raised.value, withhold=True)
    assert text.startswith("InterpreterError from NotImplementedError: inline_asm not supported in interpreter mode")
    assert "(candidate.py line 8: x = tl.inline_asm_elementwise(" in text, text
    with pytest.raises(Exception) as raised:
        module.echo[(1,)](secret, 2, BLOCK=2)
    text = short_error(raised.value, withhold=True)
    assert "AssertionError (its message is withheld" in text and "0.12" not in text and "7.65" not in text, text
    assert "line 15: assert n < 0, x" in text, text

    class Named(ValueError):
        pass

    Named.__name__ = "V0_123456"  # a name set from a value (the gate refuses the assignment; the runtime need not)
    text = short_error(Named("0.123456"), withhold=True)
    assert "123456" not in text and text.startswith("an exception of a class the candidate defined"), text


def test_the_advice_never_points_at_a_withheld_message():
    """Session 34 (feedback42): "Fix the Triton compile error shown above." followed a reason whose message was
    withheld."""
    from autotriton_backend.verdict import WITHHELD, Check, Verdict

    reason = f"InterpreterError from AttributeError ({WITHHELD}: ...) (candidate.py line 9: y = x.foo)"
    verdict = Verdict("t", "0", "cpu", checks=[Check("compile", False, reason)]).finish()
    assert "shown above" in verdict.feedback and "error shown above" not in verdict.feedback
    assert "line of your code" in verdict.feedback


LAUNCHED = """
import torch
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    s = tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask)
    BODY
    tl.store(out_ptr + offs, tl.maximum(s, 0.0), mask=mask)


class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        LAUNCH
        return out
"""
GRID = "add_relu_kernel[(triton.cdiv(n, 64),)]"


def _judged(cases: dict[str, tuple[str, str]]) -> dict[str, "Verdict"]:
    """Each case's (kernel body line, launch line) put in LAUNCHED, judged on task_add_relu as the agent's are."""
    from autotriton_backend.verifier import VerifierPool

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    with VerifierPool("cpu", workers=2) as pool:
        futures = {name: pool.submit(task, Candidate(LAUNCHED.replace("BODY", body or "pass").replace("LAUNCH", launch)),
                                     VerifyOptions(device="cpu", timeout_s=120))
                   for name, (body, launch) in cases.items()}
        return {name: future.result() for name, future in futures.items()}


def test_a_kernel_that_built_and_failed_as_it_ran_is_runtime_and_one_that_did_not_build_is_compile():
    """Session 35 (feedback43): every exception of a module named like Triton was `compile`, so what an interpreted
    kernel's body raised as it ran (here a feature the interpreter lacks), after the GPU front end had built it, was
    filed as a compile failure, where a GPU files a fault of a running kernel as a runtime one. `compile` is now what
    the compiler refused (`gpu_frontend.compile_failure`): the front end's CompilationError, a static_assert. Neither
    counts as built and ran (`compiled`), as before: no reward changes."""
    asm = ('s = tl.inline_asm_elementwise("max.f32 $0, $1, 0f00000000;", "=r,r", [s], dtype=tl.float32, '
           'is_pure=True, pack=1)')
    verdicts = _judged({
        "interpreter_lacks": (asm, f"{GRID}(x, y, out, n, BLOCK=64)"),
        "static_assert": ('tl.static_assert(BLOCK >= 128, "BLOCK too small")', f"{GRID}(x, y, out, n, BLOCK=64)"),
        "arange": ("", f"{GRID}(x, y, out, n, BLOCK=48)"),
    })
    expected = {"interpreter_lacks": ("runtime", "NotImplementedError: inline_asm not supported in interpreter mode"),
                "static_assert": ("compile", "BLOCK too small"), "arange": ("compile", "must be a power of 2")}
    for name, (failure, words) in expected.items():
        verdict = verdicts[name]
        assert verdict.failure == failure and verdict.failed_check.name == failure, (name, verdict.feedback)
        assert words in verdict.feedback and not verdict.compiled and not verdict.hacked, (name, verdict.feedback)
    assert "compile error" not in verdicts["interpreter_lacks"].feedback
    assert "Fix the Triton compile error shown above." in verdicts["arange"].feedback

    import ast

    from triton.compiler.errors import CompilationError
    from triton.runtime.errors import InterpreterError, PTXASError

    from autotriton_backend.verifier.gpu_frontend import CompilationRefused, OutOfBounds, compile_failure

    assert compile_failure(CompilationError("def k(): pass", ast.parse("pass").body[0], "no"))
    assert compile_failure(CompilationRefused("x")) and compile_failure(PTXASError("x"))
    assert not compile_failure(InterpreterError("x")) and not compile_failure(OutOfBounds("x"))
    assert not compile_failure(KeyError("n")) and not compile_failure(RuntimeError("x"))


def test_launch_mistakes_say_which_argument_or_grid_is_wrong():
    """Session 35 (feedback43): a kernel launched without an argument said "KeyError: 'n'" (the interpreter's
    lookup); a misspelt keyword the same of the parameter it missed; too many or twice-given arguments were
    `launch_args`, counted as hacked, though binding wrongly runs nothing; `num_warp=4` passed (a GPU refuses it);
    an int grid and a grid callable's KeyError were withheld as if a kernel's body had raised them; a kernel called
    without a grid failed in the interpreter's internals, filed as `compile`; a list grid, which a GPU takes, failed.
    Each now says what to fix, as the candidate's own runtime error (a GPU raises a TypeError or RuntimeError for
    each), naming the kernel and its parameters: the candidate's own source."""
    launch = f"{GRID}(x, y, out, n, BLOCK=64)"
    cases = {
        "missing": (f"{GRID}(x, y, out, BLOCK=64)", "TypeError: kernel `add_relu_kernel` was launched without its "
                                                    "argument `n`: it takes (x_ptr, y_ptr, out_ptr, n, BLOCK)"),
        "misspelt": (f"{GRID}(x, y, out, n, BLOCK_SIZE=64)", "without its argument `BLOCK`: it takes (x_ptr, y_ptr, "
                                                            "out_ptr, n, BLOCK); `BLOCK_SIZE` is none of its parameters"),
        "too_many": (f"{GRID}(x, y, out, n, 64, 1)", "takes (x_ptr, y_ptr, out_ptr, n, BLOCK), 5 arguments, and was "
                                                    "launched with 6 positional ones"),
        "twice": (f"{GRID}(x, y, out, n, n=n, BLOCK=64)", "`n` was passed by position and again by name"),
        "option": (launch.replace("BLOCK=64", "BLOCK=64, num_warp=4"), "`num_warp` is none of them, nor a launch "
                                                                        "option"),
        "int_grid": (launch.replace("[(triton.cdiv(n, 64),)]", "[triton.cdiv(n, 64)]"),
                     "TypeError: a launch's grid is a tuple of 1 to 3 program counts"),
        "no_grid": ("add_relu_kernel(x, y, out, n, BLOCK=64)", "RuntimeError: kernel `add_relu_kernel` was called like "
                                                               "a function, without a grid"),
        "grid_key": (launch.replace("[(triton.cdiv(n, 64),)]", '[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)]'),
                     "KeyError: 'BLOCK_SIZE'"),
        "list_grid": (launch.replace("[(triton.cdiv(n, 64),)]", "[[triton.cdiv(n, 64)]]"), ""),
    }
    verdicts = _judged({name: ("", line) for name, (line, _) in cases.items()})
    for name, (_, words) in cases.items():
        verdict = verdicts[name]
        if name == "list_grid":
            assert verdict.correct, verdict.feedback
            continue
        assert verdict.failure == "runtime" and not verdict.hacked and not verdict.compiled, (name, verdict.feedback)
        assert words in verdict.feedback and "withheld" not in verdict.feedback, (name, verdict.feedback)


def test_a_launch_mistake_chosen_from_values_is_withheld():
    """Session 35 (feedback43): the launch mistakes' messages name parameters and keys, which forward can choose
    from values it read: which argument is missing (a bit a launch), a grid callable's missing key made of an input's
    bits. Both are withheld once forward read values (tests/attacks/feedback43_*)."""
    bits = "int(x.view(torch.int32)[0, 0])"
    verdicts = _judged({
        "missing": ("", f"{GRID}(x, y, out, BLOCK=64) if {bits} & 1 else {GRID}(x, y, out, n)"),
        "grid_key": ("", f"add_relu_kernel[lambda meta: (meta[str({bits})],)](x, y, out, n, BLOCK=64)"),
    })
    for name, verdict in verdicts.items():
        assert verdict.failure == "runtime" and "its message is withheld" in verdict.feedback, (name, verdict.feedback)
        assert "`n`" not in verdict.feedback and "`BLOCK`" not in verdict.feedback, verdict.feedback
        assert not re.search(r"'-?\d{3,}'", verdict.feedback), verdict.feedback


def test_every_reason_is_printable_text():
    """Round attack42 (round42_feedback_control_characters): a reason repeats what the candidate raised, and reached
    the terminal (`autotriton verify`), the repair prompt and UTF-8 files with its terminal escapes and lone
    surrogates. Every reason passes `shortened`, which now writes them as escapes; newlines, tabs and printable
    non-ASCII text stay as they are."""
    from autotriton_backend.verdict import Check, Verdict, shortened

    raised = "ValueError: see \x1b]52;c;aGk=\x07\r\x1b[2K \udcff\ud800 \x00 \x9b end\n\tnext line é ≤ 😀"
    reason = shortened(raised)
    assert reason == ("ValueError: see \\x1b]52;c;aGk=\\x07\\r\\x1b[2K \\udcff\\ud800 \\x00 \\x9b end\n\tnext line "
                      "é ≤ 😀")
    verdict = Verdict(task_key="k", candidate_sha256="s", device="cpu", checks=[Check("runtime", False, reason)])
    feedback = verdict.finish().feedback
    feedback.encode("utf-8")  # no lone surrogate left to raise
    assert all(c in "\n\t" or c.isprintable() for c in feedback), ascii(feedback)
    assert len(shortened("\x1b" * 5000)) < 4100  # cut after escaping: an escape never makes it longer than the cap


def test_a_reason_holds_no_character_shown_otherwise_than_read():
    """Round attack46 (round46_feedback_format_characters): round 42 escaped control characters and lone surrogates
    only, so a right-to-left override, zero-width, tag and separator characters and a Hangul filler, spelled with ASCII
    escapes in a raised message, reached the reason raw (`autotriton verify` printed them to the terminal). Every
    character `shown_otherwise` but newline and tab is now written as its escape; visible non-ASCII text stays."""
    from autotriton_backend.verdict import shortened, shown_otherwise

    raised = "ValueError: \u202e\u2066 TCERROC\u2069 \u200b\ufeff\U000e0041 \u2028\u00a0\xad x\u3164 é ≤ 😀\n\tend"
    reason = shortened(raised)
    assert reason == ("ValueError: \\u202e\\u2066 TCERROC\\u2069 \\u200b\\ufeff\\U000e0041 \\u2028\\xa0\\xad "
                      "x\\u3164 é ≤ 😀\n\tend")
    assert not [c for c in reason if c not in "\n\t" and shown_otherwise(c)]


def test_a_view_between_integer_types_of_opposite_signedness_is_a_conversion():
    """Round attack42 (round42_int8_view_is_the_cast): uint8 codes read as int8 are `x.to(torch.int8)`, the wrapping
    cast, which the monitor refuses when it is spelled `.to`; views between dtypes of one size that change no value
    stay layout: 0/1 bytes between bool and uint8 (honest_bool_view_mask), float bits read as an integer."""
    from autotriton_backend.verifier.monitors import monitor_forward

    codes = torch.randint(0, 256, (8,), dtype=torch.uint8)
    for view in (lambda: codes.view(torch.int8), lambda: codes.view(torch.int8).view(torch.uint8)[:0]):
        with monitor_forward("none") as monitor:
            view()
        assert "aten.view (a dtype conversion)" in monitor.compute_ops, monitor.compute_ops
    for view in (lambda: (codes > 1).view(torch.uint8), lambda: codes.clamp_max(1).view(torch.bool),
                 lambda: torch.ones(4).view(torch.int32), lambda: torch.ones(4, dtype=torch.int32).view(torch.float32)):
        with monitor_forward("none") as monitor:
            out = view()
        assert not [op for op in monitor.compute_ops if "view" in op], (out.dtype, monitor.compute_ops)


def test_the_judge_refuses_an_output_s_layout_before_it_reads_a_byte(tmp_path):
    """Round attack42 (round42_judge_reads_before_shape): an output file may span four times the largest tensor in
    8-byte elements, and the judge read every file of a reply in whole before it refused the first one's shape: on a
    task of GB inputs, GBs a slot into the judge's own memory, which no cgroup caps. Shape, dtype and strides are now
    judged on the reply's references, and a changed input the reference leaves alone is refused unread: the files
    named here do not exist, so any read would fail as `outputs` ("cannot be opened")."""
    from types import SimpleNamespace

    from autotriton_backend.verdict import Verdict
    from autotriton_backend.verifier.judge import JudgeJob, _Rejected, _Session, build_reference_set

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    (tmp_path / "in").mkdir()
    (tmp_path / "job").mkdir()
    reference = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path / "in")
    box = SimpleNamespace(job_dir=tmp_path / "job", resize=lambda size: None)
    session = _Session(SimpleNamespace(device="cpu"), JudgeJob(task, "", ""), reference, box, Verdict("k", "s", "cpu"))
    trial = reference.trials[0]
    want = trial.native[0]
    huge = session._max_elements()

    def reply(out: dict, changed: list) -> dict:
        return {"outputs": [{"file": "absent", **out}], "inputs_changed": changed}

    for out, check in (({"dtype": "int64", "shape": [huge], "stride": [1]}, "shape"),
                       ({"dtype": "int64", "shape": list(want.shape), "stride": list(want.stride())}, "dtype"),
                       ({"dtype": "float32", "shape": list(want.shape), "stride": [1, want.shape[0]]}, "stride")):
        with pytest.raises(_Rejected) as refused:
            session._compare(trial, reply(out, [None, None]))
        assert refused.value.check == check, refused.value.reason
    fine = {"dtype": "float32", "shape": list(want.shape), "stride": list(want.stride())}
    changed = {"file": "absent-too", "dtype": "float32", "shape": list(want.shape), "stride": list(want.stride())}
    with pytest.raises(_Rejected) as refused:
        session._compare(trial, reply(fine, [changed, None]))
    assert refused.value.check == "input_mutation", refused.value.reason
    with pytest.raises(_Rejected) as refused:  # all laid out as the reference's: only now is a file opened
        session._compare(trial, reply(fine, [None, None]))
    assert refused.value.check == "outputs" and "cannot be opened" in refused.value.reason, refused.value.reason


@pytest.mark.parametrize("before, after", [
    (0.0, -0.0), (float("nan"), -float("nan")), (complex(0.0, 0.0), complex(0.0, -0.0)), (range(0, 0), range(5, 5)),
    (range(0, 3, 2), range(0, 4, 2)), (torch.zeros(1), torch.zeros(1, requires_grad=True)),
    (torch.zeros(1), torch.nn.Parameter(torch.zeros(1), requires_grad=False)),
], ids=["signed_zero", "nan_sign", "complex_zero", "empty_range", "range_step", "requires_grad", "parameter_class"])
def test_kept_state_tells_apart_what_python_reads_and_equality_does_not(before, after) -> None:
    """forward's state is compared after every checked call (`runner.kept_state`); values `==` calls equal that
    Python code still tells apart (`math.copysign`, `str(range)`, `t.requires_grad`, `isinstance(t, nn.Parameter)`)
    kept a call count, and a kernel right for 31 calls and wrong from then on was judged correct
    (tests/attacks/round68_*_counter.py). Equal values still compare equal, NaN included."""
    from autotriton_backend.verifier.runner import same_state, snapshot

    assert not same_state(snapshot({"kept": [before]}), snapshot({"kept": [after]}))
    assert not same_state(snapshot({"kept": [before]}, portable=True), snapshot({"kept": [after]}, portable=True))
    again = before.clone() if isinstance(before, torch.Tensor) else before
    assert same_state(snapshot({"kept": [before]}), snapshot({"kept": [again]}))


def test_kept_state_tells_apart_which_slots_share_an_object_or_a_storage() -> None:
    """Which of forward's slots hold one object (`is`) and which tensors share a storage (a kernel stores to one and
    loads the other) is state no value or byte holds: a string in five slots, or an equal one built apart, and a ring
    of equal zero tensors of which one is a view of a kept one, rotated each call, were call counts judged correct
    (tests/attacks/round72_string_identity_counter.py, round72_storage_alias_ring_counter.py). Across builds
    (`portable`) strings are compared by value: the interpreter shares equal ones at its own pace (nn.RNN)."""
    from autotriton_backend.verifier.runner import same_state, snapshot

    tag, kept = "ab", torch.zeros(1)
    one, apart = {"tag": tag, "slots": [tag]}, {"tag": tag, "slots": [tag[:1] + tag[1:]]}
    assert not same_state(snapshot(one), snapshot(apart))
    assert same_state(snapshot(one), snapshot({"tag": tag, "slots": [tag]}))
    assert same_state(snapshot(one, portable=True), snapshot(apart, portable=True))
    view = {"kept": kept, "ring": [kept.view(1), torch.zeros(1)]}
    own = {"kept": kept, "ring": [torch.zeros(1), kept.view(1)]}
    for portable in (False, True):
        assert not same_state(snapshot(view, portable=portable), snapshot(own, portable=portable))
        assert same_state(snapshot(view, portable=portable),
                          snapshot({"kept": kept, "ring": [kept.view(1), torch.zeros(1)]}, portable=portable))


def test_a_spliced_kernel_s_outputs_share_no_storage(tmp_path: Path) -> None:
    """A custom op's outputs may not alias each other (its schema says two tensors); the verifier compares values
    only, so `return out, out` for a region returning relu(x + y) twice was judged correct
    (tests/fixtures/user_process/round68_twin_outputs_one_storage.py), and a compiled graph that updated one output
    in place (inductor reuses a buffer it owns) changed the other too: torch warns and goes on. The op hands back
    a copy of any output sharing a storage with an earlier one or with an input, as for the region's own ops."""
    from autotriton_backend.splice import kernel_op

    task = KernelTask.from_source("import torch\n\n\nclass Model(torch.nn.Module):\n    def forward(self, x, y):\n"
                                  "        return torch.relu(x + y), torch.relu(y + x)\n\n\ndef get_inputs():\n"
                                  "    return [torch.randn(5, 37), torch.randn(5, 37)]\n\n\ndef get_init_inputs():\n"
                                  "    return []\n")
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round68_twin_outputs_one_storage.py").read_text()
    assert verify(task, Candidate(source), VerifyOptions(device="cpu")).correct  # its values are right
    op = kernel_op(task, source, tmp_path)
    x, y = torch.randn(5, 37), torch.randn(5, 37)
    with torch.no_grad():
        first, second = op(x, y)
        assert first.untyped_storage().data_ptr() != second.untyped_storage().data_ptr()
        first.add_(1.0)
        assert torch.equal(second, torch.relu(x + y))


def test_each_feature_of_the_spread_meets_values_without_the_others(tmp_path):
    """A kernel that tests its input for a whole number told every spread set from a user's values (each spread set
    held all the spread's features at once, the usual sets none) and was wrong elsewhere: ties broken the other way,
    zeros for large activations (tests/attacks/round84_*). Set B's seed now also draws each feature alone."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    trials = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path).trials
    alone = {trial.draw.alone: torch.cat([x.flatten() for x in trial.inputs]) for trial in trials
             if trial.name.startswith("B")}
    assert set(alone) == {None, "magnitude", "zeros", "whole", "coarse", "ties", "tiny"}
    for feature in ("magnitude", "ties", "tiny"):  # a value of few bits may be whole, and whole numbers tie each other
        values = alone[feature]
        assert not (values == values.round()).any(), feature
        assert (values.unique().numel() < values.numel()) is (feature == "ties"), feature
    # the magnitudes alone may be one gain anywhere in 1..top (round attack88), so not always past 6: they move
    # nearly every value of the usual draw, where ties move an eighth at most
    assert (alone["magnitude"] != alone["ties"]).float().mean() > 0.5
    for feature in ("ties", "zeros", "whole", "coarse", "tiny"):
        assert alone[feature].abs().max() < 6, feature
    assert (alone["zeros"] == 0).any() and not (alone["whole"] == 0).any()


def test_the_spread_s_shares_and_magnitudes_differ_from_seed_to_seed():
    """Every set with zeros made an eighth of each signed input 0, every magnitude was a log-uniform factor per
    element: a kernel honest only where 1/16..3/16 of its inputs are 0, or only where x is heavy tailed, was judged
    correct on every verdict and wrong on a relu's half zeros, or a LayerNorm times a gain
    (tests/attacks_open/round87_*). Set B's shapes are now drawn from its seed (`magnitude.mixed`); what each
    feature guarantees stays: |x| past 16 on every seed, a 0.0 and a -0.0 in each signed input."""
    from autotriton_backend.verifier.magnitude import alone_draws, ladder, mixed

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    seeds, odd_share, light_tail = range(40), 0, 0
    for seed in seeds:
        sets = [make_inputs(task, seed, {}, "cpu", draw)
                for draw in [next(ladder(mixed(seed))), *(draws[0] for draws in alone_draws(seed))]]
        zeros = [float(sum((v == 0).sum() for v in inputs)) / sum(v.numel() for v in inputs) for inputs in sets]
        odd_share += any(z > 0 and not 1 / 16 <= z <= 3 / 16 for z in zeros)
        tails = [float((x ** 4).mean() / (x ** 2).mean() ** 2) for x, _ in sets if x.abs().max() > 6]
        light_tail += any(t < 4.5 for t in tails)
        assert any(bool((torch.cat([x, y]).abs() >= 16).any()) for x, y in sets), seed
        for inputs in (sets[0], sets[2]):  # the ladder's first rung and the zeros alone
            assert all((v == 0).any() and (torch.signbit(v) & (v == 0)).any() for v in inputs), seed
    assert odd_share >= len(seeds) / 2 and light_tail >= len(seeds) / 3, (odd_share, light_tail)


def test_tiny_magnitudes_are_drawn_on_every_spread_seed_and_never_subnormal():
    """The spread only multiplied upwards, so 0 < |x| < 1e-4 came from a normal's rare small draws alone: a kernel
    wrong only there met such a value on 3 of 300 reference sets (tests/attacks/round36_tiny_magnitude_trigger.py).
    Every seed's tiny magnitudes alone now hold them in each signed input, down to about 1e-6, each a normal float of
    the input's dtype (a GPU kernel flushing subnormals to zero is honest), float16's too; the ladder and the sets
    leaving a feature out draw none (`magnitude.FEATURES`), and where a task's range keeps an input positive, none are
    drawn."""
    from dataclasses import replace

    from autotriton_backend.verifier.magnitude import _tiny, all_but_one, alone_draws, ladder, mixed

    def tiny(v: torch.Tensor) -> torch.Tensor:
        return v[(v != 0) & (v.abs() < 1e-4)]

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    half = replace(task, inputs=tuple(replace(spec, dtype="float16") for spec in task.inputs))
    ranged = replace(task, inputs=tuple(replace(spec, low=0.5, high=2.0) for spec in task.inputs))
    smallest = []
    for seed in range(40):
        alone = alone_draws(seed)[-1][0]
        assert alone.alone == "tiny" and all(not d.has("tiny") for s in all_but_one(seed) for d in s)
        assert not next(ladder(mixed(seed))).has("tiny")
        for t in (task, half):
            found = [tiny(v) for v in make_inputs(t, seed, {}, "cpu", alone)]
            assert all(f.numel() for f in found), (seed, t.inputs[0].dtype)
            smallest += [float(f.abs().min()) for f in found]
        assert all(tiny(v).numel() == 0 for v in make_inputs(ranged, seed, {}, "cpu", alone))
    assert min(smallest) < 2e-6, min(smallest)
    generator = torch.Generator().manual_seed(0)
    for dtype in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
        # a float16 normal draws a subnormal itself at times (1 element in 20,000): `_tiny` never makes one
        values = _tiny(torch.randn(100_000, dtype=dtype, generator=generator) * 16, generator)
        assert values.dtype == dtype and bool((values.abs() >= torch.finfo(dtype).tiny).all()), dtype
        lowest = 6.2e-5 if dtype == torch.float16 else 1e-6  # float16's smallest normal is 6.1e-5
        assert bool((values.abs() < 1.25e-4).all()) and float(values.abs().min()) < lowest, dtype


def test_the_features_alone_are_drawn_only_where_their_sets_fit_the_device(tmp_path, monkeypatch):
    """Five more input sets of an 8.6 GB input ran an honest candidate out of device memory on an H200 (run 163: the
    judge held them all while the candidate ran): past the budget for a set's optional parts the spread's features
    are not drawn alone, and the correctness check says so (never silently weaker)."""
    from autotriton_backend.verifier import judge

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    set_bytes = sum(x.numel() * x.element_size() for x in make_inputs(task, 0, example_sizes(task), "cpu"))
    monkeypatch.setattr(judge, "_optional_bytes", lambda device: set_bytes * judge.ALONE_SETS)
    fits = judge.build_reference_set(judge.JudgeJob(task, None, ""), "cpu", tmp_path)
    assert fits.input_bytes == set_bytes and fits.features_alone and {t.draw.alone for t in fits.trials} > {None}
    monkeypatch.setattr(judge, "_optional_bytes", lambda device: set_bytes * judge.ALONE_SETS - 1)
    refused = judge.build_reference_set(judge.JudgeJob(task, None, ""), "cpu", tmp_path)
    assert not refused.features_alone and all(t.draw.alone is None for t in refused.trials)
    the_judge = judge.Judge("cpu", 1)
    try:
        verdict = the_judge.judge(judge.JudgeJob(task, (CATALOGUE / "honest_single_kernel.py").read_text(), ""))
    finally:
        the_judge.close()
    assert verdict.correct, verdict.feedback
    check = next(c for c in verdict.checks if c.name == "correctness")
    assert f"features not drawn alone nor left out: {judge.ALONE_SETS} sets of" in check.reason


def test_the_budget_for_the_features_alone_is_the_largest_set_s_not_the_example_s(tmp_path, monkeypatch):
    """A region task's symbol ranges up to 64 or twice its example bucket (`region_task._symbol_range`), so B's sets
    hold up to 4x the example's bytes per symbol (here up to 21x); the budget checked on A's bytes let the alone sets
    of a B larger than A be drawn past it (and run timeouts grew with A's bytes)."""
    from dataclasses import replace

    from autotriton_backend.verifier import judge

    task = replace(KernelTask.from_file(CATALOGUE / "task_add_relu.py"),
                   symbols={"n": SymbolRange(example=3, low=3, high=64)})
    task = replace(task, inputs=tuple(replace(spec, shape=("n", 64)) for spec in task.inputs))
    a_bytes = sum(x.numel() * x.element_size() for x in make_inputs(task, 0, example_sizes(task), "cpu"))
    monkeypatch.setattr(judge, "_optional_bytes", lambda device: a_bytes * judge.ALONE_SETS)
    built = judge.build_reference_set(judge.JudgeJob(task, None, ""), "cpu", tmp_path)
    largest = max(sum(x.numel() * x.element_size() for x in t.inputs) for t in built.trials)
    assert largest > a_bytes and built.input_bytes == largest
    assert not built.features_alone and all(t.draw.alone is None for t in built.trials)


def test_a_magnitude_alone_set_is_sometimes_a_light_tailed_normal_at_a_moderate_scale():
    """Every set whose values reached 6 was heavy tailed (a factor per element), held a slice of rms past 11 (the
    largest slice gain at the top, 16) or had an rms of 7 or more (one gain in 8..16): a kernel honest only on those
    and wrong past 6 elsewhere was judged correct on every verdict and wrong on a LayerNorm's output times 3
    (tests/attacks_open/round88_large_off_unless_scaled_like_a_drawn_set.py). The magnitudes alone now draw one gain
    anywhere in 1..top."""
    from autotriton_backend.verifier.magnitude import alone_draws

    def rms(t: torch.Tensor) -> float:
        nonzero = t[t != 0]
        return float(nonzero.pow(2).mean().sqrt()) if nonzero.numel() else 0.0

    def moderate_normal(t: torch.Tensor) -> bool:
        nonzero = t[t != 0]
        light = float(nonzero.pow(4).mean() / nonzero.pow(2).mean() ** 2) <= 4.5
        slices = max(rms(s) for d in range(t.dim()) for s in t.unbind(d))
        return light and rms(t) < 7 and slices <= 11 and bool((t.abs() >= 6).any())

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    seeds = range(40)
    found = sum(any(map(moderate_normal, make_inputs(task, seed, {}, "cpu", alone_draws(seed)[0][0])))
                for seed in seeds)
    assert found >= len(seeds) / 10, found  # before: 0 of 40


def test_the_zeros_share_reaches_a_relu_s():
    """A share of zeros log-uniform in 1/16..1/2 told every set from a user's relu output (70% zeros): a kernel honest
    only on 1/50..3/5 zeros was judged correct on 599 of 600 reference sets
    (tests/attacks_open/round88_zero_trigger_unless_zeros_are_1_in_50_to_3_in_5.py). Over 40 seeds of B's sets with
    zeros (the ladder's first rung, the zeros alone), some hold more than 3/5 zeros."""
    from autotriton_backend.verifier.magnitude import alone_draws, ladder, mixed

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    shares = [float((v == 0).float().mean()) for seed in range(40)
              for draw in (next(ladder(mixed(seed))), alone_draws(seed)[1][0])
              for v in make_inputs(task, seed, {}, "cpu", draw)]
    assert all(share > 0 for share in shares)  # every input of those sets still holds a zero
    assert sum(share > 3 / 5 for share in shares) >= len(shares) / 5, shares  # before: none



def _ties_at(v: torch.Tensor, end: str) -> bool:
    """Whether some slice of `v` along some dim holds its largest (`end` "top") or smallest value twice."""
    extreme = torch.amax if end == "top" else torch.amin
    return any(bool(((v == extreme(v, d, keepdim=True)).sum(d) > 1).any()) for d in range(v.dim()))


def test_two_features_meet_without_a_third_on_some_set():
    """The ladder's set held all five features, each alone set one: a kernel wrong only where ties and zeros meet
    without a whole number met no set, and was wrong on a user's relu of dequantised values
    (tests/attacks/round87_argmax_last_on_ties_with_zeros_without_whole_numbers.py). Each feature is now left out of
    a set holding the others (`magnitude.all_but_one`): there it is absent for sure (a value of few bits that is
    whole included; ties excepted: zeros and whole numbers tie), and zeros and ties at both extremes are present
    wherever not left out (whole numbers and fewer-bit values can be drawn over: tests/attacks_open/README.md)."""
    from autotriton_backend.verifier.magnitude import FEATURES, all_but_one

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    absent = {"magnitude": lambda v: not (v.abs() >= 6).any(), "zeros": lambda v: not (v == 0).any(),
              "whole": lambda v: not ((v == v.round()) & (v != 0)).any()}  # zeros and whole numbers may tie
    present = {"zeros": lambda v: bool((v == 0).any()), "ties": lambda v: _ties_at(v, "top") and _ties_at(v, "bottom")}
    for seed in range(20):
        sequences = all_but_one(seed)
        assert [draws[0].without for draws in sequences] == [f for f in FEATURES if f != "tiny"]  # tiny: alone only
        for draws in sequences:
            left_out = draws[0].without
            for v in make_inputs(task, seed, {}, "cpu", draws[0]):
                assert absent.get(left_out, lambda v: True)(v), (seed, left_out)
                assert all(holds(v) for feature, holds in present.items() if feature != left_out), (seed, left_out)


def test_ties_alone_are_drawn_at_each_extreme_on_its_own(tmp_path):
    """Every tied set tied some slice at its smallest value too: an argmax picking the last of tied maxima unless a
    row ties at its minimum was judged correct on every verdict and wrong on a user's softmax tied at its top
    (tests/attacks/round87_argmax_last_unless_a_row_ties_at_its_minimum.py). The ties alone are now drawn once at
    the top only and once at the bottom only; the ladder keeps both."""
    from autotriton_backend.verifier.judge import JudgeJob, build_reference_set

    task = KernelTask.from_file(CATALOGUE.parent / "attacks" / "task_argmax_rows.py")
    trials = build_reference_set(JudgeJob(task, None, ""), "cpu", tmp_path).trials
    ties = {t.draw.ties: t.inputs[0] for t in trials if t.draw.alone == "ties"}
    assert set(ties) == {"top", "bottom"}
    assert _ties_at(ties["top"], "top") and not _ties_at(ties["top"], "bottom")
    assert _ties_at(ties["bottom"], "bottom") and not _ties_at(ties["bottom"], "top")
    ladder = next(t.inputs[0] for t in trials if t.name == "B")
    assert _ties_at(ladder, "top") and _ties_at(ladder, "bottom")


def symbolic_add_relu(example: int = 5) -> KernelTask:
    """task_add_relu with its rows a symbol (1..64, the example's 5): a region task's shape."""
    from dataclasses import replace

    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    return replace(task, symbols={"rows": SymbolRange(example=example, low=1, high=64)},
                   inputs=tuple(replace(spec, shape=("rows", 37)) for spec in task.inputs))


def test_the_spread_is_drawn_at_the_example_sizes_too():
    """A region task's example is the size the user's graph was traced at, and set B, the only spread, never repeats
    it (a kernel with the example's sizes hard-coded is caught there): at the example's sizes the judge drew only the
    usual values, so a range trigger gated on the example's rows (tests/attacks/round89_range_trigger_at_the_example_
    sizes.py) was judged correct on every verdict and wrong at the traced size. Now the spread is drawn there too;
    an honest kernel still passes."""
    task = symbolic_add_relu()
    attack = (ATTACKS / "round89_range_trigger_at_the_example_sizes.py").read_text()
    verdict = verify(task, Candidate(attack), VerifyOptions(device="cpu"))
    assert verdict.failed_check is not None and verdict.failed_check.name == "mismatch", verdict.feedback
    assert "'rows': 5" in verdict.feedback, verdict.feedback  # at the example's sizes
    honest = verify(task, Candidate((CATALOGUE / "honest_single_kernel.py").read_text()), VerifyOptions(device="cpu"))
    assert honest.correct, honest.feedback


def test_the_usual_draw_is_drawn_at_new_sizes_too():
    """At sizes other than the example's every set held some spread feature and the plain usual draw came at the
    example's sizes only, so a kernel wrong on plain inputs at any other size (a user's batch of another size) was
    judged correct on about 97% of reference sets (tests/fixtures/symbolic/round89_wrong_on_plain_values_at_new_
    sizes.py). Now a usual set is drawn at B's sizes too."""
    task = symbolic_add_relu()
    attack = (Path(__file__).parent / "fixtures" / "symbolic" / "round89_wrong_on_plain_values_at_new_sizes.py")
    verdict = verify(task, Candidate(attack.read_text()), VerifyOptions(device="cpu"))
    assert verdict.failed_check is not None and verdict.failed_check.name == "mismatch", verdict.feedback
    assert "for input set B" in verdict.feedback, verdict.feedback  # B-usual, or a magnitude alone set of a low gain


def honest_symbolic_tasks() -> dict[str, KernelTask]:
    """Tasks with a symbol of rows (1..64): a softmax over rows, an argmax (int64), a float16 matmul over rows."""
    from dataclasses import replace

    def rows(task: KernelTask, example: int) -> KernelTask:
        return replace(task, symbols={"rows": SymbolRange(example=example, low=1, high=64)},
                       inputs=(replace(task.inputs[0], shape=("rows", *task.inputs[0].shape[1:])), *task.inputs[1:]))

    argmax = KernelTask.from_source("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n"
                                    "        return torch.argmax(x, dim=-1)\ndef get_inputs():\n"
                                    "    return [torch.randn(5, 37)]\ndef get_init_inputs():\n    return []\n")
    matmul = KernelTask.from_source("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x, w):\n"
                                    "        return x @ w\ndef get_inputs():\n    return [torch.randn(4, 32).half(), "
                                    "torch.randn(32, 48).half()]\ndef get_init_inputs():\n    return []\n")
    return {"honest91_softmax_rows": rows(KernelTask.from_file(CATALOGUE / "task_softmax.py"), 7),
            "honest91_argmax_first_of_ties": rows(argmax, 5), "honest91_fp16_dot_over_dynamic_m": rows(matmul, 4)}


@pytest.mark.parametrize("name", sorted(honest_symbolic_tasks()))
def test_honest_kernels_on_a_symbolic_task_pass_every_size_and_spread(name):
    """Round honest91: a task with symbols is judged on about 15 sets (round attack89 added the spread at the
    example's sizes, E, and a usual set at B's new sizes, B-usual). Honest kernels for a softmax over a dynamic row
    count, an int64 argmax (first of ties) and a float16 tl.dot over a dynamic M pass them all, with more than the 8
    sets judged before (17 honest kernels passed every verdict, 510 in all: tests/attacks/README.md, round honest91)."""
    verdict = verify(honest_symbolic_tasks()[name], Candidate((SYMBOLIC / f"{name}.py").read_text()),
                     VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    judged = re.match(r"(\d+) input sets", next(c.reason for c in verdict.checks if c.name == "correctness"))
    assert judged and int(judged.group(1)) > 8, verdict.checks  # E and B-usual ran


def test_tiny_magnitudes_never_take_every_value_of_an_input():
    """A set whose every value of an input was tiny made outputs judged on their norm at 1e-6 (the ladder, beside 14
    zeros of a 3 x 5 input: the direct teacher's exp-based tanh, 1e-7 off there as float32 is, was refused in 1 CI run
    of 6; tests/test_training_data.py's chain). Tiny magnitudes are now drawn alone only, and never on every value
    that may take one: the one with the largest draw stays as it was."""
    from autotriton_backend.verifier.magnitude import Draw, Mix, spread

    generator = torch.Generator().manual_seed(0)
    half = Mix(tiny=1 / 2)
    for columns in (1, 2, 5, 37):
        for _ in range(100):
            values = spread(torch.randn(3, columns, generator=generator), Draw(alone="tiny", mix=half), True, generator)
            assert bool((values.abs() >= 1e-4).any()), values
    many = spread(torch.randn(64, 37, generator=generator), Draw(alone="tiny", mix=half), True, generator)
    assert 0.3 < float((many.abs() < 1e-4).float().mean()) < 0.6  # about half of them tiny where many may be
    assert not Draw(16.0, zeros=True, mix=half).has("tiny")  # the ladder's sets draw none
    assert spread(torch.randn(0, 5), Draw(alone="tiny", mix=half), True, generator).shape == (0, 5)  # nothing to keep
