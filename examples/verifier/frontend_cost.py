"""What the GPU front end (verifier/gpu_frontend.py) costs on CPU, and whether honest kernels still run behind it.

Every `--step`-th float32 train pair's verified target (trusted data, so it runs here, in this process) is run twice
under the verifier's own monitors, as the sandboxed candidate process runs it; the front end's seconds per launch are
timed apart. A target that fails says why (the interpreter cannot run `tl.extra.libdevice`, for one).

    python examples/verifier/frontend_cost.py --count 30 --step 41
"""
import argparse
import importlib.util
import os
import tempfile
import time
from pathlib import Path

os.environ["TRITON_INTERPRET"] = "1"  # before Triton loads, as in the verifier's CPU sandbox

import torch  # noqa: E402

from autotriton_backend.task import load_reference  # noqa: E402
from autotriton_backend.verifier import gpu_frontend, monitors  # noqa: E402
from training.data.dataset import split_records  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--step", type=int, default=41)
    args = parser.parse_args()
    records = [r for r in split_records(Path("training/dataset"), "pairs", "train")
               if "float32" in str(r["task"]["inputs"])]
    seconds: list[float] = []

    def timed(kernel, arguments):
        start = time.perf_counter()
        try:
            gpu_frontend.compile_for_gpu(kernel, arguments)
        finally:
            seconds.append(time.perf_counter() - start)

    monitors.compile_for_gpu = timed
    folder = Path(tempfile.mkdtemp())
    ran = 0
    for index, record in enumerate(records[::args.step][:args.count]):
        namespace = load_reference(record["task"]["source"])
        torch.manual_seed(0)
        inputs = namespace["get_inputs"]()
        path = folder / f"target{index}.py"
        path.write_text(record["target"])
        spec = importlib.util.spec_from_file_location(f"target{index}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        before = len(seconds)
        try:
            model = module.ModelNew(*namespace["get_init_inputs"]())
            for _ in range(2):
                with monitors.monitor_forward():
                    model(*inputs)
            status, ran = "ok", ran + 1
        except Exception as exc:  # a target the interpreter cannot run: reported, not fatal
            status = f"{type(exc).__name__}: {str(exc)[:120]}"
        own = seconds[before:]
        print(f"{record['task']['name'][:32]:32s} launches {len(own):3d}  front end {sum(own):6.2f} s  {status}")
    median, most = sorted(seconds)[len(seconds) // 2], max(seconds)
    print(f"{ran} of {min(args.count, len(records[::args.step]))} ran; front end per launch: median "
          f"{median * 1000:.0f} ms, max {most * 1000:.0f} ms ({len(seconds)} launches)")


if __name__ == "__main__":
    main()
