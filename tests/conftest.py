import glob
import os
from pathlib import Path

# Before torch or triton load: without a GPU, Triton kernels spliced into compiled graphs run
# through the interpreter, which must be on from the start (the verifier's workers set it themselves).
if not glob.glob("/dev/nvidia[0-9]*"):
    os.environ.setdefault("TRITON_INTERPRET", "1")
# The README runs the suite in two pytest-xdist workers (`-n 2`): each worker, and every process it starts,
# computes on one thread: two workers with an OpenMP thread per core each took 1,240 s and 30 CPU-minutes on
# 2 cores (the quickstart test alone 681 s); with one thread each, 953 s and 19 (quickstart 373 s).
XDIST_WORKER = bool(os.environ.get("PYTEST_XDIST_WORKER"))
if XDIST_WORKER:
    os.environ["OMP_NUM_THREADS"] = "1"

import pytest
import torch

if XDIST_WORKER:
    torch.set_num_threads(1)  # torch may have been imported before this file (by a plugin)


# Files that take minutes, slowest first. `--dist loadfile` hands each worker a whole file at a time; started last
# (xdist's default order is by test count, and these have few tests), the quickstart test ran alone for the final
# 9 minutes of a 19-minute CI run while the other worker sat idle.
SLOW_FILES_FIRST = ("test_examples.py", "test_attacks_sandbox.py", "test_training.py", "test_training_data.py")


def pytest_configure(config):
    if hasattr(config.option, "loadscopereorder"):  # pytest-xdist: keep the collection order made below
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(config, items):
    rank = {name: index for index, name in enumerate(SLOW_FILES_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each file's tests stay together
    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    """No test ever reads or writes the user's real kernel cache."""
    monkeypatch.setenv("AUTOTRITON_CACHE_DIR", str(tmp_path / "kernel-cache"))
    monkeypatch.setenv("AUTOTRITON_KEY_FILE", str(tmp_path / "config" / "cache.key"))
    monkeypatch.delenv("AUTOTRITON_MODE", raising=False)


@pytest.fixture(autouse=True)
def _no_bundled_model(tmp_path, monkeypatch):
    """Tests see no bundled model unless they put one in place: their engine is the one they name."""
    from autotriton_backend import engine_spec

    monkeypatch.setattr(engine_spec, "BUNDLED_MODEL_DIR", tmp_path / "no-bundled-model")


# ---------------------------------------------------------------- tiny models, built here (no hub)
# The test models: the training package's own tokenizer and decoder (training.tokenizer, training.model),
# shrunk so that they build and train in seconds.

TINY_TASK = Path(__file__).parent / "catalogue" / "task_add_relu.py"
TINY_ANSWER = Path(__file__).parent / "catalogue" / "honest_single_kernel.py"


def _tiny_model(texts: list[str], hidden: int, layers: int, context: int):
    from training.model import build_tiny
    from training.tokenizer import train_tokenizer

    tokenizer = train_tokenizer(texts, vocab_size=600)
    model = build_tiny(tokenizer, hidden_size=hidden, intermediate_size=2 * hidden, num_hidden_layers=layers,
                       num_attention_heads=2, num_key_value_heads=2, head_dim=hidden // 2,
                       max_position_embeddings=context)
    return model, tokenizer


def _tiny_conversation() -> tuple[list[dict[str, str]], str]:
    from autotriton_backend.prompt import first_prompt
    from autotriton_backend.task import KernelTask

    return first_prompt(KernelTask.from_file(TINY_TASK)), f"```python\n{TINY_ANSWER.read_text().strip()}\n```"


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> Path:
    """A 1-layer random decoder: writes garbage and never needs to stop (its context is 1024 tokens)."""
    prompt, answer = _tiny_conversation()
    model, tokenizer = _tiny_model([prompt[0]["content"], answer], hidden=32, layers=1, context=1024)
    path = tmp_path_factory.mktemp("tiny-model")
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def _overfitted(answer: str, context: int, fit_exactly: bool = False):
    """A tiny decoder overfitted (loss on the answer only) to answer task_add_relu's first prompt with `answer` and
    eos. With `fit_exactly`, its context holds that prompt and answer with 16 tokens to spare, and no more."""
    prompt, _ = _tiny_conversation()
    model, tokenizer = _tiny_model([prompt[0]["content"], answer], hidden=48, layers=1, context=context)
    prefix = tokenizer.apply_chat_template(prompt, add_generation_prompt=True, tokenize=False)
    text = tokenizer.apply_chat_template(prompt + [{"role": "assistant", "content": answer}], tokenize=False)
    assert text.startswith(prefix)
    ids = torch.tensor([tokenizer(text, add_special_tokens=False)["input_ids"]])
    labels = ids.clone()
    labels[:, : len(tokenizer(prefix, add_special_tokens=False)["input_ids"])] = -100
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    model.train()
    for _ in range(300):  # about 70 steps, a second or two
        loss = model(input_ids=ids, labels=labels).loss
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if loss.item() < 0.01:
            break
    assert loss.item() < 0.01, f"the tiny model did not learn its answer (loss {loss.item():.3f})"
    if fit_exactly:
        model.config.max_position_embeddings = ids.shape[1] + 16
    return model.eval(), tokenizer


def _saved(model, tokenizer, path: Path) -> Path:
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


@pytest.fixture(scope="session")
def trained_tiny_model(tmp_path_factory) -> Path:
    """Answers task_add_relu's first prompt with an honest kernel and eos: a stand-in for the bundled model that
    writes a parsable, verifiable answer."""
    _, answer = _tiny_conversation()
    return _saved(*_overfitted(answer, context=2048), tmp_path_factory.mktemp("trained-tiny-model"))


@pytest.fixture(scope="session")
def cramped_tiny_model(tmp_path_factory) -> Path:
    """Answers task_add_relu's first prompt with a wrong kernel (x - y), in a context with room for that answer
    and not for a repair: the bundled model's case (a 4,096-token context, answers of ~2,400)."""
    _, answer = _tiny_conversation()
    wrong = answer.replace("x + y", "x - y")
    assert wrong != answer
    return _saved(*_overfitted(wrong, context=2048, fit_exactly=True), tmp_path_factory.mktemp("cramped-tiny-model"))
