"""The bundled default engine: when it is used, and a real tiny model in its place, loaded offline.

tests/conftest.py hides the repository's own bundled model from every test; these tests put one in
place (a directory with a config, or a tiny model trained on the spot) by pointing BUNDLED_MODEL_DIR at it.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import warnings
from pathlib import Path

import pytest
import torch

from agent import make_engine
from agent.engines import REACH_FILE
from autotriton_backend import engine_spec
from autotriton_backend.cli import main
from autotriton_backend.options import BackendOptions
from autotriton_backend.prompt import (LIBRARY_BREAK, LIBRARY_TAIL_FILE, assistant_message, extract_code, first_prompt,
                                       with_library_tail)
from autotriton_backend.report import compile_report, reset_report
from autotriton_backend.task import KernelTask
from training.eval import load_suite

CATALOGUE = Path(__file__).parent / "catalogue"
FACTORY = Path(__file__).parent.parent / "examples" / "quickstart.py"
TASK = KernelTask.from_file(CATALOGUE / "task_add_relu.py")


@pytest.fixture
def bundled(tmp_path, monkeypatch) -> Path:
    """A bundled model directory as far as resolution can tell (its config is there)."""
    directory = tmp_path / "bundled_model"
    directory.mkdir()
    (directory / "config.json").write_text("{}")
    monkeypatch.setattr(engine_spec, "BUNDLED_MODEL_DIR", directory)
    return directory


def test_without_a_bundled_model_there_is_no_engine_and_the_reason_says_how_to_get_one(monkeypatch, capsys):
    monkeypatch.delenv("AUTOTRITON_ENGINE", raising=False)
    assert BackendOptions.resolve(None, {}).engine is None
    assert "no model is bundled at" in engine_spec.no_engine_reason(None)
    with pytest.raises(ValueError, match="needs an engine: no engine is configured and no model is bundled"):
        BackendOptions.resolve({"strict": True}, {})
    for command in (["warmup", f"{FACTORY}:build"], ["eval", "--suite", str(CATALOGUE)]):
        assert main(command) == 2
        assert "needs an engine: no engine is configured and no model is bundled at" in capsys.readouterr().err


def test_the_bundled_model_is_the_default_an_explicit_engine_wins_and_none_turns_search_off(bundled):
    assert BackendOptions.resolve(None, {}).search_engine == f"hf:{bundled}"
    assert BackendOptions.resolve({"strict": True}, {}).strict  # search mode has an engine now
    assert BackendOptions.resolve({"engine": "files:/answers"}, {}).engine == "files:/answers"
    assert BackendOptions.resolve(None, {"AUTOTRITON_ENGINE": "openai:http://h:1/v1#m"}).engine == "openai:http://h:1/v1#m"
    for off in (BackendOptions.resolve({"engine": "none"}, {}), BackendOptions.resolve(None, {"AUTOTRITON_ENGINE": "none"})):
        assert (off.engine, off.search_engine) == ("none", None)
    assert BackendOptions.resolve({"engine": "none", "mode": "cache", "strict": True}, {}).strict  # cache mode: fine
    with pytest.raises(ValueError, match="needs an engine: engine='none' turns search off"):
        BackendOptions.resolve({"engine": "none", "strict": True}, {})


def test_bundled_model_needs_transformers(bundled, monkeypatch):
    find_spec = importlib.util.find_spec  # as if transformers were not installed (the default install)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "transformers" else find_spec(name, *a))
    assert BackendOptions.resolve(None, {}).engine is None
    assert "needs transformers: pip install autotriton[hf]" in engine_spec.no_engine_reason(None)


class AddRelu(torch.nn.Module):
    def forward(self, x, y):
        return torch.relu(x + y)


def test_engine_none_with_a_bundled_model_keeps_inductor_quietly(bundled):
    model, inputs = AddRelu(), [torch.randn(4, 33), torch.randn(4, 33)]
    torch._dynamo.reset()
    reset_report()
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # asked for: no warning
        out = torch.compile(model, backend="autotriton", options={"engine": "none"})(*inputs)
    torch.testing.assert_close(out, model(*inputs))
    assert {r.status for r in compile_report().records} == {"no-engine"}


# ---------------------------------------------------------------- a real tiny model as the bundled one


def test_hf_engine_stops_at_eos_and_never_runs_past_the_context(trained_tiny_model, tiny_model):
    trained = make_engine(f"hf:{trained_tiny_model}", device="cpu")
    (reply,) = trained.generate([first_prompt(TASK)], 1, 0.0, 4096)[0]
    assert 0 < reply.tokens < 400  # the answer and its eos, far below the limit
    assert "class ModelNew" in extract_code(reply.text)
    other = first_prompt(KernelTask.from_file(CATALOGUE / "task_scale_rows.py"))  # a longer prompt: left padding
    batched = trained.generate([other, first_prompt(TASK)], 2, 0.0, 4096)
    assert [len(replies) for replies in batched] == [2, 2] and batched[1] == [reply, reply]
    garbage = make_engine(f"hf:{tiny_model}", device="cpu")  # never says eos; 1024 positions
    prompt = len(garbage.tokenizer.apply_chat_template(first_prompt(TASK), add_generation_prompt=True,
                                                       return_dict=True)["input_ids"])
    (reply,) = garbage.generate([first_prompt(TASK)], 1, 0.0, 10**6)[0]
    assert reply.tokens == 1024 - prompt
    longer = [{"role": "user", "content": first_prompt(TASK)[0]["content"] * 2}]
    room = 1024 - len(garbage.tokenizer.apply_chat_template(longer, add_generation_prompt=True,
                                                            return_dict=True)["input_ids"])
    assert 0 < room < 1024 - prompt - 5
    # batched with a longer prompt, each answer still gets its own room: the context left, or max_tokens;
    # greedy, and sampling near-greedily (n rows per prompt), where this model never says eos
    for samples, temperature in ((1, 0.0), (2, 1e-3)):
        batch = garbage.generate([longer, first_prompt(TASK)], samples, temperature, room + 5)
        assert [[c.tokens for c in replies] for replies in batch] == [[room] * samples, [room + 5] * samples]


def test_a_library_tail_model_stops_where_its_library_begins_and_gets_the_library(trained_tiny_model, tmp_path):
    """A model directory with LIBRARY_TAIL_FILE: the answer stops at the first LIBRARY_BREAK (the stand-in's answer
    holds one, between its kernel and ModelNew) and the tail follows the code written up to it."""
    whole = make_engine(f"hf:{trained_tiny_model}", device="cpu")
    (written,) = whole.generate([first_prompt(TASK)], 1, 0.0, 4096)[0]
    code = extract_code(written.text)
    assert LIBRARY_BREAK in code
    shutil.copytree(trained_tiny_model, tmp_path / "model")
    (tmp_path / "model" / LIBRARY_TAIL_FILE).write_text("TAIL = 1\n")
    tailed = make_engine(f"hf:{tmp_path / 'model'}", device="cpu")
    other = [{"role": "user", "content": "hello"}]  # this model's answer to it runs to the limit, with no break
    (reply,), (beside,) = tailed.generate([first_prompt(TASK), other], 1, 0.0, 300)
    assert extract_code(reply.text) == with_library_tail(code, "TAIL = 1\n").strip()
    assert beside.tokens == 300 and 0 < reply.tokens < written.tokens  # not the padding of its batch



def test_a_library_tail_model_sees_its_earlier_answer_without_the_library(trained_tiny_model, tmp_path):
    """In a repair turn the model reads its previous answer as it wrote it: the appended library would take most of
    a 4,096-token context (the bundled model's is ~2,300 tokens)."""
    shutil.copytree(trained_tiny_model, tmp_path / "model")
    library = "".join(f"CONSTANT_{i} = {i}\n" for i in range(200))
    (tmp_path / "model" / LIBRARY_TAIL_FILE).write_text(library)
    tailed = make_engine(f"hf:{tmp_path / 'model'}", device="cpu")
    plain = make_engine(f"hf:{trained_tiny_model}", device="cpu")
    code = "class ModelNew:\n    pass"

    def repair(answer: str) -> list[dict[str, str]]:
        return [*first_prompt(TASK), assistant_message(answer, answer), {"role": "user", "content": "fix it"}]

    assert tailed.room(repair(with_library_tail(code, library))) == plain.room(repair(code))
    assert plain.room(repair(with_library_tail(code, library))) < plain.room(repair(code)) - 200
    assert tailed.room(repair("")) == plain.room(repair(""))  # an answer without code is shown as it was

def test_eval_uses_the_bundled_model_offline(trained_tiny_model, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(engine_spec, "BUNDLED_MODEL_DIR", trained_tiny_model)
    monkeypatch.delenv("AUTOTRITON_ENGINE", raising=False)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "add_relu.py").write_text(TASK.source)
    assert main(["eval", "--suite", str(suite), "--device", "cpu", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["engine"] == f"hf:{trained_tiny_model}"
    assert (result["tasks"], result["compiled_pct"], result["correct_pct"]) == (1, 100.0, 100.0)


def test_backend_and_warmup_search_with_the_bundled_model(trained_tiny_model, monkeypatch, tmp_path):
    monkeypatch.setattr(engine_spec, "BUNDLED_MODEL_DIR", trained_tiny_model)
    monkeypatch.delenv("AUTOTRITON_ENGINE", raising=False)
    model, inputs = AddRelu(), [torch.randn(4, 33), torch.randn(4, 33)]
    torch._dynamo.reset()
    reset_report()
    options = {"search_turns": 1, "search_samples": 1}
    out = torch.compile(model, backend="autotriton", options=options)(*inputs)
    torch.testing.assert_close(out, model(*inputs))
    # searched with the bundled model, and the verifier judged its answer (the tiny model only knows one prompt)
    assert {r.status for r in compile_report().records} <= {"new-kernel", "no-kernel"}
    (log,) = (Path(os.environ["AUTOTRITON_CACHE_DIR"]) / "conversations").glob("*.json")
    (attempt,) = json.loads(log.read_text())["attempts"]
    assert attempt["candidate"]["provenance"]["engine"] == "hf"
    assert attempt["candidate"]["provenance"]["model"] == str(trained_tiny_model)

    script = tmp_path / "user_model.py"
    script.write_text("import torch\n\nclass AddRelu(torch.nn.Module):\n    def forward(self, x, y):\n"
                      "        return torch.relu(x + y)\n\ndef build():\n"
                      "    return AddRelu(), [torch.randn(4, 33), torch.randn(4, 33)]\n")
    assert main(["warmup", f"{script}:build", "--turns", "1", "--samples", "1"]) == 0  # no --engine: the bundled one


REAL_BUNDLED = engine_spec._bundled_model_dir()


@pytest.mark.skipif(not (REAL_BUNDLED / "config.json").is_file(), reason="no model committed in agent/bundled_model yet")
def test_the_committed_bundled_model_loads_offline_and_answers_parsably():
    """Asked for a held-out region in the backend's ATen form (the prompts it was trained on: on hand-written modules
    outside that form it often opens with no code block, training/results/README.md, runs 99-102), it writes a
    ModelNew, and its engine appends the library its directory keeps."""
    region = next(t.task for t in load_suite("test") if t.name == "addmm+relu")
    engine = make_engine(f"hf:{REAL_BUNDLED}", device="cpu")
    (reply,) = engine.generate([first_prompt(region)], 1, 0.0, 2048)[0]
    code = extract_code(reply.text)
    assert "class ModelNew" in code.split(LIBRARY_BREAK)[0], reply.text[-2000:]
    assert code.endswith((REAL_BUNDLED / LIBRARY_TAIL_FILE).read_text().strip()) and reply.tokens < 1000
    long_region = next(t.task for t in load_suite("test") if t.task.statements > 10)  # past its measured reach
    assert engine.max_statements == 10 and not engine.beyond_reach(region)
    assert "past the 10 that reach.json" in engine.beyond_reach(long_region)


@pytest.mark.parametrize("text", ['{"max_statements": 0}', '{"max_statements": "10"}', '{"reach": 10}', "10 statements"])
def test_a_malformed_reach_file_is_refused_with_what_it_must_hold(tmp_path, text):
    (tmp_path / REACH_FILE).write_text(text)
    with pytest.raises(ValueError, match='must hold {"max_statements": N}'):
        make_engine(f"files:{tmp_path}")
