"""Engines: where completions come from, behind one `generate` call.

`make_engine(spec)` picks one from a spec string:

- `hf:PATH`                 transformers in-process (CPU or GPU), prompts built by the tokenizer's chat template
- `openai:BASE_URL#MODEL`   any OpenAI-compatible server (vllm serve, SGLang, `transformers serve`, hosted APIs)
- `vllm:PATH`               vLLM in-process (`pip install autotriton[vllm]`)
- `files:DIR`               hand-written candidates read from disk, for tests and for replaying kernels

The files engine answers request (task key K, turn T) with `DIR/K/turn<T>.py` when that file exists,
else `DIR/K.py`, else an empty reply when `DIR/K/` exists (the verifier then reports that no code
was found). A task with neither `DIR/K.py` nor `DIR/K/` is an engine failure (a missing file, not a
wrong answer), so nothing is cached for it. Every sample of a turn gets the same file. The file holds plain Python; it is returned inside a
```python block, as a model would write it. An hf or files directory may hold a `REACH_FILE` (below).
"""
from __future__ import annotations

import json
import os
from abc import ABC, abstractmethod
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from autotriton_backend.engine_spec import parse_engine_spec
from autotriton_backend.prompt import (LIBRARY_BREAK, LIBRARY_TAIL_FILE, answer_block, assistant_message,
                                       extract_code, with_library_tail, without_library_tail)
from autotriton_backend.task import KernelTask

Conversation = list[dict[str, str]]
# A model directory's measured reach: {"max_statements": N, "measured": "..."}. The hf and files engines do not
# ask for a task whose forward is longer (KernelTask.statements), and the backend searches such a coarse region's
# fine parts instead: the bundled model solved none of the held-out tasks of more than 10 statements, greedy or in
# 8 samples (training/results/README.md, runs 117-120).
REACH_FILE = "reach.json"


class EngineError(RuntimeError):
    """The engine could not produce completions (server unreachable, timeout, bad reply)."""


@dataclass(frozen=True)
class Completion:
    text: str
    tokens: int  # generated tokens (0 when the engine does not report them)


@dataclass(frozen=True)
class RequestMeta:
    """Which task, turn and sample a conversation belongs to; only the files engine needs it."""

    task_key: str
    turn: int
    sample: int


class Engine(ABC):
    name: str  # the engine kind, recorded in Provenance.engine
    model: str  # the model (path, id or directory), recorded in Provenance.model

    @abstractmethod
    def generate(
        self,
        conversations: list[Conversation],
        n: int,
        temperature: float,
        max_tokens: int,
        meta: list[RequestMeta] | None = None,
    ) -> list[list[Completion]]:
        """`n` completions for each conversation, in order. Raises EngineError on failure."""

    def room(self, conversation: Conversation) -> int | None:
        """Tokens the model's context leaves for an answer to `conversation`; None where the engine cannot tell
        (a server, a files directory)."""
        return None

    max_statements: int | None = None  # the REACH_FILE of the engine's directory, where it has one

    def beyond_reach(self, task: KernelTask) -> str:
        """Why the model is not asked for `task` (its measured reach ends short of it), or "" to ask it."""
        if self.max_statements is None or task.statements <= self.max_statements:
            return ""
        return (f"{task.statements} statements in forward, past the {self.max_statements} that {REACH_FILE} in "
                f"{self.model} says the model answers")


def read_reach(directory: Path) -> int | None:
    """`max_statements` of the directory's REACH_FILE; None without one."""
    path = directory / REACH_FILE
    if not path.is_file():
        return None
    try:
        reach = json.loads(path.read_text())["max_statements"]
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f'{path} must hold {{"max_statements": N}} (N a positive integer): {exc}') from exc
    if type(reach) is not int or reach < 1:
        raise ValueError(f'{path} must hold {{"max_statements": N}} with N a positive integer, not {reach!r}')
    return reach


def make_engine(spec: str, **options: Any) -> Engine:
    """Build the engine a spec names; `options` go to that engine's constructor."""
    parsed = parse_engine_spec(spec)
    if parsed.kind == "openai":
        return OpenAIEngine(parsed.target, parsed.model, **options)
    engines = {"hf": HFEngine, "vllm": VLLMEngine, "files": FilesEngine}
    return engines[parsed.kind](parsed.target, **options)


class FilesEngine(Engine):
    name = "files"

    def __init__(self, directory: str | Path):
        self.root = Path(directory)
        if not self.root.is_dir():
            raise ValueError(f"files engine: {self.root} is not a directory")
        self.model = str(self.root)
        self.max_statements = read_reach(self.root)

    def generate(self, conversations, n, temperature, max_tokens, meta=None):
        if meta is None or len(meta) != len(conversations):
            raise EngineError("the files engine needs one RequestMeta per conversation")
        return [[Completion(self._reply(m), 0)] * n for m in meta]

    def _reply(self, meta: RequestMeta) -> str:
        for path in (self.root / meta.task_key / f"turn{meta.turn}.py", self.root / f"{meta.task_key}.py"):
            if path.is_file():
                return f"```python\n{path.read_text()}\n```"
        if (self.root / meta.task_key).is_dir():
            return ""  # this task's directory has no answer for this turn: an empty reply, as a model might give
        raise EngineError(f"files engine: no {meta.task_key}.py or {meta.task_key}/turn<N>.py in {self.root}")


class HFEngine(Engine):
    """transformers in-process. A local directory loads offline (never the hub). Conversations are
    generated `batch` at a time (left-padded). Generation stops at the tokenizer's eos (and the model's
    own eos ids) and never runs past the model's context, so a small model that never says eos cannot
    run away; each conversation gets its own room (a long prompt beside it does not cut it short); a
    prompt that leaves no room gets an empty answer (the model's failure, not the engine's). A model directory
    with a `LIBRARY_TAIL_FILE` holds a model trained to write ModelNew alone: its answers stop at the first
    LIBRARY_BREAK and get that library after their code, as its reward judged them."""

    name = "hf"

    def __init__(self, path: str, device: str | None = None, dtype: str | None = None, batch: int = 16):
        import torch

        try:
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            raise ImportError("the hf engine needs transformers: pip install autotriton[hf]") from exc
        local = Path(path).expanduser()
        if path.startswith(("/", ".", "~")) and not local.is_dir():
            raise ValueError(f"hf engine: no model directory at {path}")
        self.model = path
        self.batch = batch
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        offline = {"local_files_only": True} if local.is_dir() else {}
        self.tokenizer = AutoTokenizer.from_pretrained(path, padding_side="left", **offline)
        if not self.tokenizer.chat_template:
            raise ValueError(f"hf engine: the tokenizer at {path} has no chat template")
        dtype = dtype or ("float32" if self.device == "cpu" else "auto")  # bf16 on a CPU is slow where it works
        self.lm = AutoModelForCausalLM.from_pretrained(path, dtype=dtype, **offline).to(self.device).eval()
        self.context = getattr(self.lm.config, "max_position_embeddings", None)
        eos = self.lm.generation_config.eos_token_id
        model_eos = eos if isinstance(eos, list) else [] if eos is None else [eos]
        self.eos_ids = [t for t in dict.fromkeys([self.tokenizer.eos_token_id, *model_eos]) if t is not None]
        if not self.eos_ids:
            raise ValueError(f"hf engine: the tokenizer at {path} has no eos token, so generation could not stop")
        self.pad_id = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else self.eos_ids[0]
        tail = local / LIBRARY_TAIL_FILE
        self.library_tail = tail.read_text() if local.is_dir() and tail.is_file() else None
        self.max_statements = read_reach(local) if local.is_dir() else None

    def generate(self, conversations, n, temperature, max_tokens, meta=None):
        ids = [self._prompt_ids(c) for c in conversations]
        room = [max_tokens if self.context is None else min(max_tokens, self.context - len(i)) for i in ids]
        replies: list[list[Completion]] = [[Completion("", 0)] * n for _ in conversations]
        fits = sorted((i for i in range(len(ids)) if room[i] >= 1), key=lambda i: len(ids[i]))  # alike lengths together
        for start in range(0, len(fits), self.batch):
            chunk = fits[start:start + self.batch]
            for i, completions in zip(chunk, self._sample([ids[i] for i in chunk], n, temperature,
                                                          [room[i] for i in chunk])):
                replies[i] = completions
        return replies

    def room(self, conversation: Conversation) -> int | None:
        return None if self.context is None else self.context - len(self._prompt_ids(conversation))

    def _prompt_ids(self, conversation: Conversation) -> list[int]:
        prompt = self.tokenizer.apply_chat_template(self._as_written(conversation), add_generation_prompt=True,
                                                    tokenize=False)
        return self.tokenizer(prompt, add_special_tokens=False)["input_ids"]

    def _as_written(self, conversation: Conversation) -> Conversation:
        """A library-tail model sees its earlier answers as it wrote them: the library appended to their code
        (~2,300 tokens) would fill most of its context in a repair turn and is not what it learned to read."""
        if self.library_tail is None:
            return conversation
        return [assistant_message(without_library_tail(extract_code(m["content"])), m["content"])
                if m["role"] == "assistant" else m for m in conversation]

    def _sample(self, ids: list[list[int]], n: int, temperature: float, rooms: list[int]) -> list[list[Completion]]:
        import torch

        width = max(len(i) for i in ids)
        input_ids = torch.tensor([[self.pad_id] * (width - len(i)) + i for i in ids], device=self.device)
        attention = torch.tensor([[0] * (width - len(i)) + [1] * len(i) for i in ids], device=self.device)
        sampling = temperature > 0
        returned = n if sampling else 1  # greedy decoding gives one answer
        budget = torch.tensor(rooms, device=self.device).repeat_interleave(returned)  # generate's rows, in order
        stops = {"stop_strings": [LIBRARY_BREAK], "tokenizer": self.tokenizer} if self.library_tail is not None else {}
        with torch.no_grad():
            output = self.lm.generate(
                input_ids=input_ids,
                attention_mask=attention,
                do_sample=sampling,
                temperature=temperature if sampling else None,
                top_p=None,
                top_k=None,
                max_new_tokens=max(rooms),
                stopping_criteria=[_RowBudget(width, budget)],
                use_cache=True,  # a model saved by a transformers Trainer says use_cache=false: every token would
                # recompute the whole prefix (issue 9, session 11: 3x slower at 400 tokens on CPU, quadratic after)
                # on a GPU a static cache lets generate compile its decoding step: 64 answers of 1,536 tokens took
                # 118.5 s with the dynamic cache, 29.3 s with the static one (its compile included), 5.4 s after
                # (H100, run 63: training/results/README.md)
                cache_implementation="static" if self.device.startswith("cuda") else None,
                eos_token_id=self.eos_ids,
                num_return_sequences=returned,
                pad_token_id=self.pad_id,
                **stops,
            )
        rows = output[:, width:].tolist()
        result = []
        for k in range(len(ids)):
            completions = [self._completion(row[:rooms[k]]) for row in rows[k * returned:(k + 1) * returned]]
            result.append(completions if sampling else completions * n)
        return result

    def _completion(self, row: list[int]) -> Completion:
        end = next((i for i, token in enumerate(row) if token in self.eos_ids), None)
        row = row if end is None else row[: end + 1]
        while row and row[-1] == self.pad_id:  # a row stopped at LIBRARY_BREAK is padded to the batch's longest
            row = row[:-1]
        text = self.tokenizer.decode(row, skip_special_tokens=True)
        code = extract_code(text) if self.library_tail is not None else ""
        if code:
            text = answer_block(with_library_tail(code, self.library_tail))  # the module the reward judged
        return Completion(text, len(row))


class _RowBudget:
    """A generate stopping criterion: each row is done once it has generated its own budget of tokens."""

    def __init__(self, width: int, budget: Any) -> None:
        self.width, self.budget = width, budget

    def __call__(self, input_ids: Any, scores: Any, **_: Any) -> Any:
        return input_ids.shape[1] - self.width >= self.budget


class OpenAIEngine(Engine):
    """Chat completions over HTTP. Servers that ignore `n` (transformers serve) are asked again
    until `n` completions have arrived."""

    name = "openai"

    def __init__(
        self,
        base_url: str,
        model: str,
        timeout_s: float = 600.0,
        max_retries: int = 2,
        api_key: str | None = None,
        concurrency: int = 8,
    ):
        from openai import OpenAI

        key = api_key or os.environ.get("AUTOTRITON_API_KEY") or os.environ.get("OPENAI_API_KEY") or "none"
        self.base_url = base_url
        self.model = model
        self.concurrency = concurrency
        self.client = OpenAI(base_url=base_url, api_key=key, timeout=timeout_s, max_retries=max_retries)

    def generate(self, conversations, n, temperature, max_tokens, meta=None):
        with ThreadPoolExecutor(max_workers=max(1, min(self.concurrency, len(conversations)))) as pool:
            return list(pool.map(lambda c: self._complete(c, n, temperature, max_tokens), conversations))

    def _complete(self, conversation: Conversation, n: int, temperature: float, max_tokens: int) -> list[Completion]:
        import openai

        completions: list[Completion] = []
        while len(completions) < n:
            wanted = n - len(completions)
            try:
                response = self.client.chat.completions.create(
                    model=self.model,
                    messages=conversation,  # type: ignore[arg-type]
                    temperature=temperature,
                    max_tokens=max_tokens,
                    **({"n": wanted} if wanted > 1 else {}),
                )
            except openai.OpenAIError as exc:
                raise EngineError(f"{self.base_url} ({self.model}): {type(exc).__name__}: {exc}") from exc
            if not response.choices:
                raise EngineError(f"{self.base_url} ({self.model}) answered with no choices")
            choices = response.choices[:wanted]
            used = response.usage.completion_tokens if response.usage else 0
            for i, choice in enumerate(choices):  # usage covers all choices: share it out
                share = used // len(choices) + (1 if i < used % len(choices) else 0)
                completions.append(Completion(choice.message.content or "", share))
        return completions


class VLLMEngine(Engine):
    name = "vllm"

    def __init__(self, path: str, **llm_options: Any):
        try:
            import vllm
        except ImportError as exc:
            raise ImportError("the vllm engine needs vLLM: pip install autotriton[vllm]") from exc
        self.model = path
        self._sampling_params = vllm.SamplingParams
        self.llm = vllm.LLM(model=path, **llm_options)

    def generate(self, conversations, n, temperature, max_tokens, meta=None):
        params = self._sampling_params(n=n, temperature=temperature, max_tokens=max_tokens)
        outputs = self.llm.chat(conversations, params, use_tqdm=False)
        return [[Completion(o.text, len(o.token_ids)) for o in out.outputs] for out in outputs]
