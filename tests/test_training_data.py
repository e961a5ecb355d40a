"""Training data: generators, the inductor teacher without a GPU, the cleaner, the files, the split rule.

The cleaner is tested on real inductor output: `tests/fixtures/inductor/*.json` were captured with
inductor's CUDA codegen on this CPU-only machine (see capture.py there), and one test captures live.
Cleaned candidates must pass the static gate and be judged correct by the real verifier, with the
kernels running in the Triton interpreter.
"""
from __future__ import annotations

import gzip
import json
import os
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
import torch

from autotriton_backend.cli import main as autotriton_main
from autotriton_backend.prompt import PROMPT_VERSION, assistant_message, extract_code
from autotriton_backend.candidate import Candidate
from autotriton_backend.verifier import VerifyOptions, shared_pool, verify
from autotriton_backend.verifier.allowlist import gate as static_checks
from autotriton_backend.task import KernelTask, SymbolRange, load_reference
from training.data.clean import CleanError, clean
from training.data.dataset import Ledger, ShardWriter, read_records
from training.data.families import composition_of, families_in_source, split_of
from training.data.generate import CPU_SIZE_CAP, GenerateOptions, generate, plan_tasks
from training.data.direct.translate import direct_answer
from training.data.judge import judge_candidates
from training.data.program_regions import RegionsOptions, add_program_regions
from training.data.rl_tasks import RLOptions, add_rl_tasks
from training.data.synthetic import DTYPES, program
from training.data.teacher import InductorOutput, capture

FIXTURES = Path(__file__).parent / "fixtures" / "inductor"


def _fixture(name: str) -> tuple[KernelTask, InductorOutput]:
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    return KernelTask.from_json(data["task"]), InductorOutput.from_json(data["inductor"])


def _forward_params(task: KernelTask) -> list[str]:
    import inspect

    return list(inspect.signature(load_reference(task.source)["Model"].forward).parameters)[1:]


# ---------------------------------------------------------------- prompt format

def test_answer_format_round_trips_through_the_extractor() -> None:
    code = "import torch\n\nclass ModelNew(torch.nn.Module):\n    pass"
    assert extract_code(assistant_message(code, "")["content"]) == code
    assert PROMPT_VERSION.startswith("kernelbench-triton-") and len(PROMPT_VERSION) == len("kernelbench-triton-") + 12


# ---------------------------------------------------------------- synthetic programs and families

def test_synthetic_programs_are_reproducible_and_varied() -> None:
    first, again = program(11), program(11)
    assert (first.task.source, first.task.key, first.families) == (again.task.source, again.task.key, again.families)
    drawn = [program(seed, cap=32) for seed in range(40)]
    assert len({p.task.key for p in drawn}) >= 38
    assert {p.dtype for p in drawn} == set(DTYPES)
    assert any(p.task.symbols for p in drawn)
    for p in drawn:
        assert p.families and p.composition == composition_of(p.families)
        assert f"dtype=torch.{p.dtype}" in p.task.source


def test_hard_programs_compose_more_families() -> None:
    plain = [len(set(program(seed, cap=32).families)) for seed in range(30)]
    hard = [len(set(program(seed, hard=True, cap=32).families)) for seed in range(30)]
    assert sum(hard) / len(hard) > sum(plain) / len(plain) + 1


def test_dynamic_programs_run_across_their_symbol_range() -> None:
    """Every input holding the batch dim follows the symbol (program 65's input added after a reduction left the value
    1-D did not, so its reference failed at any other batch size), and the example batch is one inductor keeps symbolic."""
    from autotriton_backend.verifier.inputs import make_inputs

    dynamic = [p.task for p in (program(seed, cap=32) for seed in range(100)) if p.task.symbols]
    assert len(dynamic) >= 10
    for task in dynamic:
        model = load_reference(task.source)["Model"]()
        symbol = task.symbols["s0"]
        assert symbol.example >= 2  # programs 10 and 64 had batch 1, which inductor specializes: all its kernels failed
        for size in (symbol.low, symbol.high):
            out = model(*make_inputs(task, 0, {"s0": size}, "cpu"))
            assert isinstance(out, torch.Tensor) and out.numel() > 0


def test_synthetic_references_are_usable_by_the_verifier() -> None:
    """The verifier's own reference check (build, generated inputs, finite outputs) passes for every program: program
    110 reduced with `var` over the 1-wide dim that adaptive pooling leaves, which is NaN for every input."""
    from training.data.judge import reference_error

    drawn = [program(seed, cap=32) for seed in range(120)] + [program(seed, hard=True, cap=32) for seed in range(20)]
    assert any("var" in p.ops for p in drawn)
    errors = [(p.seed, p.hard, reference_error(p.task, "cpu")) for p in drawn]
    assert [error for error in errors if error[2]] == []


def test_families_of_a_region_source() -> None:
    source = ("v0 = torch.ops.aten.mm.default(x0, x1)\nv1 = torch.ops.aten.relu.default(v0)\n"
              "v2 = torch.ops.aten.view.default(v1, [4])\nv3 = torch.ops.aten.sum.dim_IntList(v2, [0])")
    assert families_in_source(source) == ["matmul", "pointwise_unary", "reduction"]


def test_split_holds_whole_compositions_and_keeps_single_families_in_train(tmp_path: Path) -> None:
    assert all(split_of(f) == "train" for f in ("matmul", "pointwise_unary", "softmax"))
    planned = plan_tasks(GenerateOptions(out=tmp_path, count=300, device="cpu", zoo=False, progress=False))
    train = {t.composition for t in planned if split_of(t.composition) == "train"}
    test = {t.composition for t in planned if split_of(t.composition) == "test"}
    assert test and train and not (train & test)
    assert sum(split_of(t.composition) == "test" for t in planned) < len(planned) / 2


def test_plan_deals_zoo_regions_and_synthetic_programs_in_turns(tmp_path: Path, monkeypatch) -> None:
    """Every run adds both kinds of task (the zoo's regions alone held 5 test compositions after 585 tasks)."""
    import training.data.generate as generate_module

    zoo = plan_tasks(GenerateOptions(out=tmp_path, count=3, device="cpu", zoo=False, progress=False, seed=7))
    zoo = [replace(sourced, origin="zoo") for sourced in zoo]
    monkeypatch.setattr(generate_module, "zoo_tasks", lambda directory, device, progress: zoo)
    planned = plan_tasks(GenerateOptions(out=tmp_path, count=8, device="cpu", progress=False))
    assert [s.origin for s in planned] == ["zoo", "synthetic"] * 3 + ["synthetic"] * 2
    assert len({s.task.key for s in planned}) == 8
    assert plan_tasks(GenerateOptions(out=tmp_path, count=8, device="cpu", progress=False)) == planned  # reproducible


# ---------------------------------------------------------------- cleaning captured inductor output

@pytest.mark.parametrize("name", ["layernorm_gelu", "matmul_bias_relu_sum", "softmax_two_outputs", "dynamic_synthetic"])
def test_cleaned_inductor_output_passes_the_gate_and_the_verifier(name: str) -> None:
    task, output = _fixture(name)
    sources = clean(output, _forward_params(task))
    assert sources and len(set(sources)) == len(sources)
    for source in sources:
        assert all(check.passed for check in static_checks(source)), static_checks(source)
        for leftover in ("torch._inductor", "triton_helpers", "triton_heuristics", "libdevice.", "empty_strided_cuda",
                         "get_raw_stream", "assert_size_stride", ".run("):
            assert leftover not in source.replace("tl.extra.libdevice.", "")
    (verdict,) = judge_candidates(task, sources[:1], shared_pool("cpu"))
    assert verdict.correct, verdict.feedback


def test_variants_differ_only_in_launch_configuration() -> None:
    task, output = _fixture("layernorm_gelu")
    sources = clean(output, _forward_params(task), max_variants=3)
    assert len(sources) >= 2
    kernels = [s.split("class ModelNew")[0] for s in sources]
    assert len(set(kernels)) == 1  # same kernels; the launches (block sizes, warps) differ


def test_extern_kernels_are_refused() -> None:
    task, output = _fixture("matmul_bias_relu_sum")
    launch = next(line for line in output.code.splitlines() if "triton_tem_" in line and ".run(" in line)
    cublas = "            extern_kernels.mm(arg0_1, arg1_1, out=buf0)"
    with_extern = InductorOutput(output.code.replace(launch, cublas), output.args, output.returns_tuple)
    with pytest.raises(CleanError, match="extern_kernels.mm"):
        clean(with_extern, _forward_params(task))


def model_source(args: str, result: str, inputs: str) -> str:
    """A KernelBench-format task whose forward(self, ARGS) returns RESULT on get_inputs() = [INPUTS]."""
    return ("import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n"
            f"    def forward(self, {args}):\n        return {result}\n\n\n"
            f"def get_inputs():\n    return [{inputs}]\n\n\ndef get_init_inputs():\n    return []\n")


def test_convolutions_become_triton_templates_not_extern_calls() -> None:
    """With ATen among the conv backends a convolution can stay a cuDNN extern call, which the cleaner refuses (under
    fake_cuda, 73 of the 78 zoo and synthetic conv tasks cleaned to nothing; 48 clean with Triton alone)."""
    source = model_source("x, w, b", "torch.nn.functional.conv2d(x, w, b, padding=1)",
                          "torch.randn(2, 3, 8, 8), torch.randn(4, 3, 3, 3), torch.randn(4)")
    task = KernelTask.from_source(source)
    output = capture(task, "fake-cuda")
    assert "extern_kernels.convolution" not in output.code and "triton_tem_fused_convolution" in output.code
    (verdict,) = judge_candidates(task, clean(output, ["x", "w", "b"])[:1], shared_pool("cpu"))
    assert verdict.correct, verdict.feedback


def test_inductor_writes_cuda_triton_without_a_gpu() -> None:
    """The fixtures' provenance, live: inductor's CUDA codegen under fake_cuda on this machine."""
    source = model_source("x, y", "torch.sigmoid(x) * y.amax(-1, keepdim=True)",
                          "torch.randn(8, 24), torch.randn(8, 24)")
    task = KernelTask.from_source(source)
    output = capture(task, "fake-cuda")
    assert "device_str='cuda'" in output.code and "@triton.jit" in output.code
    assert not torch.cuda.is_available()  # nothing of the fake device leaks out
    (verdict,) = judge_candidates(task, clean(output, ["x", "y"])[:1], shared_pool("cpu"))
    assert verdict.correct, verdict.feedback


def test_a_reduction_to_one_value_is_launched_with_its_specialized_size() -> None:
    """Inductor types `xnumel` of a reduction to one value as 'constexpr' (constant 1) yet passes it to `.run`: the
    cleaner counted it out and refused the launch (synthetic programs 13, 27 and 34 on the GPU)."""
    source = model_source("x, y", "torch.relu(y) * torch.mean(torch.sigmoid(x))",
                          "torch.randn(8, 762), torch.randn(4, 16)")
    task = KernelTask.from_source(source)
    output = capture(task, "fake-cuda")
    assert "'xnumel': 'constexpr'" in output.code
    (verdict,) = judge_candidates(task, clean(output, ["x", "y"])[:1], shared_pool("cpu"))
    assert verdict.correct, verdict.feedback


def _batch_dynamic(source: str) -> KernelTask:
    """The task with dim 0 of every multi-dim input as one symbol `s0` (2..4), like a dynamic synthetic program."""
    task = KernelTask.from_source(source)
    inputs = tuple(replace(spec, shape=("s0", *spec.shape[1:])) if len(spec.shape) > 1 else spec for spec in task.inputs)
    return replace(task, inputs=inputs, symbols={"s0": SymbolRange(example=2, low=2, high=4)})


def test_a_size_read_off_a_dynamic_input_becomes_its_shape() -> None:
    """Inductor reads a dynamic batch with `arg1_1_size = arg1_1.size()`: the cleaner refused it as an unsupported host
    call (15 of the 94 tasks refused so on the GPU, e.g. synthetic 381, reproduced under fake_cuda)."""
    source = model_source("x, y, z", "torch.maximum(torch.maximum(torch.sin(x), y), z)",
                          "torch.randn(2, 8), torch.randn(8), torch.randn(2, 8)")
    task = _batch_dynamic(source)
    output = capture(task, "fake-cuda")
    assert ".size()" in output.code
    (verdict,) = judge_candidates(task, clean(output, ["x", "y", "z"])[:1], shared_pool("cpu"))
    assert verdict.correct, verdict.feedback


def test_a_grid_that_folds_y_into_z_is_launched_with_its_helper_variables() -> None:
    """A dynamic 2-D tiled kernel gets inductor's Grid2DWithYZOverflow, whose grid assigns helper variables first: the
    cleaner refused it (12 zoo tasks on the GPU, e.g. mixer_block and lm_cross_entropy in dynamic mode)."""
    source = model_source("x, y", "x.transpose(1, 2) + y", "torch.randn(2, 8, 16), torch.randn(2, 16, 8)")
    task = _batch_dynamic(source)
    output = capture(task, "fake-cuda")
    assert "'grid_type': 'Grid2DWithYZOverflow'" in output.code
    sources = clean(output, ["x", "y"])
    assert all(check.passed for check in static_checks(sources[0]))
    (verdict,) = judge_candidates(task, sources[:1], shared_pool("cpu"))
    assert verdict.correct, verdict.feedback


# ---------------------------------------------------------------- files, resuming, command line

def test_shards_stay_under_the_limit_and_read_back(tmp_path: Path) -> None:
    writer = ShardWriter(tmp_path, "pairs", limit_bytes=4096)
    records = [{"i": i, "text": os.urandom(300).hex()} for i in range(100)]
    for record in records:
        writer.write(record)
    writer.close()
    shards = sorted(tmp_path.glob("pairs-*.jsonl.gz"))
    assert len(shards) > 3 and all(p.stat().st_size <= 4096 for p in shards)
    assert list(read_records(tmp_path, "pairs")) == records
    (tmp_path / "pairs-00999.jsonl.gz.part").write_bytes(b"half a shard")
    resumed = ShardWriter(tmp_path, "pairs", limit_bytes=4096)
    assert not list(tmp_path.glob("*.part")) and resumed.next_number == len(shards)


def test_generate_on_cpu_writes_verified_pairs_and_resumes(tmp_path: Path) -> None:
    options = GenerateOptions(out=tmp_path, count=2, device="cpu", zoo=False, capture_workers=1, judge_workers=1,
                              max_variants=1, progress=False)
    first = generate(options)
    assert first["tasks"] == 2
    ahead = add_rl_tasks(RLOptions(out=tmp_path, total=10, count=3, zoo=False, size_cap=CPU_SIZE_CAP, progress=False))
    assert ahead.added == 1  # the third planned task, recorded before the teacher judges it below
    resumed = generate(GenerateOptions(**{**options.__dict__, "count": 3}))
    ledger = Ledger(tmp_path / "ledger.jsonl")
    assert resumed["tasks"] == 3 and len(ledger.outcomes) == 3 and len(ledger.done) == 3  # nothing redone
    pairs = list(read_records(tmp_path / "pairs", "pairs"))
    assert len(pairs) == resumed["pairs"] >= 1
    for pair in pairs:
        assert pair["verdict"]["correct"] and pair["prompt_version"] == PROMPT_VERSION
        assert pair["task_key"] == KernelTask.from_json(pair["task"]).key
        assert pair["split"] == split_of(pair["composition"])
        assert all(check.passed for check in static_checks(pair["target"]))
    rl = list(read_records(tmp_path / "rl", "rl"))
    assert rl and all("target" not in task and task["prompt"] for task in rl)
    assert len({task["task_key"] for task in rl}) == len(rl) == stats_rl_tasks(tmp_path)  # judging wrote no duplicate
    assert rl[-1]["teacher_solved"] is None and rl[-1]["task_key"] not in {p["task_key"] for p in rl[:-1]}
    stats = json.loads((tmp_path / "stats.json").read_text())
    assert stats["tasks"] == 3 and "rejection_reasons" in stats
    with gzip.open(sorted((tmp_path / "pairs").glob("*.gz"))[0], "rt") as handle:
        assert json.loads(handle.readline())["schema"] == 1


def stats_rl_tasks(out: Path) -> int:
    return json.loads((out / "stats.json").read_text())["rl"]["tasks"]


INFINITE_OUTPUT = """
import torch
class Model(torch.nn.Module):
    def forward(self, x):
        return torch.where(x > 0, x, torch.full_like(x, float("-inf")))
def get_inputs():
    return [torch.randn(4, 8)]
def get_init_inputs():
    return []
"""


def test_rl_tasks_need_a_reference_the_verifier_can_judge() -> None:
    """A masked score with -inf in its output runs, but the verifier refuses it (NaN or inf): no RL task, also when the
    teacher failed on it (two such zoo regions had entered the RL set through a check that only ran the model)."""
    from training.data.generate import judge_task
    from training.data.judge import reference_error
    from training.data.sources import SourcedTask

    broken = KernelTask.from_source(INFINITE_OUTPUT, name="masked")
    assert "NaN or inf" in reference_error(broken, "cpu")
    sane = program(3, cap=32).task
    assert reference_error(sane, "cpu") == ""
    for task, usable in ((broken, False), (sane, True)):
        sourced = SourcedTask(task, "synthetic", "synthetic:test", ("pointwise_unary",), "float32")
        failed = ([], "teacher:compiling the task failed", 0.0)
        outcome, pairs, rl_task = judge_task(sourced, failed, shared_pool("cpu"))
        assert outcome.status == "teacher_failed" and not pairs
        assert (rl_task is not None) == usable
        assert rl_task is None or (rl_task.teacher_solved is False and rl_task.hard)


def test_rl_tasks_are_added_from_the_plan_without_a_teacher_and_resume(tmp_path: Path) -> None:
    from training.data.dataset import TaskOutcome

    options = RLOptions(out=tmp_path, total=3, count=8, zoo=False, size_cap=CPU_SIZE_CAP, progress=False)
    planned = plan_tasks(GenerateOptions(out=tmp_path, count=8, device="cpu", zoo=False, progress=False))
    judged = planned[1]
    Ledger(tmp_path / "ledger.jsonl").append([TaskOutcome(
        task_key=judged.task.key, origin=judged.origin, source=judged.source, families=list(judged.families),
        composition=judged.composition, dtype=judged.dtype, split=split_of(judged.composition), status="verified")])
    assert add_rl_tasks(options).added == 3
    first = list(read_records(tmp_path / "rl", "rl"))
    assert [r["task_key"] for r in first] == [t.task.key for t in planned if t is not judged][:3]  # plan order
    for record in first:
        assert record["teacher_solved"] is None and record["hard"] == ("hard" in record["source"])
        assert record["split"] == split_of(record["composition"]) and record["prompt"]
        assert record["task_key"] == KernelTask.from_json(record["task"]).key
    assert add_rl_tasks(RLOptions(**{**options.__dict__, "total": 5})).added == 2
    assert add_rl_tasks(RLOptions(**{**options.__dict__, "total": 5})).added == 0  # resumed: nothing redone
    again = list(read_records(tmp_path / "rl", "rl"))
    assert again[:3] == first and len({r["task_key"] for r in again}) == 5 and judged.task.key not in {
        r["task_key"] for r in again}
    assert stats_rl_tasks(tmp_path) == 5
    assert "python -m training.data.rl_tasks --out" in (tmp_path / "commands.txt").read_text()


def test_program_regions_are_aten_train_tasks_recorded_once(tmp_path: Path) -> None:
    """Programs 0-7 of seed 1 at CPU sizes: 1 is in the test split (left out whole), 6 has a symbolic batch."""
    options = RegionsOptions(out=tmp_path, programs=8, size_cap=CPU_SIZE_CAP, progress=False)
    report = add_program_regions(replace(options, workers=2))
    records = list(read_records(tmp_path / "rl", "rl"))
    assert report.added == len(records) >= 7 and report.programs == 8
    assert report.skipped["program in the test split"] == 1
    assert len({r["task_key"] for r in records}) == len(records)
    for record in records:
        task = KernelTask.from_json(record["task"])
        assert record["origin"] == "regions" and record["source"].startswith("regions:synthetic:")
        assert record["split"] == "train" == split_of(record["composition"])
        assert record["composition"] == composition_of(families_in_source(task.source))
        assert "torch.ops.aten." in task.source and record["teacher_solved"] is None
    assert any(KernelTask.from_json(r["task"]).symbols for r in records)  # the dynamic program stays dynamic
    longest = KernelTask.from_json(max(records, key=lambda r: len(r["task"]["source"]))["task"])
    verdict = verify(longest, Candidate(direct_answer(longest)), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.feedback  # the direct teacher answers what the partitioner cut
    assert add_program_regions(replace(options, programs=3)).added == 0  # a range run again writes nothing twice
    assert len(list(read_records(tmp_path / "rl", "rl"))) == len(records)


def test_program_regions_go_on_when_the_os_kills_a_worker(tmp_path: Path) -> None:
    """A worker killed mid-compile (as the OOM killer would) breaks the pool: the programs under way run again."""
    import psutil

    killed: list[int] = []

    def kill_one_worker() -> None:
        deadline = time.monotonic() + 120
        while not killed and time.monotonic() < deadline:
            workers = [p for p in psutil.Process().children() if "spawn" in " ".join(p.cmdline())]
            busy = [p for p in workers if time.time() - p.create_time() > 5]
            if busy:
                busy[0].kill()
                killed.append(busy[0].pid)
            time.sleep(0.2)

    killer = threading.Thread(target=kill_one_worker)
    killer.start()
    report = add_program_regions(RegionsOptions(out=tmp_path, programs=4, size_cap=CPU_SIZE_CAP, workers=2,
                                                progress=False))
    killer.join()
    assert killed, "no worker was killed: the test did not test anything"
    assert report.programs == 4 and "compile: its worker died twice" not in report.skipped
    assert report.added == len(list(read_records(tmp_path / "rl", "rl"))) >= 3  # every train program's regions


def test_cli_refuses_cuda_without_a_gpu_and_unwritable_dirs(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert autotriton_main(["train", "data", "--out", str(tmp_path / "d"), "--device", "cuda"]) == 2
    assert "needs a CUDA GPU" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert autotriton_main(["train", "data", "--out", str(blocker / "d"), "--device", "cpu"]) == 2
    err = capsys.readouterr().err
    assert "cannot write" in err and len(err.strip().splitlines()) == 1
    assert autotriton_main(["train", "data", "--out", str(tmp_path / "d"), "--device", "cpu", "--judges-per-gpu", "0"]) == 2
    assert "--judges-per-gpu must be at least 1" in capsys.readouterr().err


def test_the_committed_dataset_keeps_test_compositions_out_of_train():
    """What issue 8 asks of the real files: no op composition of the test split is ever trained on."""
    root = Path(__file__).resolve().parent.parent / "training" / "dataset"
    for kind in ("pairs", "rl"):
        records = list(read_records(root / kind, kind))
        train = {r["composition"] for r in records if r["split"] == "train"}
        test = {r["composition"] for r in records if r["split"] == "test"}
        assert train and test and not train & test
        assert all(r["split"] == split_of(r["composition"]) for r in records)


def test_tasks_and_capture_processes_are_dealt_over_every_gpu(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from multiprocessing import Value

    from training.data.generate import judge_devices, next_capture_gpu

    monkeypatch.setattr(torch.cuda, "device_count", lambda: 4)  # no GPU here: only the dealing is under test
    options = GenerateOptions(out=tmp_path, device="cuda")
    assert judge_devices(options) == ["cuda:0", "cuda:1", "cuda:2", "cuda:3"]
    assert judge_devices(GenerateOptions(out=tmp_path, device="cuda", gpus=1)) == ["cuda"]
    assert judge_devices(GenerateOptions(out=tmp_path, device="cpu", gpus=4)) == ["cpu"]
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "5,6,7")
    started = Value("i", 0)
    assert [next_capture_gpu(started, 3) for _ in range(4)] == ["5", "6", "7", "5"]


BFLOAT16_DOUBLE = """
import torch
class Model(torch.nn.Module):
    def forward(self, x):
        return x * 2.0
def get_inputs():
    return [torch.randn(8, 16, dtype=torch.bfloat16)]
def get_init_inputs():
    return []
"""

BFLOAT16_ADD_KERNEL = """
import torch
import triton
import triton.language as tl

@triton.jit
def double_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(x_ptr + offs, mask=mask), mask=mask)

class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        double_kernel[(triton.cdiv(x.numel(), 64),)](x, out, x.numel(), BLOCK=64)
        return out
"""


def test_a_task_the_verifier_failed_on_is_left_for_the_next_run_not_recorded() -> None:
    """bfloat16 arithmetic in the CPU interpreter is the verifier's limit (an `internal` verdict): the task must
    not enter the ledger as rejected, or no later run on a GPU would judge it again."""
    from autotriton_backend.task import InputSpec
    from training.data.generate import judge_task
    from training.data.sources import SourcedTask

    task = KernelTask("double", BFLOAT16_DOUBLE, (InputSpec(shape=(8, 16), dtype="bfloat16"),), "mul(x, 2.0)")
    sourced = SourcedTask(task, "synthetic", "synthetic:test", ("pointwise_binary",), "bfloat16")
    assert judge_task(sourced, ([BFLOAT16_ADD_KERNEL], "", 0.0), shared_pool("cpu")) is None
    outcome, _, _ = judge_task(sourced, ([], "teacher:compiling the task failed", 0.0), shared_pool("cpu"))
    assert outcome.status == "teacher_failed"  # the teacher's own failures are still recorded


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        for child in (task / "children").read_text().split():
            found |= {int(child)} | _descendants(int(child))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_sigterm_commits_stops_every_worker_and_says_how_to_continue(tmp_path: Path) -> None:
    """A kill mid-run must not hang on compiles in flight, nor leave capture workers or judges running."""
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "training.data.generate", "--out", str(tmp_path), "--count", "6", "--device",
               "cpu", "--no-zoo", "--workers", "2", "--judge-workers", "1"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while len(_descendants(process.pid)) < 3 and time.monotonic() < deadline:  # capture workers and a judge
        time.sleep(0.5)
    workers = _descendants(process.pid)
    assert len(workers) >= 3, "the generator never started its workers"
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=90)
    assert process.returncode == 2 and "re-run the same command to continue" in stderr, stderr[-2000:]
    time.sleep(1)
    assert not [pid for pid in workers if _alive(pid)]
    assert (tmp_path / "STATS.md").exists()  # what was judged is durable


# ---------------------------------------------------------------- chains of train tasks

def _part_record(forward: str, inputs: str, families: list[str], name: str, dtype: str = "float32") -> dict:
    """A train pair record of the direct teacher's, as far as chains read one."""
    source = (f"import torch\nimport torch.nn as nn\n\n\nclass Model(nn.Module):\n{forward}\n\n\n"
              f"def get_inputs():\n    return [{inputs}]\n\n\ndef get_init_inputs():\n    return []\n")
    task = KernelTask.from_source(source, name=name)
    return {"task_key": task.key, "task_name": name, "split": "train", "origin": "synthetic", "families": families,
            "composition": composition_of(families), "dtype": dtype, "task": task.to_json(), "teacher": {},
            "target": ""}


CHAIN_PARTS = (
    ("    def forward(self, x0, x1):\n        v0 = x0 * x1\n        v1 = torch.relu(v0)\n        return v1",
     "torch.randn((4, 8)), torch.randn((4, 8))", ["pointwise_binary", "pointwise_unary"], "mul_relu"),
    ("    def forward(self, x0):\n        v0 = torch.tanh(x0)\n        v1 = torch.sum(v0, dim=-1)\n        return v0, v1",
     "torch.randn((3, 5))", ["pointwise_unary", "reduction"], "tanh_sum"),
    ("    def forward(self, x0):\n        v0 = torch.sigmoid(x0)\n        v1 = v0 * 2.0\n        return v1",
     "torch.randn((2, 3, 4))", ["pointwise_binary", "pointwise_unary"], "sigmoid_scale"),
)  # every chain of them is pointwise_binary+pointwise_unary+reduction: a train composition


def _write_parts(data: Path, records: list[dict]) -> None:
    writer = ShardWriter(data / "pairs", "direct")
    for record in records:
        writer.write(record)
    writer.close()


def test_a_chain_computes_what_its_parts_compute_and_the_direct_teacher_answers_it(tmp_path: Path) -> None:
    from training.data.chains import add_chains

    parts = [_part_record(*part) for part in CHAIN_PARTS]
    _write_parts(tmp_path, parts)
    counts = add_chains(tmp_path, tasks=3, seed=0, progress=False)
    chains = list(read_records(tmp_path / "rl", "rl"))
    assert counts["added"] == len(chains) == 3 and len({r["task_key"] for r in chains}) == 3
    by_name = {r["task_name"]: r for r in parts}
    for record in chains:
        assert record["origin"] == "chains" and record["split"] == "train" == split_of(record["composition"])
        names = record["source"].removeprefix("chains:").split(",")
        assert len(names) >= 2 and record["families"] == sorted({f for n in names for f in by_name[n]["families"]})
        chain = KernelTask.from_json(record["task"])
        assert len(chain.inputs) == sum(len(by_name[n]["task"]["inputs"]) for n in names)
        torch.manual_seed(0)
        inputs = load_reference(chain.source)["get_inputs"]()
        outputs = load_reference(chain.source)["Model"]()(*inputs)
        expected = []
        for name in names:  # each part on its own slice of the chain's inputs, in order
            part = KernelTask.from_json(by_name[name]["task"])
            mine, inputs = inputs[:len(part.inputs)], inputs[len(part.inputs):]
            result = load_reference(part.source)["Model"]()(*mine)
            expected += list(result) if isinstance(result, tuple) else [result]
        assert not inputs and len(outputs) == len(expected)
        assert all(torch.equal(got, want) for got, want in zip(outputs, expected))
    longest = KernelTask.from_json(max(chains, key=lambda r: len(r["task"]["source"]))["task"])
    verdict = verify(longest, Candidate(direct_answer(longest)), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.feedback
    again = add_chains(tmp_path, tasks=3, seed=0, progress=False)  # the same draws first: none written twice
    assert again["already in the dataset"] >= 3 and again["added"] == 3
    assert len({r["task_key"] for r in read_records(tmp_path / "rl", "rl")}) == 6


def test_chains_leave_out_test_compositions_and_parts_that_cannot_be_renumbered(tmp_path: Path) -> None:
    from training.data.chains import add_chains, part_of

    families = ("pointwise_unary", "pointwise_binary", "reduction", "norm", "softmax", "matmul", "conv")
    test_pair = next((a, b) for a in families for b in families if a < b and split_of(composition_of([a, b])) == "test")
    forward = "    def forward(self, x0):\n        v0 = torch.{op}(x0)\n        return v0"
    parts = [_part_record(forward.format(op=op), "torch.randn((4, 8))", [family], f"{op}_{family}")
             for op, family in zip(("exp", "sin"), test_pair)]
    _write_parts(tmp_path, parts)
    counts = add_chains(tmp_path, tasks=1, seed=0, progress=False)
    assert counts["added"] == 0 and counts["composition in the test split"] > 0
    assert not list(read_records(tmp_path / "rl", "rl"))
    reassigned = _part_record("    def forward(self, x0):\n        x0 = torch.exp(x0)\n        return x0",
                              "torch.randn((4,))", ["pointwise_unary"], "reassigned")
    other_names = _part_record("    def forward(self, a):\n        b = torch.exp(a)\n        return b",
                               "torch.randn((4,))", ["pointwise_unary"], "other_names")
    assert part_of(reassigned) is None and part_of(other_names) is None
    assert part_of({**parts[0], "task": {**parts[0]["task"], "tolerance": 0.1}}) is None
    assert part_of(parts[0]) is not None


def test_chains_cli_says_what_to_run_when_there_are_no_pairs(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    from training.data.chains import main

    assert main(["--out", str(tmp_path), "--tasks", "3"]) == 2
    assert "python -m training.data.direct.generate" in capsys.readouterr().err


# ---------------------------------------------------------------- op swaps of train tasks

def _region_record(lines: list[str], specs: tuple, name: str) -> dict:
    """A train pair record of an ATen region task (the backend's form), as op swaps read one."""
    from autotriton_backend.region_task import kernelbench_source, region_signature

    task = KernelTask(name=name, source=kernelbench_source(lines, specs, {}), inputs=specs,
                      signature=region_signature(lines))
    families = families_in_source(task.source)
    return {"task_key": task.key, "task_name": name, "split": "train", "origin": "regions", "families": families,
            "composition": composition_of(families), "dtype": "float32", "task": task.to_json(), "teacher": {},
            "target": ""}


def test_a_swapped_task_calls_kin_ops_in_the_same_places_and_its_direct_answer_follows(tmp_path: Path) -> None:
    import re

    from autotriton_backend.task import InputSpec
    from training.data.op_swaps import _KIN, add_swaps

    region = _region_record(["v0 = torch.ops.aten.mul.Tensor(x0, x1)", "v1 = torch.ops.aten.tanh.default(v0)",
                             "v2 = torch.ops.aten.abs.default(v1)", "v3 = torch.ops.aten.sum.dim_IntList(v2, [1])",
                             "return v3"], (InputSpec((4, 8), "float32"), InputSpec((4, 8), "float32")), "region")
    torch_level = _part_record("    def forward(self, x0):\n        v0 = torch.sigmoid(x0)\n        v1 = v0 * 2.0\n"
                               "        v2 = torch.maximum(v1, x0)\n        return v2", "torch.randn((4, 8))",
                               ["pointwise_binary", "pointwise_unary"], "torch_level")
    _write_parts(tmp_path, [region, torch_level])
    counts = add_swaps(tmp_path, variants=3, seed=0, min_statements=3, progress=False)
    swaps = list(read_records(tmp_path / "rl", "rl"))
    assert counts["added"] == len(swaps) >= 4 and len({r["task_key"] for r in swaps}) == len(swaps)
    as_group = lambda source: re.sub("|".join(_KIN), lambda m: str(_KIN[m.group(0)]), source)  # noqa: E731
    by_name = {r["task_name"]: r for r in (region, torch_level)}
    for record in swaps:
        original = by_name[record["source"].removeprefix("swaps:")]
        swapped = KernelTask.from_json(record["task"])
        assert record["origin"] == "swaps" and record["split"] == "train" and swapped.key != original["task_key"]
        assert record["composition"] == original["composition"]
        before = original["task"]["source"]
        assert swapped.source != before and as_group(swapped.source) == as_group(before)
        if original is region:  # a region's signature is its forward's lines, swapped as the source is
            assert json.loads(swapped.signature)["forward"] == [
                line.strip() for line in swapped.source.split("def forward")[1].split("\n")[1:6]]
            assert families_in_source(swapped.source) == region["families"]
    record = swaps[0]
    swapped = KernelTask.from_json(record["task"])
    answer = direct_answer(swapped)
    new_ops = set(re.findall(r"(?:aten|torch)\.(\w+)", swapped.source)) - set(
        re.findall(r"(?:aten|torch)\.(\w+)", by_name[record["source"].removeprefix("swaps:")]["task"]["source"]))
    assert new_ops and all(f"op_{op}(" in answer for op in new_ops)
    verdict = verify(swapped, Candidate(answer), VerifyOptions(device="cpu", time_kernels=False))
    assert verdict.correct, verdict.feedback
    again = add_swaps(tmp_path, variants=3, seed=0, min_statements=3, progress=False)  # the same draws: none twice
    assert again["added"] == 0 and again["already in the dataset"] == counts["added"] + counts["already in the dataset"]


def test_op_swaps_skip_tasks_without_kin_and_say_what_to_run_without_pairs(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture) -> None:
    from training.data.op_swaps import add_swaps, main

    assert main(["--out", str(tmp_path), "--variants", "2"]) == 2
    assert "python -m training.data.direct.generate" in capsys.readouterr().err
    plain = _part_record("    def forward(self, x0):\n        v0 = torch.exp(x0)\n        v1 = v0 * 2.0\n"
                         "        v2 = torch.log1p(v1)\n        return v2", "torch.randn((4, 8))",
                         ["pointwise_binary", "pointwise_unary"], "plain")
    _write_parts(tmp_path, [plain])
    counts = add_swaps(tmp_path, variants=2, seed=0, min_statements=3, progress=False)
    assert counts == {"no call to swap": 1} and not list(read_records(tmp_path / "rl", "rl"))
