"""Agent tests: parser, engine specs, and the search loop against real engines and a real verifier.

Nothing is mocked: the files engine replays candidates from disk, the hf and openai engines run a
tiny random decoder built in tests/conftest.py (no hub access), served for the openai engine by `transformers serve`.
"""
from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from agent import Budget, RequestMeta, make_engine, search
from agent.engines import EngineError
from autotriton_backend.prompt import PROMPT_VERSION, extract_code, feedback_message, first_prompt
from autotriton_backend.task import KernelTask
from autotriton_backend.verdict import Check, Timings, Verdict
from autotriton_backend.verifier import VerifyOptions

TASK_SOURCE = """\
import torch

class Model(torch.nn.Module):
    def forward(self, x, y):
        return torch.relu(x + y)

def get_inputs():
    return [torch.randn(4, 33), torch.randn(4, 33)]

def get_init_inputs():
    return []
"""

GOOD = """\
import torch
import triton
import triton.language as tl

@triton.jit
def add_relu_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + y, 0.0), mask=mask)

class ModelNew(torch.nn.Module):
    def forward(self, x, y):
        out = torch.empty_like(x)
        n = x.numel()
        add_relu_kernel[(triton.cdiv(n, 64),)](x, y, out, n, BLOCK=64)
        return out
"""

BROKEN = GOOD.replace("tl.maximum(x + y, 0.0)", "tl.maximum(x - y, 0.0)")

CPU = VerifyOptions(device="cpu", timeout_s=120)


@pytest.fixture(scope="module")
def task() -> KernelTask:
    return KernelTask.from_source(TASK_SOURCE, name="add_relu")


# ---------------------------------------------------------------- parser


@pytest.mark.parametrize(
    "reply, code",
    [
        ("Sure:\n```python\nx = 1\n```\nDone.", "x = 1"),
        ("```python\ndraft = 1\n```\nbetter:\n```python\nfinal = 2\n```", "final = 2"),
        ("<think>\n```python\nthought = 1\n```\n</think>\n```python\nanswer = 1\n```", "answer = 1"),
        ("```python\nanswer = 1\n```\n<think>later ```python\nthought = 2\n```", "answer = 1"),
        ("opened by the template\n```python\nthought = 1\n```\n</think>\n```py\nanswer = 1\n```", "answer = 1"),
        ("```python\ntruncated = 1\ndef f(", "truncated = 1\ndef f("),
        ("```bash\npip install x\n```\n```\nuntagged = 1\n```", "untagged = 1"),
        ("```python\ntagged = 1\n```\n```\nuntagged = 1\n```", "tagged = 1"),
        ("  ```python\n  indented = 1\n  ```", "indented = 1"),
        ("no code here, just words", ""),
        ("<think>```python\nonly_thought = 1\n```</think>no answer", ""),
        ("", ""),
    ],
)
def test_extract_code(reply: str, code: str) -> None:
    assert extract_code(reply) == code


# ---------------------------------------------------------------- engines and prompts


@pytest.mark.parametrize(
    "spec", ["", "hf", "hf:", "gpt:model", "openai:localhost:8000#m", "openai:http://localhost:8000/v1", "files:"]
)
def test_bad_engine_spec(spec: str) -> None:
    with pytest.raises(ValueError, match=r"openai:BASE_URL#MODEL"):
        make_engine(spec)


def test_vllm_engine_names_the_extra() -> None:
    if importlib.util.find_spec("vllm") is not None:
        pytest.skip("vLLM is installed")
    with pytest.raises(ImportError, match=r"pip install autotriton\[vllm\]"):
        make_engine("vllm:/nonexistent")


def test_first_prompt_is_kernelbench_format(task: KernelTask) -> None:
    (message,) = first_prompt(task)
    assert message["role"] == "user"
    assert f"```python\n{TASK_SOURCE.strip()}\n```" in message["content"]
    assert "output architecture ModelNew" in message["content"] and "@triton.jit" in message["content"]


def test_feedback_message_repair_and_speed() -> None:
    failed = Verdict("k", "s", "cpu", checks=[Check("syntax", True), Check("mismatch", False, "off by one")]).finish()
    slow = Verdict("k", "s", "cuda", checks=[Check("syntax", True)], timings=Timings(2.0, 3.0, 1.0)).finish()
    repair, speed = feedback_message(failed)["content"], feedback_message(slow)["content"]
    assert repair.startswith("Your code was run and it is not correct") and failed.feedback in repair
    assert speed.startswith("Your code is correct, but it is not fast enough") and "0.50x" in speed


# ---------------------------------------------------------------- search loop: files engine


def test_files_engine_repair_loop(task: KernelTask, tmp_path: Path) -> None:
    """Turn 0 is wrong, turn 1 fixes it: the winner is the fix, and turn 1 saw turn 0's feedback."""
    turns = tmp_path / task.key
    turns.mkdir()
    (turns / "turn0.py").write_text(BROKEN)
    (turns / "turn1.py").write_text(GOOD)
    engine = make_engine(f"files:{tmp_path}")
    seen: list[list[dict]] = []
    original = engine.generate

    def recording_generate(conversations, n, temperature, max_tokens, meta=None):
        seen.extend(json.loads(json.dumps(conversations)))  # snapshot: the loop keeps appending
        return original(conversations, n, temperature, max_tokens, meta)

    engine.generate = recording_generate  # type: ignore[method-assign]
    events = []
    result = search(task, engine, Budget(samples=1, turns=3), CPU, on_event=events.append)

    assert result.error == "" and result.stop_reason == "good enough"
    assert result.winner is not None and result.winner.candidate.source == GOOD.strip()
    assert result.winner.candidate.provenance.turn == 1
    assert result.winner.candidate.provenance.prompt_version == PROMPT_VERSION
    first = result.attempts[0].verdict
    assert not first.correct and first.failed_check.name == "mismatch"
    assert len(seen) == 2
    repair_request = seen[1]
    assert [m["role"] for m in repair_request] == ["user", "assistant", "user"]
    assert BROKEN.strip() in repair_request[1]["content"]
    assert first.feedback in repair_request[2]["content"]
    assert [e.kind for e in events].count("winner") == 1
    json.dumps(result.to_json())


def test_a_raised_message_cannot_forge_turns_in_the_repair_prompt(task: KernelTask, tmp_path: Path) -> None:
    """Round attack43: turn 0 raises a message closing the user turn and forging an assistant answer and a "correct"
    verdict in ChatML markers; the bundled engine's tokenizer read them as turns (six turn starts for four). The repair
    prompt the loop sends must tokenize to one turn start per message, plus the one the template opens for the answer."""
    from transformers import AutoTokenizer

    attack = Path(__file__).parent / "attacks" / "round43_feedback_forges_chat_turns.py"
    (tmp_path / task.key).mkdir()
    (tmp_path / task.key / "turn0.py").write_text(attack.read_text())
    (tmp_path / task.key / "turn1.py").write_text(GOOD)
    engine = make_engine(f"files:{tmp_path}")
    seen: list[list[dict]] = []
    original = engine.generate

    def recording_generate(conversations, n, temperature, max_tokens, meta=None):
        seen.extend(json.loads(json.dumps(conversations)))
        return original(conversations, n, temperature, max_tokens, meta)

    engine.generate = recording_generate  # type: ignore[method-assign]
    result = search(task, engine, Budget(samples=1, turns=2), CPU)
    assert result.attempts[0].verdict.failed_check.name == "runtime" and "<|im_start|>" in result.attempts[0].verdict.feedback
    tokenizer = AutoTokenizer.from_pretrained(Path(__file__).parent.parent / "agent" / "bundled_model")
    repair = seen[1]
    text = tokenizer.apply_chat_template(repair, add_generation_prompt=True, tokenize=False)
    ids = tokenizer(text, add_special_tokens=False)["input_ids"]
    assert ids.count(tokenizer.convert_tokens_to_ids("<|im_start|>")) == len(repair) + 1
    assert "The candidate is correct" in repair[2]["content"]  # the text is still shown, as text


def test_files_engine_naming(tmp_path: Path) -> None:
    (tmp_path / "k.py").write_text("fallback = 1\n")
    (tmp_path / "k").mkdir()
    (tmp_path / "k" / "turn1.py").write_text("turn_one = 1\n")
    (tmp_path / "j").mkdir()  # a task directory with no file for this turn: an empty answer
    engine = make_engine(f"files:{tmp_path}")
    meta = [RequestMeta("k", 0, 0), RequestMeta("k", 1, 0), RequestMeta("j", 0, 0)]
    replies = engine.generate([[], [], []], 2, 0.0, 10, meta)
    assert [[extract_code(c.text) for c in r] for r in replies] == [
        ["fallback = 1", "fallback = 1"],
        ["turn_one = 1", "turn_one = 1"],
        ["", ""],
    ]
    with pytest.raises(EngineError, match="files engine: no missing.py or missing/turn<N>.py"):
        engine.generate([[]], 1, 0.0, 10, [RequestMeta("missing", 0, 0)])  # no file at all: the engine failed


# ---------------------------------------------------------------- the tiny random model (tests/conftest.py)


def assert_garbage_handled(result, samples: int, turns: int) -> None:
    """A model that writes no code: every attempt fails on "no code", repairs say so, no winner."""
    assert result.error == "" and result.winner is None and result.stop_reason == "turns"
    assert len(result.attempts) == samples * turns
    for attempt in result.attempts:
        assert not attempt.verdict.correct
        assert "no code" in attempt.verdict.feedback
    assert result.tokens > 0
    for conversation in result.conversations:
        assert [m["role"] for m in conversation] == ["user"] + ["assistant", "user"] * turns
        assert result.attempts[0].verdict.feedback in conversation[2]["content"]
    json.dumps(result.to_json())


def test_hf_engine_garbage_model(task: KernelTask, tiny_model: Path) -> None:
    engine = make_engine(f"hf:{tiny_model}", device="cpu")
    result = search(task, engine, Budget(samples=2, turns=2, max_tokens=16), CPU)
    assert_garbage_handled(result, samples=2, turns=2)
    assert result.attempts[0].candidate.provenance.engine == "hf"


def test_a_conversation_with_no_room_left_to_repair_starts_again_from_the_task(cramped_tiny_model: Path) -> None:
    """The bundled model's repairs had ~1,370 tokens of context left after answers of ~2,400, and wrote no code
    there (session 19's quickstart): such a conversation restarts from the task, and the one it left is kept."""
    task = KernelTask.from_file(Path(__file__).parent / "catalogue" / "task_add_relu.py")
    engine = make_engine(f"hf:{cramped_tiny_model}", device="cpu")
    first, events = first_prompt(task), []
    result = search(task, engine, Budget(samples=1, turns=2, temperature=0.0), CPU, on_event=events.append)
    assert [a.verdict.failure for a in result.attempts] == ["mismatch", "mismatch"]  # its wrong kernel, twice
    live, left = result.conversations
    assert engine.room(left) < result.attempts[0].tokens  # a repair would have been cut short
    assert [e.sample for e in events if "restarted from the task" in e.message] == [0]
    assert [m["role"] for m in live] == [m["role"] for m in left] == ["user", "assistant", "user"]
    assert live[0] == left[0] == first[0] and result.attempts[1].candidate.sha256 == result.attempts[0].candidate.sha256

    roomy = make_engine(f"hf:{cramped_tiny_model}", device="cpu")
    roomy.context = None  # a server's engine, which cannot tell: the repair is asked for
    result = search(task, roomy, Budget(samples=1, turns=2, temperature=0.0), CPU)
    assert len(result.conversations) == 1 and len(result.conversations[0]) == 5


# ---------------------------------------------------------------- openai engine against `transformers serve`


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served_model(tiny_model: Path, tmp_path_factory: pytest.TempPathFactory):
    """`transformers serve` pinned to the tiny model directory, offline, on a free localhost port."""
    port = free_port()
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    command = [sys.executable, "-m", "transformers.cli.transformers", "serve", str(tiny_model),
               "--host", "127.0.0.1", "--port", str(port), "--device", "cpu"]
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    with open(log, "wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None:
                pytest.fail(f"transformers serve exited with {server.returncode}:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"transformers serve not ready after 120 s:\n{log.read_text()[-3000:]}")
            time.sleep(0.5)
        yield f"openai:http://127.0.0.1:{port}/v1#{tiny_model}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_openai_engine_against_transformers_serve(task: KernelTask, served_model: str) -> None:
    engine = make_engine(served_model, timeout_s=60, max_retries=0)
    # transformers serve ignores `n`: two samples on turn 0 exercise the engine's top-up requests
    result = search(task, engine, Budget(samples=2, turns=2, max_tokens=16), CPU)
    assert_garbage_handled(result, samples=2, turns=2)
    assert result.attempts[0].candidate.provenance.engine == "openai"


def test_unreachable_server_fails_cleanly(task: KernelTask) -> None:
    engine = make_engine(f"openai:http://127.0.0.1:{free_port()}/v1#nobody", timeout_s=2, max_retries=0)
    started = time.monotonic()
    result = search(task, engine, Budget(samples=2, turns=2), CPU)
    assert time.monotonic() - started < 30
    assert result.winner is None and result.attempts == [] and result.stop_reason == "error"
    assert "APIConnectionError" in result.error and "127.0.0.1" in result.error
    json.dumps(result.to_json())
