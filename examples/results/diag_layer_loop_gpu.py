"""Why tests/catalogue/honest_round30_layer_loop.py (before session 28) mismatched on CUDA: its error against float64,
one layer's, and whether Triton compiled its broadcast multiply-sum to a dot (it did: a TF32 `tt.dot`; run 115).

    python3 examples/results/diag_layer_loop_gpu.py   (one GPU; `git show 504348c:tests/catalogue/honest_round30_layer_loop.py`
    is the version it was run on)
"""
import importlib.util
from pathlib import Path

import torch


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


task = load(Path("tests/catalogue/task_mlp_layers.py"))
cand = load(Path("tests/catalogue/honest_round30_layer_loop.py"))
torch.manual_seed(0)
ref = task.Model().cuda()
new = cand.ModelNew().cuda()
new.load_state_dict(ref.state_dict())
x = torch.randn(16, 32, device="cuda")
r64 = ref.double()(x.double())
ref.float()
print("flags", torch.backends.cuda.matmul.allow_tf32, torch.get_float32_matmul_precision())
print("cand vs f64", (new(x).double() - r64).abs().max().item(), "ref32 vs f64", (ref(x).double() - r64).abs().max().item())
layer = ref.layers[0]
out = torch.empty(16, layer.weight.shape[0], device="cuda")
cand.linear(x, layer, out, False)
exact = x.double() @ layer.weight.double().T + layer.bias.double()
print("one layer: cand", (out.double() - exact).abs().max().item(), "scale", exact.abs().max().item())
try:
    for key, kernel in cand.linear_kernel.device_caches[0][0].items():
        ir = kernel.asm["ttgir"]
        print("ttgir dot:", "tt.dot" in ir, "tf32" in ir, [l.strip()[:160] for l in ir.splitlines() if "dot" in l][:3])
except Exception as error:
    print("no ir:", repr(error))
