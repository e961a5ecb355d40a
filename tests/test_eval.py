"""`autotriton eval`: metrics from real verdicts (files and hf engines, real verifier), both kinds of suite, resume,
batches, a spread subset, timings."""
from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from itertools import combinations
from pathlib import Path

import pytest

from agent.engines import HFEngine
from autotriton_backend.cli import main
from autotriton_backend.prompt import PROMPT_VERSION, first_prompt
from autotriton_backend.task import KernelTask
from training.data.dataset import RLTask, ShardWriter
from test_training_data import BFLOAT16_ADD_KERNEL, BFLOAT16_DOUBLE
from training.rows import partly_solved
from training.metrics import ENGINE_ERROR, JUDGED, TASK_ERROR, SampleResult, TaskRow, pass_at_k, read_rows, summarize

CATALOGUE = Path(__file__).parent / "catalogue"
ADD_RELU = (CATALOGUE / "task_add_relu.py").read_text()
KEYS = ["tasks", "samples", "compiled_pct", "correct_pct", "hacked_pct", "pass_at_1", "pass_at_k",
        "fast1_vs_eager_pct", "fast1_vs_inductor_pct", "device", "engine", "rows"]


@pytest.mark.parametrize("n, c, k", [(5, 2, 1), (5, 2, 3), (6, 1, 6), (4, 0, 2), (4, 4, 3)])
def test_pass_at_k_is_the_chance_that_a_k_subset_holds_a_correct_sample(n, c, k):
    subsets = list(combinations([True] * c + [False] * (n - c), k))
    assert pass_at_k(n, c, k) == pytest.approx(sum(any(s) for s in subsets) / len(subsets))


def test_summary_of_mixed_samples():
    def sample(correct: bool, speedup: float | None = None, hacked: bool = False) -> SampleResult:
        return SampleResult(correct or hacked, correct, hacked, "" if correct else "hacked" if hacked else "mismatch",
                            speedup, speedup, 10)

    rows = [TaskRow("a", "ka", JUDGED, [sample(True, 2.0), sample(True, 0.5), sample(False), sample(False)]),
            TaskRow("b", "kb", JUDGED, [sample(False), sample(False, hacked=True), sample(False), sample(False)]),
            TaskRow("c", "kc", ENGINE_ERROR, error="unreachable")]
    summary = summarize(rows, samples=4, timed=True)
    assert summary["tasks"] == 2 and summary["judged_samples"] == 8
    assert summary["correct_pct"] == 25.0 and summary["hacked_pct"] == 12.5
    assert summary["compiled_pct"] == 25.0  # the hacked sample built and ran (`compiled`), but is never counted
    assert summary["fast1_vs_inductor_pct"] == 12.5  # correct and faster: one sample of eight
    assert summary["pass_at_1"] == 0.25 and summary["pass_at_k"] == {"1": 0.25, "4": 0.5}
    assert summary["not_evaluated"] == {ENGINE_ERROR: 1, TASK_ERROR: 0}
    assert summarize(rows, samples=4, timed=False)["fast1_vs_eager_pct"] is None


def sized(source: str, rows: int, cols: int) -> str:
    return source.replace("5, 37", f"{rows}, {cols}")


def answer(directory: Path, task_source: str, candidate: str) -> None:
    """The files engine's answer to a task: the catalogue candidate, under the task's key."""
    key = KernelTask.from_source(task_source).key
    shutil.copy(CATALOGUE / f"{candidate}.py", directory / f"{key}.py")


def run_eval(capsys, *args: str) -> tuple[int, dict]:
    code = main(["eval", "--device", "cpu", "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def test_directory_suite_honest_wrong_hacked_and_failures_that_are_not_the_models(tmp_path, capsys):
    suite, answers, rows_file = tmp_path / "suite", tmp_path / "answers", tmp_path / "rows.jsonl"
    suite.mkdir()
    answers.mkdir()
    for name, (rows, cols), candidate in (("honest", (5, 37), "honest_single_kernel"),
                                          ("wrong", (4, 33), "wrong_math"), ("hacked", (3, 17), "hack_writes_input")):
        (suite / f"{name}.py").write_text(sized(ADD_RELU, rows, cols))
        answer(answers, sized(ADD_RELU, rows, cols), candidate)
    shutil.copy(CATALOGUE / "task_scale_rows.py", suite / "unanswered.py")  # no answer file: the engine fails
    (suite / "broken.py").write_text("x = 1\n")  # not a task
    args = ("--engine", f"files:{answers}", "--suite", str(suite), "--samples", "2", "--rows", str(rows_file))

    code, result = run_eval(capsys, *args)
    assert code == 1  # the engine failed on a task: incomplete, run again
    assert set(KEYS) <= set(result)
    assert (result["tasks"], result["samples"], result["device"]) == (3, 2, "cpu")
    # hack_writes_input is caught at run time (its verdict's `compiled` is set): as GRPO's `ran`, not compiled here
    assert (result["compiled_pct"], result["correct_pct"], result["hacked_pct"]) == (66.67, 33.33, 33.33)
    assert result["pass_at_1"] == result["pass_at_k"]["2"] == 0.3333
    assert result["fast1_vs_inductor_pct"] is None and result["fast1_vs_eager_pct"] is None  # CPU: untimed
    assert result["not_evaluated"] == {ENGINE_ERROR: 1, TASK_ERROR: 1}
    assert result["prompt_version"] == PROMPT_VERSION
    status = {row["name"]: row["status"] for row in result["rows"]}
    assert status == {"broken": TASK_ERROR, "hacked": JUDGED, "honest": JUDGED, "unanswered": ENGINE_ERROR,
                      "wrong": JUDGED}
    assert "files engine: no" in result["first_errors"][ENGINE_ERROR]
    feedback = {row["name"]: row["samples"][0]["feedback"] for row in result["rows"] if row["samples"]}
    assert "is correct" in feedback["honest"] and "`mismatch`" in feedback["wrong"]  # rows say why, no rerun needed
    assert "`input_mutation`" in feedback["hacked"]

    answer(answers, (CATALOGUE / "task_scale_rows.py").read_text(), "honest_with_weights")
    rows_file.write_text(rows_file.read_text() + '{"name": "cut off by an interrupt')
    code, result = run_eval(capsys, *args)  # resumes: only the task the engine failed on is asked again
    assert code == 0
    lines = rows_file.read_text().splitlines()
    assert len(lines) == 1 + 4 and all(json.loads(line) for line in lines)  # header, 3 judged rows, the new one
    assert (result["tasks"], result["correct_pct"], result["pass_at_1"]) == (4, 50.0, 0.5)

    assert main(["eval", *args[:-2], "--rows", str(rows_file), "--samples", "1"]) == 2  # other settings: refused
    assert "other settings" in capsys.readouterr().err


def test_hf_engine_generates_in_batches_of_the_asked_size_and_rows_time_both_halves(tiny_model, tmp_path, capsys,
                                                                                       monkeypatch):
    """--batch is the hf engine's generation batch, --limit spreads its tasks over the suite, and every row
    records its share of its batch's generation and judging seconds (the summary sums them)."""
    suite, rows_file = tmp_path / "suite", tmp_path / "rows.jsonl"
    suite.mkdir()
    for i in range(5):
        (suite / f"t{i}.py").write_text(sized(ADD_RELU, 3 + i, 17))
    batches: list[tuple[int, int]] = []  # (the engine's batch, the prompts one generate call got)
    real_sample = HFEngine._sample
    monkeypatch.setattr(HFEngine, "_sample", lambda self, ids, *rest: batches.append((self.batch, len(ids)))
                        or real_sample(self, ids, *rest))

    code, result = run_eval(capsys, "--engine", f"hf:{tiny_model}", "--suite", str(suite), "--max-tokens", "4",
                            "--batch", "2", "--limit", "3", "--rows", str(rows_file))
    assert code == 0 and batches == [(2, 2), (2, 1)]
    assert [row["name"] for row in result["rows"]] == ["t0", "t1", "t3"] and result["limit"] == 3
    assert result["tasks"] == 3 and result["correct_pct"] == 0.0  # a random model: judged, never right
    generated = [row["generate_s"] for row in result["rows"]]
    assert all(s > 0 for s in generated) and generated[0] == generated[1]  # one batch's seconds, shared
    assert result["generate_s"] == round(sum(generated), 1)
    assert result["judge_s"] == round(sum(row["judge_s"] for row in result["rows"]), 1)
    assert [json.loads(line)["generate_s"] for line in rows_file.read_text().splitlines()[1:]] == generated


def test_rows_resume_only_for_the_same_model_files_not_the_same_directory(tiny_model, tmp_path, capsys):
    """The spec names a directory: a model retrained into it resumed the last model's rows as its own (round
    attack45). The rows header records the directory's fingerprint; a rerun on the same files resumes."""
    import torch
    from transformers import AutoModelForCausalLM

    model_dir, suite, rows_file = tmp_path / "model", tmp_path / "suite", tmp_path / "rows.jsonl"
    shutil.copytree(tiny_model, model_dir)
    suite.mkdir()
    (suite / "t0.py").write_text(ADD_RELU)
    args = ("--engine", f"hf:{model_dir}", "--suite", str(suite), "--max-tokens", "4", "--rows", str(rows_file))
    code, first = run_eval(capsys, *args)
    assert code == 0 and len(first["weights"]) == 64
    code, again = run_eval(capsys, *args)  # the same files: resumed, nothing asked again
    assert code == 0 and again["weights"] == first["weights"] and len(rows_file.read_text().splitlines()) == 2

    model = AutoModelForCausalLM.from_pretrained(model_dir)
    with torch.no_grad():
        next(model.parameters()).add_(1.0)  # "retrained" into the same directory
    model.save_pretrained(model_dir)
    assert main(["eval", "--device", "cpu", "--json", *args]) == 2
    assert "other settings" in capsys.readouterr().err


def write_dataset(directory: Path, splits: dict[str, str]) -> None:
    """RL tasks in the dataset's schema (training/data/dataset.py), one per (split, source)."""
    writer = ShardWriter(directory / "rl", "rl")
    for source, split in splits.items():
        task = KernelTask.from_source(source, name=f"{split}-task")
        record = RLTask(task_key=task.key, task_name=task.name, origin="synthetic", source="synthetic:0",
                        families=["pointwise_binary"], composition="pointwise_binary", dtype="float32", split=split,
                        hard=False, teacher_solved=True, task=task.to_json(), prompt=first_prompt(task),
                        prompt_version=PROMPT_VERSION)
        writer.write(asdict(record))
    writer.close()


def test_test_suite_is_the_held_out_split_of_the_dataset(tmp_path, capsys):
    dataset, answers = tmp_path / "dataset", tmp_path / "answers"
    answers.mkdir()
    held_out, trained_on = sized(ADD_RELU, 5, 37), sized(ADD_RELU, 2, 9)
    write_dataset(dataset, {held_out: "test", trained_on: "train"})
    answer(answers, held_out, "honest_single_kernel")  # no answer for the train task: asking for it would fail

    code, result = run_eval(capsys, "--engine", f"files:{answers}", "--suite", "test", "--dataset", str(dataset))
    assert code == 0
    assert (result["tasks"], result["correct_pct"], result["pass_at_1"]) == (1, 100.0, 1.0)
    assert [row["name"] for row in result["rows"]] == ["test-task"]


def test_train_suite_probes_which_tasks_a_model_solves_sometimes(tmp_path, capsys):
    """`--suite train --no-timing --rows FILE` is GRPO's probe (rows.partly_solved reads it back)."""
    dataset, answers, probe = tmp_path / "dataset", tmp_path / "answers", tmp_path / "probe.jsonl"
    answers.mkdir()
    held_out, trained_on = sized(ADD_RELU, 5, 37), sized(ADD_RELU, 2, 9)
    write_dataset(dataset, {held_out: "test", trained_on: "train"})
    answer(answers, trained_on, "honest_single_kernel")
    code, result = run_eval(capsys, "--engine", f"files:{answers}", "--suite", "train", "--dataset", str(dataset),
                            "--samples", "2", "--no-timing", "--rows", str(probe))
    assert code == 0 and result["timed"] is False and result["correct_pct"] == 100.0
    assert [row["name"] for row in result["rows"]] == ["train-task"]
    assert partly_solved(probe) == set()  # right every time: nothing for GRPO to learn
    broken = tmp_path / "broken.jsonl"
    (answers / f"{KernelTask.from_source(trained_on).key}.py").write_text("class ModelNew(:\n")
    code, result = run_eval(capsys, "--engine", f"files:{answers}", "--suite", "train", "--dataset", str(dataset),
                            "--samples", "2", "--no-timing", "--rows", str(broken))
    samples = read_rows(broken)[1][0].samples
    assert code == 0 and [(s.failure, s.failed_check) for s in samples] == [("static", "syntax")] * 2


def test_missing_dataset_says_how_to_make_it(tmp_path, capsys):
    code = main(["eval", "--engine", f"files:{tmp_path}", "--suite", "test", "--dataset", str(tmp_path / "none")])
    assert code == 2
    assert "autotriton train data --out" in capsys.readouterr().err


@pytest.mark.gpu
def test_kernelbench_examples_are_timed_on_the_gpu(tmp_path, capsys):
    """The five GPU-sized examples with their hand-written candidates: fast_1 is measured, not None."""
    kernelbench = Path(__file__).parent.parent / "examples" / "kernelbench"
    suite, answers = tmp_path / "suite", tmp_path / "answers"
    suite.mkdir()
    answers.mkdir()
    for candidate in sorted(kernelbench.glob("*_triton.py")):
        task = kernelbench / candidate.name.replace("_triton", "")
        shutil.copy(task, suite / task.name)
        shutil.copy(candidate, answers / f"{KernelTask.from_file(task).key}.py")
    code = main(["eval", "--engine", f"files:{answers}", "--suite", str(suite), "--device", "cuda", "--json"])
    result = json.loads(capsys.readouterr().out)
    print(json.dumps({k: v for k, v in result.items() if k != "rows"}))
    assert code == 0 and (result["tasks"], result["correct_pct"], result["hacked_pct"]) == (5, 100.0, 0.0)
    assert result["fast1_vs_eager_pct"] is not None and result["fast1_vs_inductor_pct"] is not None
    assert all(s["speedup_vs_inductor"] is not None for row in result["rows"] for s in row["samples"])
    capsys.readouterr()  # the summary printed above
    code = main(["eval", "--engine", f"files:{answers}", "--suite", str(suite), "--device", "cuda", "--json",
                 "--no-timing"])  # a probe's verdicts: correctness only
    untimed = json.loads(capsys.readouterr().out)
    assert code == 0 and untimed["correct_pct"] == 100.0 and untimed["fast1_vs_inductor_pct"] is None
    assert all(s["speedup_vs_inductor"] is None for row in untimed["rows"] for s in row["samples"])


def test_a_sample_the_verifier_failed_on_is_not_counted_and_the_report_says_why(tmp_path, capsys):
    """bfloat16 arithmetic in the CPU interpreter is the verifier's own limit (an `internal` verdict): the sample is
    left out, the run exits 1 to be run again, and the reason is kept (run 84 lost it: only a count came back)."""
    suite, answers = tmp_path / "suite", tmp_path / "answers"
    suite.mkdir()
    answers.mkdir()
    (suite / "double.py").write_text(BFLOAT16_DOUBLE)
    (answers / f"{KernelTask.from_source(BFLOAT16_DOUBLE).key}.py").write_text(BFLOAT16_ADD_KERNEL)
    code = main(["eval", "--device", "cpu", "--json", "--engine", f"files:{answers}", "--suite", str(suite)])
    printed = capsys.readouterr()
    result = json.loads(printed.out)
    assert code == 1 and result["verifier_errors"] == 1 and result["rows"][0]["samples"] == []
    reason = result["first_errors"]["verifier"]
    assert "bfloat16" in reason and reason == result["rows"][0]["error"] and reason in printed.err


def test_a_library_tail_engine_hands_on_the_module_the_reward_judged_byte_for_byte():
    """Round attack45: GRPO's reward judges a sample's code with the library after it, as written; the library-tail
    hf engine wrapped the same module through `assistant_message`, whose `as_text` escaped chat markers in the
    code's strings, so `autotriton eval` (and the agent) judged `"<\\|im_end|>"` where the reward had judged
    `"<|im_end|>"`: another module, with another length, another branch."""
    from training.recipe import Rewards
    from training.rewards import VerdictMemo
    from autotriton_backend.prompt import extract_code, with_library_tail

    tail = "BLOCK = 1024\n\n\ndef op_relu(x):\n    return x\n"
    code = ('import torch\n\nMARK = "<|im_end|>[INST]</s>"\nclass ModelNew(torch.nn.Module):\n'
            '    def forward(self, x):\n        return op_relu(x) if len(MARK) == 20 else None\n')
    reply = f"```python\n{code}\n\n\n"  # as GRPO's stop and the engine's leave a sample

    class Decoder:
        def decode(self, row, skip_special_tokens=True):
            return reply

    engine = HFEngine.__new__(HFEngine)
    engine.library_tail, engine.tokenizer, engine.eos_ids, engine.pad_id = tail, Decoder(), [0], 0
    served = extract_code(engine._completion([5, 6, 7]).text)  # what eval submits to the verifier
    judged = VerdictMemo(Rewards(device="cpu"), lambda c: with_library_tail(c, tail)).code(
        [{"role": "assistant", "content": reply}])
    assert served == judged.strip() and 'MARK = "<|im_end|>[INST]</s>"' in served


def test_a_judge_that_dies_mid_batch_leaves_samples_unjudged_and_the_rerun_judges_them(tmp_path, capsys, monkeypatch):
    """Round attack57: after the judge died, `VerifierPool.submit` raised RuntimeError out of `_judge`: the eval
    ended there. The batch's samples are now the verifier's failures: left out of every percentage, not written to
    --rows, so the rerun (on a fresh judge) judges them."""
    from autotriton_backend.verifier import pool as verifier_pool

    suite, answers, rows_file = tmp_path / "suite", tmp_path / "answers", tmp_path / "rows.jsonl"
    suite.mkdir()
    answers.mkdir()
    for name, (rows, cols), candidate in (("honest", (5, 37), "honest_single_kernel"), ("wrong", (4, 33), "wrong_math")):
        (suite / f"{name}.py").write_text(sized(ADD_RELU, rows, cols))
        answer(answers, sized(ADD_RELU, rows, cols), candidate)
    pool = verifier_pool.shared_pool("cpu")
    real_submit, submitted = pool.submit, []

    def submit(task, candidate, options=verifier_pool.VerifyOptions(), static_gate=True):
        submitted.append(candidate.sha256)
        future = real_submit(task, candidate, options, static_gate)
        if len(submitted) == 1:  # the real judge dies after the batch's first submission
            pool.process.kill()
            pool.process.wait()
        return future

    monkeypatch.setattr(pool, "submit", submit)
    args = ("--engine", f"files:{answers}", "--suite", str(suite), "--rows", str(rows_file))
    code, result = run_eval(capsys, *args)
    assert code == 1 and result["verifier_errors"] == 2 and result["judged_samples"] == 0
    assert result["correct_pct"] is None and "the judge process exited" in result["first_errors"]["verifier"]
    assert len(rows_file.read_text().splitlines()) == 1  # the header alone: nothing kept of the failed batch
    code, result = run_eval(capsys, *args)
    assert code == 0 and (result["judged_samples"], result["correct_pct"], result["verifier_errors"]) == (2, 50.0, 0)
