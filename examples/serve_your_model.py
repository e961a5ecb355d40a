"""Bring your own model server: serve a model over the OpenAI API, then warm autotriton's cache with it.

    pip install -e ".[serve]"      # transformers serve; for vLLM: pip install -e ".[vllm]"
    python examples/serve_your_model.py --server transformers --model PATH_OR_HUB_ID
    python examples/serve_your_model.py --server vllm --model PATH_OR_HUB_ID --factory examples/models.py:build_mlp

The script starts `transformers serve MODEL` or `vllm serve MODEL` on a local port, waits until it
answers, runs `autotriton warmup FACTORY --engine openai:http://127.0.0.1:PORT/v1#MODEL`, and stops
the server. The same engine spec works with any OpenAI-compatible server you already run (SGLang,
a hosted API: set AUTOTRITON_API_KEY), directly in torch.compile:

    torch.compile(model, backend="autotriton", options={"engine": "openai:http://127.0.0.1:8000/v1#MODEL"})

Then deploy in cache mode (see examples/deploy_from_cache.py).
"""
from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_command(server: str, model: str, port: int) -> list[str]:
    if server == "transformers":
        return [sys.executable, "-m", "transformers.cli.transformers", "serve", model, "--host", "127.0.0.1",
                "--port", str(port)]
    if shutil.which("vllm") is None:
        raise SystemExit("vllm is not installed here: pip install -e \".[vllm]\" (needs a GPU), or use --server transformers")
    return ["vllm", "serve", model, "--host", "127.0.0.1", "--port", str(port)]


def wait_until_ready(server: subprocess.Popen, base_url: str, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the model server exited with code {server.returncode}; its output is above")
        try:
            with urllib.request.urlopen(f"{base_url}/models", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(1.0)
    raise SystemExit(f"the model server did not answer at {base_url} within {timeout_s:g} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", choices=["transformers", "vllm"], default="transformers")
    parser.add_argument("--model", required=True, help="model directory or hub id the server loads")
    parser.add_argument("--factory", default=f"{ROOT / 'examples' / 'quickstart.py'}:build",
                        help="SCRIPT.py:FACTORY whose regions to warm (default: the quickstart MLP)")
    parser.add_argument("--port", type=int, default=None, help="default: a free local port")
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--samples", type=int, default=2)
    parser.add_argument("--ready-timeout", type=float, default=600.0, help="seconds to wait for the server to load")
    args = parser.parse_args()

    port = args.port or free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    server = subprocess.Popen(server_command(args.server, args.model, port))
    try:
        wait_until_ready(server, base_url, args.ready_timeout)
        engine = f"openai:{base_url}#{args.model}"
        print(f"server ready; warming the cache with --engine {engine}", flush=True)
        warm = [sys.executable, "-m", "autotriton_backend.cli", "warmup", args.factory, "--engine", engine,
                "--turns", str(args.turns), "--samples", str(args.samples)]
        return subprocess.run(warm, cwd=ROOT).returncode
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


if __name__ == "__main__":
    sys.exit(main())
