"""The model's training: tokenizer, SFT, GRPO, rewards, resume, recipes, with the real trl, transformers and verifier.

A tiny dataset in training/data/dataset.py's schema is written on the spot from tests/catalogue's tasks and
honest answers; the model is `build_tiny` shrunk to one small layer. Rewards are judged by the real
verifier on CPU (Triton interpreter).
"""
from __future__ import annotations

import json
import shutil
from dataclasses import asdict
from pathlib import Path

import pytest
import torch
from datasets import Dataset
from transformers import AutoTokenizer, TrainerCallback
from trl import GRPOConfig

from autotriton_backend.cli import main as autotriton_main
from agent.engines import HFEngine
from autotriton_backend.prompt import (LIBRARY_BREAK, LIBRARY_TAIL_FILE, PROMPT_VERSION, assistant_message, extract_code,
                                       first_prompt)
from autotriton_backend.task import KernelTask
from autotriton_backend.candidate import Candidate
from autotriton_backend.verifier import VerifyOptions, verify
from autotriton_backend.verifier import pool as verifier_pool
from training.data.dataset import PairRecord, RLTask, ShardWriter, read_records
from training.grpo import CopySamplingGRPOTrainer
from training.metrics import JUDGED, SampleResult, TaskRow
from training.model import build_tiny, load_model, parameter_count
from training.recipe import Rewards, load_recipe
from training.rewards import COMPONENTS, VerdictMemo, reward_functions, reward_weights
from training.data.dataset import DataError
from training.data.direct.generate import generate as generate_direct
from training.data.direct.translate import library_tail, whole_library_view
from training.eval import load_suite
from training.rows import grpo_rows, rl_rows, sft_rows, short_kernel_names
from training.run import Job
from training.sft import conversation_lengths, fitting, sft_config
from training.tokenizer import train_tokenizer

ROOT = Path(__file__).parent.parent
CATALOGUE = ROOT / "tests" / "catalogue"
PAIRS = (("task_add_relu", "honest_single_kernel", "train", "pointwise"),
         ("task_softmax", "honest_multi_kernel", "train", "norm+pointwise_unary"),  # rl_only_percent=10 leaves it to GRPO
         ("task_scale_rows", "honest_with_weights", "test", "pointwise"))
SMALL = ["needs_gpu=false", "rl_only_percent=10", "vocab_size=600", "model_config.hidden_size=32",
         "model_config.intermediate_size=64", "model_config.num_hidden_layers=1", "model_config.head_dim=16"]
SFT = SMALL + ["sft.bf16=false", "sft.max_steps=3", "sft.per_device_train_batch_size=2", "sft.warmup_steps=0",
               "sft.logging_steps=1", "sft.max_length=16384"]  # a 600-token vocabulary spells the library in ~10K
GRPO = SMALL + ["grpo.bf16=false", "grpo.max_steps=2", "grpo.per_device_train_batch_size=2",
                "grpo.steps_per_generation=1",  # the fixture has one GRPO task: a batch of 4 prompts would never fill
                "grpo.num_generations=2", "grpo.max_completion_length=16", "rewards.device=cpu", "rewards.workers=2"]


def _sets(entries: list[str]) -> list[str]:
    return [arg for entry in entries for arg in ("--set", entry)]


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dataset")
    pairs, rl = ShardWriter(out / "pairs", "pairs"), ShardWriter(out / "rl", "rl")
    verdict = dict(correct=True, failure="", device="cpu", max_abs_error=0.0, max_rel_error=0.0, candidate_ms=None,
                   eager_ms=None, inductor_ms=None, speedup_vs_eager=None, speedup_vs_inductor=None)
    for task_file, answer, split, composition in PAIRS:
        task = KernelTask.from_file(CATALOGUE / f"{task_file}.py")
        common = dict(task_key=task.key, task_name=task.name, origin="synthetic", source=f"test:{task_file}",
                      families=composition.split("+"), composition=composition, dtype="float32", split=split,
                      task=task.to_json(), prompt=first_prompt(task), prompt_version=PROMPT_VERSION)
        pairs.write(asdict(PairRecord(**common, target=(CATALOGUE / f"{answer}.py").read_text(), variant=0,
                                      verdict=verdict, teacher={})))
        rl.write(asdict(RLTask(**common, hard=False, teacher_solved=True)))
    pairs.close()
    rl.close()
    summary = generate_direct(out, "cpu", workers=2, limit=None)  # the tiny recipe's SFT learns these
    assert summary["counts"] == {"train:correct": 2, "train:correct:float32": 2, "test:unsupported": 1}, summary
    again = generate_direct(out, "cpu", workers=2, limit=None)  # a re-run keeps the pairs and judges none again
    assert (again["earlier"], again["pairs"], again["counts"]) == (2, {"train": 2}, {"test:unsupported": 1}), again
    return out


@pytest.fixture(scope="module")
def sft_out(data, tmp_path_factory) -> Path:
    """Tokenizer, then SFT cut off by the time budget after one step, then resumed to the end."""
    out = tmp_path_factory.mktemp("sft")
    assert autotriton_main(["train", "tokenizer", "--data", str(data), "--out", str(out), *_sets(SMALL)]) == 0
    args = ["train", "sft", "--data", str(data), "--out", str(out), *_sets(SFT)]
    assert autotriton_main(args + _sets(["max_seconds=0"])) == 0
    first = json.loads((out / "summary.json").read_text())
    assert (first["step"], first["done"]) == (1, False)
    (out / "first_state.json").write_text((out / "model" / "trainer_state.json").read_text())
    assert autotriton_main(args) == 2  # a resume point is there: continuing needs --resume
    assert autotriton_main(args + ["--resume"]) == 0
    return out


def test_the_direct_teachers_time_budget_covers_translating_and_gating_not_only_judging(data, tmp_path) -> None:
    """Run 103 (H200) spent a whole 600 s call translating and gating 9,000 answers before judging one: the budget
    must bound the whole call, and what it leaves is counted as unjudged, for the next run, never written."""
    copy = tmp_path / "dataset"
    shutil.copytree(data, copy)
    for shard in (copy / "pairs").glob("direct-*"):
        shard.unlink()
    summary = generate_direct(copy, "cpu", workers=1, limit=None, max_seconds=0)
    assert (summary["earlier"], summary["pairs"]) == (0, {}), summary
    assert summary["counts"] == {"train:unjudged": 2, "test:unjudged": 1}, summary


def test_the_direct_teacher_judges_the_pairs_a_changed_translator_dropped_before_unanswered_tasks(data, tmp_path) -> None:
    """The float32 rewrite of half-precision answers (session 25) drops ~4,500 pairs, each judged again: within a
    time limit those come back before tasks no pair ever answered, whatever their keys' order."""
    copy = tmp_path / "dataset"
    shutil.copytree(data, copy)
    pairs = sorted(read_records(copy / "pairs", "direct"), key=lambda r: r["task_key"])
    assert len(pairs) == 2
    unanswered, dropped = pairs  # the unanswered task's key sorts first
    for shard in (copy / "pairs").glob("direct-*"):
        shard.unlink()
    writer = ShardWriter(copy / "pairs", "direct")
    writer.write({**dropped, "target": "# what an earlier translator wrote\n"})
    writer.close()
    summary = generate_direct(copy, "cpu", workers=1, limit=1)
    assert summary["counts"]["train:correct"] == 1, summary
    assert [r["task_key"] for r in read_records(copy / "pairs", "direct")] == [dropped["task_key"]]


def test_tokenizer_round_trips_code_and_its_template_serves_completion_only_loss(data) -> None:
    tokenizer = train_tokenizer((m["content"] for r in sft_rows(data, "direct") for m in r["prompt"] + r["completion"]), 600)
    code = (CATALOGUE / "honest_single_kernel.py").read_text()
    assert tokenizer.decode(tokenizer(code)["input_ids"]) == code  # byte-level: exact, unicode and tabs included
    assert tokenizer.decode(tokenizer("é\t→ x")["input_ids"]) == "é\t→ x"
    assert tokenizer.eos_token == "<|im_end|>" and tokenizer.pad_token == "<|endoftext|>"
    assert tokenizer.eos_token_id != tokenizer.pad_token_id
    prompt = [{"role": "user", "content": "write a kernel"}]
    conversation = prompt + [{"role": "assistant", "content": "```python\npass\n```"}]
    templated_prompt = tokenizer.apply_chat_template(prompt, tokenize=False, add_generation_prompt=True)
    templated = tokenizer.apply_chat_template(conversation, tokenize=False)
    assert templated.startswith(templated_prompt) and templated.rstrip().endswith(tokenizer.eos_token)


def test_call_words_give_a_calls_arguments_the_same_tokens_in_the_task_and_the_answer(data, tmp_path) -> None:
    """`tokenizer_words: calls` (the recipe, through the CLI) ends a token after `(`, so the answer can copy the
    task's arguments token for token; "lines" fuses the first argument into the call's token."""
    task, answer = "        v2 = torch.ops.aten.mul.Tensor(x0, v1)\n", "        v2 = op_mul(x0, v1)\n"
    arguments = {}
    for words in ("lines", "calls"):
        out = tmp_path / words
        sets = _sets(SMALL + [f"tokenizer_words={words}"])
        assert autotriton_main(["train", "tokenizer", "--data", str(data), "--out", str(out), *sets]) == 0
        tokenizer = AutoTokenizer.from_pretrained(out / "tokenizer")
        tokens = [tokenizer.convert_ids_to_tokens(tokenizer(line)["input_ids"]) for line in (task, answer)]
        arguments[words] = [line[next(i for i, t in enumerate(line) if "(" in t):] for line in tokens]
    (task_lines, answer_lines), (task_calls, answer_calls) = arguments["lines"], arguments["calls"]
    assert task_lines[0].endswith("(x") and task_lines[1:] == answer_lines[1:]
    assert task_calls[0].endswith("(") and task_calls[1:] == answer_calls[1:] and task_calls[1] == "x"
    with pytest.raises(ValueError, match="tokenizer_words 'words': use one of lines, calls"):
        train_tokenizer(["x"], 300, "words")


def test_tiny_model_size_fits_the_bundle() -> None:
    tokenizer = train_tokenizer(["def f(x):\n    return x\n"] * 4, 300)
    model = build_tiny(tokenizer)
    assert model.config.vocab_size == len(tokenizer) and model.config.eos_token_id == tokenizer.eos_token_id
    at_full_vocab = parameter_count(model) + (8192 - len(tokenizer)) * model.config.hidden_size
    assert 10_000_000 < at_full_vocab and at_full_vocab * 2 < 40_000_000  # bf16, even at the full vocabulary


def test_sft_loss_covers_the_completion_only(sft_out, data) -> None:
    from datasets import Dataset
    from trl import SFTTrainer

    tokenizer = AutoTokenizer.from_pretrained(sft_out / "tokenizer")
    recipe = load_recipe("tiny", SFT)
    job = Job(recipe, data, sft_out / "mask", resume=False)
    rows = sft_rows(data, "inductor")
    trainer = SFTTrainer(model=build_tiny(tokenizer, **recipe.model_config), args=sft_config(job),
                         train_dataset=Dataset.from_list(rows), processing_class=tokenizer)
    batch = trainer.data_collator([trainer.train_dataset[0]])
    labels, ids = batch["labels"][0], batch["input_ids"][0]
    learned = tokenizer.decode(ids[labels != -100])
    assert learned.startswith(assistant_message((CATALOGUE / "honest_single_kernel.py").read_text(), "")["content"])
    assert learned.endswith(tokenizer.eos_token + "\n") or learned.endswith(tokenizer.eos_token)
    assert "Optimize the architecture" in tokenizer.decode(ids[labels == -100])  # the prompt is never a target
    assert fitting(rows, tokenizer, 100_000) == rows
    with pytest.raises(DataError, match="no pair fits"):  # too long: dropped, never truncated mid-kernel
        fitting(rows, tokenizer, 100)


def test_tiny_grpo_budget_lets_the_model_finish_every_answer_sft_taught_it() -> None:
    """Run 22's GRPO cut completions at 1,536 tokens while SFT had taught answers of up to ~2,300, so long answers
    lost their closing fence (one of the two reasons its gate reward was 0). Measured on the committed dataset with
    the bundled model's tokenizer (`autotriton train tokenizer`'s), over the pairs SFT keeps (those within
    max_length), as the recipe writes them (ModelNew alone with its library tail: up to 896 tokens). Only the
    longest tenth by characters is encoded (the whole dataset took a minute): the 20 longest in tokens were the 20
    longest in characters, and the shortest encoded one must fit for the rest to."""
    recipe = load_recipe("tiny")
    tokenizer = AutoTokenizer.from_pretrained(ROOT / "agent" / "bundled_model")
    rows = sorted(sft_rows(ROOT / "training" / "dataset", recipe.teacher, library_tail=recipe.library_tail),
                  key=lambda r: -len(json.dumps(r)))
    longest = rows[: len(rows) // 10]
    whole = conversation_lengths([r["prompt"] + r["completion"] for r in longest], tokenizer)
    prompts = conversation_lengths([r["prompt"] for r in longest], tokenizer, generation_prompt=True)
    answers = [w - p for w, p in zip(whole, prompts, strict=True) if w <= recipe.sft["max_length"]]  # as `fitting`
    assert whole[-1] <= recipe.sft["max_length"] and len(longest) - len(answers) < 0.1 * len(rows)
    assert max(answers) <= recipe.grpo["max_completion_length"]  # answer + eos


def test_sft_resumes_after_a_cut_off_and_saves_small_shards(sft_out) -> None:
    summary = json.loads((sft_out / "summary.json").read_text())
    assert (summary["step"], summary["done"]) == (3, True)
    state = json.loads((sft_out / "model" / "trainer_state.json").read_text())
    first = json.loads((sft_out / "first_state.json").read_text())
    assert [e["step"] for e in state["log_history"] if "loss" in e] == [1, 2, 3]
    assert state["log_history"][0] == first["log_history"][0]  # the cut-off run's history carried over
    assert all(f.stat().st_size < 16 * 2**20 for f in (sft_out / "model").iterdir())
    config = json.loads((sft_out / "model" / "config.json").read_text())
    assert config["dtype"] == "bfloat16" and config["use_cache"] is True  # the Trainer's use_cache=false stays behind


def test_grpo_runs_with_the_verifier_rewards_logged_per_component(sft_out, data, tmp_path, capsys) -> None:
    args = ["train", "grpo", "--data", str(data), "--out", str(tmp_path), *_sets(GRPO)]
    assert autotriton_main(args) == 2  # the tiny recipe's GRPO needs the SFT model
    start = ["--model", str(sft_out / "model")]
    assert autotriton_main(args + start + ["--set", "grpo.steps_per_generation=4"]) == 2  # 4 tasks at once, 1 given
    assert "samples 4 tasks at once" in capsys.readouterr().err
    probe = write_probe(tmp_path / "probe.jsonl", data, {"task_softmax": [True, False]})  # the task percent 10 leaves
    assert autotriton_main(args + start + ["--probe", str(probe)]) == 0
    assert f"1 RL tasks of {data} that the probe {probe} partly solved" in capsys.readouterr().out
    state = json.loads((tmp_path / "model" / "trainer_state.json").read_text())
    logged = [e for e in state["log_history"] if "reward" in e]
    assert len(logged) == 2
    for name in COMPONENTS:
        assert all(f"rewards/reward_{name}/mean" in e for e in logged)


def test_grpo_tasks_are_those_sft_saw_no_answer_to(data) -> None:
    """Run 66's GRPO drew tasks SFT had learned: every sample of a group was right, so no reward differed.
    GRPO gets the compositions SFT left out and the tasks its teacher has no pair for: on the committed dataset
    with every composition learned (the bundled model's SFT), the ~560 tasks the direct teacher never answered."""
    for dataset, percent, least in ((data, 10, 1), (ROOT / "training" / "dataset", 0, 500),
                                    (ROOT / "training" / "dataset", 10, 1500)):
        learned = {json.dumps(r["prompt"]) for r in sft_rows(dataset, "direct", rl_only_percent=percent)}
        unseen = {json.dumps(r["prompt"]) for r in grpo_rows(dataset, "direct", percent)}
        everything = {json.dumps(r["prompt"]) for r in rl_rows(dataset)}
        assert len(unseen) >= least and not learned & unseen and unseen < everything
    with pytest.raises(DataError, match="raise rl_only_percent"):  # the fixture's teacher answered every train task
        grpo_rows(data, "direct", 0)
    with pytest.raises(ValueError, match="no task to probe; probe --suite train"):
        load_suite("unanswered", data)


def test_the_unanswered_suite_is_what_grpo_takes_without_a_probe() -> None:
    """`autotriton eval --suite unanswered` probes GRPO's default tasks under the tiny recipe: run 108's probe of
    the whole train split spent 545 of its 576 tasks on ones SFT had learned (496 of them right 8 times of 8)."""
    dataset, recipe = ROOT / "training" / "dataset", load_recipe("tiny")
    grpo_keys = {json.loads(r["task"])["key"] for r in grpo_rows(dataset, recipe.teacher, recipe.rl_only_percent)}
    suite = load_suite("unanswered", dataset)
    assert [t.task.key for t in suite if t.task.key in grpo_keys] == [t.task.key for t in suite]
    assert len(suite) == len(grpo_keys) > 5000


def probe_sample(outcome: bool | str) -> SampleResult:
    """True: a correct sample; False: a wrong result; "syntax": an answer that does not parse."""
    if outcome == "syntax":
        return SampleResult(False, False, False, "static", None, None, 10, failed_check="syntax")
    return SampleResult(True, outcome, False, "" if outcome else "mismatch", None, None, 10,
                        failed_check="" if outcome else "mismatch")


def write_probe(path: Path, data: Path, correct: dict[str, list[bool | str]], suite: str = "train") -> Path:
    """An eval rows file (training/eval.py's RowsFile) whose samples of each named task fared as given."""
    keys = {r["task_name"]: r["task_key"] for r in read_records(data / "rl", "rl")}
    samples = len(next(iter(correct.values())))
    lines = [{"config": {"engine": "hf:sft", "suite": suite, "samples": samples}}]
    for name, outcomes in correct.items():
        results = [probe_sample(outcome) for outcome in outcomes]
        lines.append(TaskRow(name, keys.get(name, f"not-in-{data.name}"), JUDGED, results).to_json())
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_a_probe_gives_grpo_the_tasks_its_model_solved_some_of_the_time(data, tmp_path) -> None:
    """Groups that all pass (run 66) or all fail (run 84) give GRPO no advantage to learn from: with a probe of the
    starting model, GRPO trains on the tasks where some samples were right and some wrong, whoever answered them."""
    probe = write_probe(tmp_path / "probe.jsonl", data, {
        "task_add_relu": [True, True, True], "task_softmax": [False, True, False],
        "task_scale_rows": [True, False, False],  # a test task
        "elsewhere": [True, False, True]})  # another dataset's
    chosen = grpo_rows(data, "direct", 0, probe)
    assert [KernelTask.from_json(json.loads(r["task"])).name for r in chosen] == ["task_softmax"]
    all_or_nothing = write_probe(tmp_path / "flat.jsonl", data, {"task_add_relu": [True] * 3, "task_softmax": [False] * 3})
    with pytest.raises(DataError, match="among the 0 the probe"):
        grpo_rows(data, "direct", 0, all_or_nothing)
    noise = write_probe(tmp_path / "noise.jsonl", data, {"task_add_relu": [True, "syntax", True],  # sampling noise
                                                         "task_softmax": [True, "syntax", False]})  # and a real miss
    assert [KernelTask.from_json(json.loads(r["task"])).name for r in grpo_rows(data, "direct", 0, noise)] == ["task_softmax"]
    of_unanswered = write_probe(tmp_path / "unanswered.jsonl", data, {"task_softmax": [True, False]},
                                suite="unanswered")
    chosen = grpo_rows(data, "direct", 0, of_unanswered)
    assert [KernelTask.from_json(json.loads(r["task"])).name for r in chosen] == ["task_softmax"]
    held_out = write_probe(tmp_path / "test.jsonl", data, {"task_scale_rows": [True, False]}, suite="test")
    with pytest.raises(DataError, match="--suite unanswered --samples 8"):
        grpo_rows(data, "direct", 0, held_out)
    (tmp_path / "other.jsonl").write_text('{"loss": 0.1}\n')
    with pytest.raises(ValueError, match="not an eval rows file"):
        grpo_rows(data, "direct", 0, tmp_path / "other.jsonl")


def test_grpo_samples_from_a_copy_given_the_policy_weights_of_each_step(sft_out, data, tmp_path) -> None:
    """The copy is synced when each step generates: after two steps it holds the weights the first step left,
    and the policy has moved on. A reward that differs between completions makes every step change the weights.
    The static KV cache a GPU run uses is set here too: sampling from the policy under bf16 autocast fails with it
    (run 64: keys fp32, values bf16), from the bf16 copy it works."""
    after_first: dict[str, torch.Tensor] = {}  # the copy holds them in the sampling dtype (trl: bf16 by default)

    class KeepFirstStep(TrainerCallback):
        def on_step_end(self, args, state, control, model=None, **_):
            if state.global_step == 1:
                after_first.update({k: v.detach().clone() for k, v in model.named_parameters()})

    config = GRPOConfig(output_dir=str(tmp_path), use_cpu=True, report_to="none", save_strategy="no", max_steps=2,
                        per_device_train_batch_size=2, num_generations=2, max_completion_length=8, learning_rate=1e-2,
                        generation_kwargs={"use_cache": True}, logging_steps=1)
    policy = load_model(sft_out / "model")
    trainer = CopySamplingGRPOTrainer(
        model=policy, args=config, train_dataset=Dataset.from_list(rl_rows(data)),
        processing_class=AutoTokenizer.from_pretrained(sft_out / "model"), callbacks=[KeepFirstStep()],
        reward_funcs=lambda completions, **_: [float(len(c[0]["content"])) for c in completions])
    assert config.bf16 and trainer.sampler.model.dtype == torch.bfloat16
    trainer.generation_config.cache_implementation = "static"  # as on a GPU (compiling it is for CUDA only)
    trainer.train()
    copied = dict(trainer.sampler.model.named_parameters())
    assert after_first and all(torch.equal(copied[k], v.to(copied[k].dtype)) for k, v in after_first.items())
    assert any(not torch.equal(p, after_first[k]) for k, p in policy.named_parameters())
    assert "generate" not in policy.__dict__  # the redirect lasts one generation
    logged = [e for e in trainer.state.log_history if "step_time" in e]
    assert len(logged) == 2 and all(0 < e["timing/generate_s"] + e["timing/rewards_s"] < e["step_time"] for e in logged)


def test_the_library_tail_stops_each_sample_where_modelnew_ends(sft_out, data, tmp_path) -> None:
    """With `stop_at`, a sample ends at the first LIBRARY_BREAK (where the direct teacher's answers leave ModelNew for
    the library) and keeps none of the padding a batch gives an early stop: the loss sees only its own tokens.
    The sampler may draw only newlines and `x` here, so samples reach the stop at different lengths."""
    tokenizer = AutoTokenizer.from_pretrained(sft_out / "model")
    newlines = [i for i in range(len(tokenizer)) if set(tokenizer.decode([i])) == {"\n"}]
    allowed = newlines + tokenizer.convert_tokens_to_ids(["x"])
    others = [i for i in range(len(tokenizer)) if i not in allowed]
    seen: list[tuple[str, list[int]]] = []

    def record(completions, completion_ids, **_):
        seen.extend((c[0]["content"], ids) for c, ids in zip(completions, completion_ids, strict=True))
        return [float(len(ids)) for ids in completion_ids]

    def sample(stop_at: str | None) -> list[tuple[str, list[int]]]:
        seen.clear()
        config = GRPOConfig(output_dir=str(tmp_path), use_cpu=True, report_to="none", save_strategy="no",
                            max_steps=1, per_device_train_batch_size=8, num_generations=8, max_completion_length=12,
                            generation_kwargs={"use_cache": True, "suppress_tokens": others}, logging_steps=1)
        CopySamplingGRPOTrainer(model=load_model(sft_out / "model"), args=config, processing_class=tokenizer,
                                train_dataset=Dataset.from_list(rl_rows(data)), reward_funcs=record,
                                stop_at=stop_at).train()
        return list(seen)

    samples = sample(LIBRARY_BREAK)
    stopped = [(text, ids) for text, ids in samples if len(ids) < 12]
    assert len({len(ids) for _, ids in stopped}) >= 2  # early stops of different lengths: the batch padded some
    for text, ids in samples:
        written = "\n" + text  # the prompt's last newline counts toward the stop (a real answer opens a fence)
        assert tokenizer.pad_token_id not in ids
        assert len(ids) == 12 or written.find(LIBRARY_BREAK) == len(written) - len(LIBRARY_BREAK)  # at the first one
    assert all(len(ids) == 12 for _, ids in sample(None))  # the same sampler without the stop runs to the limit


def test_rewards_judge_a_sample_of_modelnew_alone_with_the_library_appended(data) -> None:
    """GRPO's library tail: the judged module is the sample's ModelNew and the whole library after it, which is
    what the model would have written (SFT's answers hold the whole library: `whole_library_view`)."""
    row = next(r for r in rl_rows(data) if KernelTask.from_json(json.loads(r["task"])).name == "task_add_relu")
    answer = next(r for r in sft_rows(data, "direct") if r["prompt"] == row["prompt"])
    head = answer["completion"][0]["content"].split(LIBRARY_BREAK, 1)[0] + LIBRARY_BREAK  # as the stop leaves it
    task = row["task"]
    config = Rewards(device="cpu", workers=2, timeout_s=60)
    completion = [[{"role": "assistant", "content": head}]]

    def rewards(memo: VerdictMemo) -> list[float | None]:
        return [fn(prompts=[[]], completions=completion, task=[task])[0] for fn in reward_functions(config, memo)]

    assert rewards(VerdictMemo(config, whole_library_view)) == pytest.approx([1, 1, 1, 1, 0, 0])
    alone = rewards(VerdictMemo(config))  # ModelNew alone calls library functions it never defines
    assert alone[COMPONENTS.index("correct")] == 0 and alone[COMPONENTS.index("gate")] == 0


def test_a_library_tail_model_learns_modelnew_alone_and_its_engine_appends_the_library(data, tmp_path) -> None:
    """`library_tail: true`: SFT teaches the direct teacher's ModelNew without the library (~99% of each answer's
    tokens), the saved model directory holds the library, and the hf engine puts it after the model's code."""
    rows = sft_rows(data, "direct", library_tail=True)
    heads = [r["completion"][0]["content"] for r in rows]
    assert heads and all("class ModelNew" in h and "@triton.jit" not in h and LIBRARY_BREAK not in h for h in heads)
    settings = _sets(SMALL + ["library_tail=true"])
    assert autotriton_main(["train", "tokenizer", "--data", str(data), "--out", str(tmp_path), *settings]) == 0
    assert autotriton_main(["train", "sft", "--data", str(data), "--out", str(tmp_path), *_sets(SFT),
                            "--set", "library_tail=true"]) == 0
    model_dir = tmp_path / "model"
    assert (model_dir / LIBRARY_TAIL_FILE).read_text() == library_tail()
    engine = HFEngine(str(model_dir), device="cpu")
    head = extract_code(heads[0])
    written = engine.tokenizer(heads[0], add_special_tokens=False)["input_ids"] + [engine.eos_ids[0]]
    completion = engine._completion(written)  # what the model would have generated, ending in its eos
    assert extract_code(completion.text) == whole_library_view(head).strip()
    assert completion.tokens == len(written)  # the tokens the model wrote, not the library's
    (model_dir / LIBRARY_TAIL_FILE).unlink()
    assert extract_code(HFEngine(str(model_dir), device="cpu")._completion(written).text) == head


def test_the_library_tail_needs_the_direct_teacher(sft_out, data, tmp_path, capsys) -> None:
    args = ["train", "grpo", "--data", str(data), "--out", str(tmp_path), "--model", str(sft_out / "model"),
            *_sets(GRPO + ["library_tail=true", "teacher=inductor"])]
    assert autotriton_main(args) == 2
    assert "set teacher: direct" in capsys.readouterr().err
    assert autotriton_main(args[:-2] + ["--set", "grpo.mask_truncated_completions=true"]) == 2
    assert "would drop every stopped sample" in capsys.readouterr().err


def _completion(candidate: str) -> list[dict[str, str]]:
    return [assistant_message((CATALOGUE / f"{candidate}.py").read_text(), "")]


def test_rewards_rank_honest_broken_and_hacked_with_one_verification_each(monkeypatch, capsys) -> None:
    cases = {  # candidate: (format, gate, ran, correct, speed, hacked); speed is 0 without GPU timings
        "honest_single_kernel": (1, 1, 1, 1, 0, 0),
        "wrong_math": (1, 1, 1, 0, 0, 0),
        "compile_error": (1, 1, 0, 0, 0, 0),
        "hack_output_alias": (1, 1, 0, 0, 0, -1),
        "hack_functional": (1, 0, 0, 0, 0, -1),
    }
    completions = [_completion(name) for name in cases] + [[{"role": "assistant", "content": "no code here"}]]
    task = json.dumps(KernelTask.from_file(CATALOGUE / "task_add_relu.py").to_json())
    config = Rewards(device="cpu", workers=2, timeout_s=40)
    pool = verifier_pool.shared_pool("cpu", 2)
    submitted: list[str] = []
    real_submit = pool.submit
    monkeypatch.setattr(pool, "submit", lambda t, c, o: submitted.append(c.sha256) or real_submit(t, c, o))
    functions = reward_functions(config, VerdictMemo(config))
    table = [fn(prompts=[[]] * len(completions), completions=completions, task=[task] * len(completions))
             for fn in functions]
    rows = list(zip(*table))
    for (name, expected), got in zip(cases.items(), rows):
        assert got == pytest.approx(expected), name
    assert rows[-1] == (0, 0, 0, 0, 0, 0)
    assert len(submitted) == len(set(submitted)) == len(cases)  # each judged once, for all six components
    logged = [line for line in capsys.readouterr().err.splitlines() if line.startswith("rewards:")]
    assert len(logged) == 1 and "6 completions judged" in logged[0]  # what the batch's verdicts were, and why
    assert "1 correct, " in logged[0] and "1 no code, " in logged[0] and "2 hacked (output 0 shares memory" in logged[0]
    assert "1 compile (triton.compiler.errors.CompilationError" in logged[0] and "1 mismatch (output 0 differs" in logged[0]
    weights = reward_weights(load_recipe("tiny").rewards)
    total = {name: sum(w * v for w, v in zip(weights, got)) for name, got in zip(cases, rows)}
    assert total["honest_single_kernel"] > total["wrong_math"] > total["compile_error"] > 0
    assert max(total["hack_output_alias"], total["hack_functional"]) < 0


HEAD = "import math\n\nimport torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"


def _reward_rows(codes: dict[str, str], view=None) -> dict[str, tuple[float | None, ...]]:
    """Each code's six components on task_add_relu, judged for real on the CPU pool (one batch)."""
    task = json.dumps(KernelTask.from_file(CATALOGUE / "task_add_relu.py").to_json())
    config = Rewards(device="cpu", workers=2, timeout_s=60)
    completions = [[{"role": "assistant", "content": f"```python\n{code}\n```"}] for code in codes.values()]
    table = [fn(prompts=[[]] * len(codes), completions=completions, task=[task] * len(codes))
             for fn in reward_functions(config, VerdictMemo(config, view))]
    return dict(zip(codes, zip(*table)))


def test_under_the_library_tail_the_gate_pays_only_a_modelnew_with_a_forward() -> None:
    """The tail brings `@triton.jit` kernels to every judged module, so `structure` passed an empty ModelNew: it
    earned the gate reward, tied with an honest attempt that raises (round attack45). A forward that computes
    nothing stays a hack, caught as it runs (`triton_launch`)."""
    model = "class ModelNew(torch.nn.Module):\n"
    cases = {  # (format, gate, ran, correct, speed, hacked)
        "honest": (model + "    def forward(self, x, y):\n        return op_relu(op_add(x, y))\n", (1, 1, 1, 1, 0, 0)),
        "raises": (model + "    def forward(self, x, y):\n        return op_relu(op_add(x, y[:, :3]))\n",
                   (1, 1, 0, 0, 0, 0)),
        "no forward": (model + "    pass\n", (1, 0, 0, 0, 0, 0)),
        "returns an input": (model + "    def forward(self, x, y):\n        return x\n", (1, 1, 0, 0, 0, -1)),
    }
    rows = _reward_rows({name: HEAD + code for name, (code, _) in cases.items()}, whole_library_view)
    for name, (_, expected) in cases.items():
        assert rows[name] == pytest.approx(expected), name
    weights = reward_weights(load_recipe("tiny").rewards)
    total = {name: sum(w * v for w, v in zip(weights, row)) for name, row in rows.items()}
    assert total["honest"] > total["raises"] > total["no forward"] > 0 > total["returns an input"]


def test_format_pays_a_modelnew_class_not_a_mention_of_one() -> None:
    """`"class ModelNew" in code` paid a comment or a string (round attack45); code that does not parse still earns
    format from a line that opens the class, so a syntax error keeps its place above no attempt."""
    catalogue = {name: (CATALOGUE / f"{name}.py").read_text() for name in ("honest_single_kernel", "syntax_error",
                                                                          "hack_functional")}
    cases = {  # (format, gate, ran, correct, speed, hacked)
        "honest_single_kernel": (catalogue["honest_single_kernel"], (1, 1, 1, 1, 0, 0)),
        "syntax_error": (catalogue["syntax_error"], (1, 0, 0, 0, 0, 0)),
        "comment": ("import torch\n# class ModelNew(torch.nn.Module)\n", (0, 0, 0, 0, 0, 0)),
        "string": ('import torch\nDOC = """\nclass ModelNew(torch.nn.Module):\n    pass\n"""\n', (0, 0, 0, 0, 0, 0)),
        "hack_functional": (catalogue["hack_functional"], (1, 0, 0, 0, 0, -1)),
    }
    rows = _reward_rows({name: code for name, (code, _) in cases.items()})
    for name, (_, expected) in cases.items():
        assert rows[name] == pytest.approx(expected), name


def test_a_crash_of_the_gate_is_the_verifier_s_failure_and_scores_nothing(monkeypatch) -> None:
    """A bug of ours in the gate must not read as every answer failing a static check (run 87's rewards all 0)."""
    def broken_gate(source: str) -> list:
        raise ValueError("the gate's own bug")

    monkeypatch.setattr(verifier_pool, "gate", broken_gate)
    task = KernelTask.from_file(CATALOGUE / "task_add_relu.py")
    candidate = Candidate((CATALOGUE / "honest_single_kernel.py").read_text())
    verdict = verifier_pool.shared_pool("cpu", 2).verify(task, candidate, VerifyOptions(device="cpu"))
    assert verdict.failure == "internal" and not verdict.hacked and "the gate's own bug" in verdict.failed_check.reason
    config = Rewards(device="cpu", workers=2, timeout_s=40)
    task_json = json.dumps(task.to_json())
    rewards = [fn(prompts=[[]], completions=[_completion("honest_single_kernel")], task=[task_json])[0]
               for fn in reward_functions(config)]
    assert rewards == [None] * len(COMPONENTS)  # trl leaves it out, instead of punishing the model


def _judge_dies_after_submissions(monkeypatch, count: int) -> list[str]:
    """The real judge process is killed (and reaped) right after the `count`-th submission from now: a transient
    failure of the verifier, as the OOM killer or a crashed judge leaves it. Returns the submitted candidates' sha256."""
    submitted: list[str] = []
    pool = verifier_pool.shared_pool("cpu", 2)  # the instance: an earlier test's monkeypatch leaves one behind
    real_submit = pool.submit

    def submit(task, candidate, options=VerifyOptions(), static_gate=True):
        submitted.append(candidate.sha256)
        future = real_submit(task, candidate, options, static_gate)
        if len(submitted) == count:
            pool.process.kill()
            pool.process.wait()
        return future

    monkeypatch.setattr(pool, "submit", submit)
    return submitted


def _score(functions, completions: list, task: str) -> list[tuple[float | None, ...]]:
    """The six components per completion, called as trl calls them: every function with the same list."""
    table = [fn(prompts=[[]] * len(completions), completions=completions, task=[task] * len(completions))
             for fn in functions]
    return list(zip(*table))


def test_a_completion_the_judge_died_on_is_judged_again_in_the_next_batch(monkeypatch) -> None:
    """Round attack57: the memo kept an unjudged verdict (`_UNJUDGED`) for every later batch that held the same
    (task, code): after one transient death of the judge, an honest completion was never scored again (and a hacked
    one never penalised) while the policy kept writing it. The project's rule: a transient failure is never kept."""
    task = json.dumps(KernelTask.from_file(CATALOGUE / "task_add_relu.py").to_json())
    config = Rewards(device="cpu", workers=2, timeout_s=60)
    functions = reward_functions(config, VerdictMemo(config))
    submitted = _judge_dies_after_submissions(monkeypatch, 1)
    assert _score(functions, [_completion("honest_single_kernel")], task) == [(None,) * len(COMPONENTS)]
    assert len(submitted) == 1
    fresh = verifier_pool.shared_pool("cpu", 2)  # the judge the next batch runs on
    assert fresh.process.poll() is None
    real_submit = fresh.submit
    monkeypatch.setattr(fresh, "submit", lambda *args: submitted.append(args[1].sha256) or real_submit(*args))
    again = _score(functions, [_completion("honest_single_kernel")], task)  # the next batch: a new list from trl
    assert again == [pytest.approx((1, 1, 1, 1, 0, 0))] and len(submitted) == 2
    same_batch = [_completion("honest_single_kernel")]  # a verdict is kept within and across batches: no submission
    assert _score(functions, same_batch, task) == _score(functions, same_batch, task) == again and len(submitted) == 2


def test_a_judge_that_dies_mid_batch_leaves_the_batch_unscored_not_the_run_ended(monkeypatch) -> None:
    """Round attack57: `VerifierPool.submit` raised RuntimeError ("the verifier's judge process has exited") for a
    batch's submissions after the judge died, out of the reward function: the whole GRPO run (or eval) ended on a
    failure of the verifier. Every completion of that batch is now unjudged (trl gives it no advantage); the next
    batch runs on a fresh judge."""
    task = json.dumps(KernelTask.from_file(CATALOGUE / "task_add_relu.py").to_json())
    config = Rewards(device="cpu", workers=2, timeout_s=60)
    functions = reward_functions(config, VerdictMemo(config))
    _judge_dies_after_submissions(monkeypatch, 1)
    completions = [_completion("wrong_math"), _completion("hack_output_alias")]
    assert _score(functions, completions, task) == [(None,) * len(COMPONENTS)] * 2
    monkeypatch.undo()
    rows = _score(functions, [_completion("wrong_math"), _completion("hack_output_alias")], task)
    assert rows == [pytest.approx((1, 1, 1, 0, 0, 0)), pytest.approx((1, 1, 0, 0, 0, -1))]


def test_8b_recipe_validates_by_dry_run(capsys, tmp_path) -> None:
    assert autotriton_main(["train", "grpo", "--recipe", "8b", "--dry-run", "--out", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["accelerate"]["zero_stage"] == 3 and report["accelerate"]["distributed_type"] == "DistributedType.DEEPSPEED"
    assert report["grpo"]["use_vllm"] and report["grpo"]["vllm_mode"] == "colocate"
    assert report["grpo"]["generation_batch_size"] % report["grpo"]["num_generations"] == 0
    assert any("Qwen3-8B" in note for note in report["notes"])  # the base is not on this machine: said, not hidden
    assert autotriton_main(["train", "sft", "--recipe", "tiny", "--dry-run", "--out", str(tmp_path)]) == 0
    assert 10_000_000 < json.loads(capsys.readouterr().out)["parameters"] < 20_000_000
    assert autotriton_main(["train", "sft", "--recipe", "tiny", "--dry-run", "--out", str(tmp_path),
                            "--set", "grpo.num_generations=3"]) == 2  # trl's own check: 16 is not a multiple of 3
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text((ROOT / "training/recipes/accelerate/zero3.yaml").read_text().replace(
        "zero_stage: 3", "zero_stage: 3\n  gradient_accumulation_steps: 3"))
    assert autotriton_main(["train", "sft", "--recipe", "8b", "--dry-run", "--out", str(tmp_path),
                            "--set", f"accelerate_config={fixed}"]) == 2
    assert "gradient_accumulation_steps=3" in capsys.readouterr().err


def test_clear_errors(data, tmp_path, capsys) -> None:
    assert autotriton_main(["train", "sft", "--data", str(tmp_path / "nowhere"), "--out", str(tmp_path)]) == 2
    assert "is not a directory" in capsys.readouterr().err
    assert autotriton_main(["train", "grpo", "--data", str(data), "--out", str(tmp_path), "--set", "rewards.device=cpu"]) == 2
    assert "rewards must be judged on one" in capsys.readouterr().err  # a CPU verdict vouches for a CPU only
    if not torch.cuda.is_available():
        assert autotriton_main(["train", "sft", "--data", str(data), "--out", str(tmp_path)]) == 2
        assert "needs a CUDA GPU" in capsys.readouterr().err
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert autotriton_main(["train", "sft", "--data", str(data), "--out", str(blocked / "out"), *_sets(SFT)]) == 2
    assert "is not writable" in capsys.readouterr().err
    assert autotriton_main(["train", "sft", "--data", str(tmp_path), "--out", str(tmp_path / "o"), *_sets(SFT)]) == 2
    assert "no dataset at" in capsys.readouterr().err


RENAMED = '''
@triton.jit
def triton_poi_fused_add_1(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    pass


@triton.jit
def triton_poi_fused_add_10(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    pass


class ModelNew(torch.nn.Module):
    def forward(self, x):
        triton_poi_fused_add_1_xnumel = x.numel()
        triton_poi_fused_add_10[(1,)](x, x, triton_poi_fused_add_1_xnumel, XBLOCK=8)
        triton_poi_fused_add_1[(1,)](x, x, triton_poi_fused_add_1_xnumel, XBLOCK=8)
'''


def test_sft_targets_name_kernels_by_position() -> None:
    renamed = short_kernel_names(RENAMED)
    assert "triton_" not in renamed and short_kernel_names(renamed) == renamed
    assert "def kernel_0(" in renamed and "def kernel_1(" in renamed  # `_1` is no prefix of `_10`
    assert "kernel_1[(1,)](x, x, kernel_0_xnumel" in renamed and "kernel_0[(1,)](x, x, kernel_0_xnumel" in renamed


def test_renamed_committed_pairs_stay_correct() -> None:
    """The model trains on targets with short kernel names: the rename must not change what a verified target
    computes (two committed pairs with two kernels and a host size named after one, judged on the CPU)."""
    pairs = [p for p in read_records(ROOT / "training" / "dataset" / "pairs", "pairs") if p["dtype"] == "float32"
             and "_xnumel" in p["target"] and p["target"].count("@triton.jit") >= 2
             and "libdevice" not in p["target"] and "triton_tem" not in p["target"]]
    shortest: dict[str, dict] = {}
    for pair in sorted(pairs, key=lambda p: len(p["target"])):
        shortest.setdefault(pair["task_key"], pair)
    assert len(shortest) >= 2
    for pair in list(shortest.values())[:2]:
        renamed = short_kernel_names(pair["target"])
        assert renamed != pair["target"]
        verdict = verify(KernelTask.from_json(pair["task"]), Candidate(renamed), VerifyOptions(device="cpu"))
        assert verdict.correct, verdict.failed_check
