"""The backend end to end on CPU: entry point, options, cache hits spliced, fallbacks, training."""
from __future__ import annotations

import hashlib
import json
import logging
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import diskcache
import pytest
import torch

from autotriton_backend import Candidate, VerifyOptions, verify
from autotriton_backend.collect import collect_tasks
from autotriton_backend.verifier.monitors import counting_launches
from autotriton_backend.report import compile_report, reset_report
from cache.environment import environment_key
from cache.store import CacheEntry, CacheIntegrityWarning, KernelCache

KERNELS = Path(__file__).parent.parent / "examples" / "kernels"
LINEAR_KERNEL = (KERNELS / "linear.py").read_text()


def mlp() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 8))


def compiled(model: torch.nn.Module, **options) -> torch.nn.Module:
    torch._dynamo.reset()
    reset_report()
    return torch.compile(model, backend="autotriton", options=options)


@pytest.fixture(scope="module")
def winners() -> dict[str, CacheEntry]:
    """The MLP's two regions (linear+GELU feeding linear) with the bundled kernels, verified once."""
    tasks = [c.task for c in collect_tasks(mlp(), [torch.randn(4, 16)]).tasks if c.level == "fine"]
    entries = {}
    for name, wanted in (("linear", lambda t: "erf" not in t.source), ("linear_gelu", lambda t: "erf" in t.source)):
        (task,) = [t for t in tasks if "addmm" in t.source and wanted(t)]
        candidate = Candidate((KERNELS / f"{name}.py").read_text())
        verdict = verify(task, candidate, VerifyOptions(device="cpu"))
        assert verdict.correct, verdict.feedback
        entries[name] = CacheEntry.winner(task, candidate, verdict, environment_key("cpu"))
    return entries


@pytest.fixture
def linear_winner(winners) -> CacheEntry:
    return winners["linear"]


def statuses() -> list[str]:
    return [record.status for record in compile_report().records]


def test_backend_is_found_through_the_entry_point():
    script = textwrap.dedent("""
        import sys, torch
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU())
        x = torch.randn(3, 8)
        assert "autotriton_backend" not in sys.modules
        y = torch.compile(model, backend="autotriton", options={"mode": "cache"})(x)
        assert torch.allclose(y, model(x), atol=1e-6)
        print("autotriton_backend" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


@pytest.mark.parametrize("options, message", [
    ({"mode": "fast"}, "valid modes: search, cache, off"),
    ({"turbo": True}, "valid options: mode, engine"),
    ({"search_turns": "two"}, "option search_turns must be int, got 'two'"),
    ({"report": "false"}, "option report must be True/False, got 'false'"),
    ({"engine": "foo:bar"}, "option engine: bad engine spec 'foo:bar'; valid forms: hf:PATH"),
    ({"strict": True}, "strict=True in search mode needs an engine"),
])
def test_garbage_options_are_refused_with_the_valid_ones(options, message):
    with pytest.raises(Exception, match=message):
        compiled(mlp(), **options)(torch.randn(4, 16))


def test_cached_kernel_is_spliced_and_matches_eager(linear_winner):
    KernelCache().put_winner(linear_winner)
    model, x = mlp(), torch.randn(4, 16)  # fresh values; static shapes make another batch size another task
    with torch.no_grad(), counting_launches() as counter:
        y = compiled(model, mode="cache")(x)
    assert counter.launches >= 1
    assert "cache-hit" in statuses()
    torch.testing.assert_close(y, model(x), atol=1e-5, rtol=1e-5)


def test_a_spliced_kernel_s_module_file_lies_in_a_folder_of_this_process_not_in_the_cache(linear_winner):
    """The cache directory may be written by others who cannot sign entries (round attack59). The kernel's module file
    lay in it (`modules/`): once anything in the user's process cleared linecache, inspect read that file again and
    the interpreter ran what had been planted there. It now lies where only this process's user can write."""
    from autotriton_backend.splice import private_module_dir

    cache = KernelCache()
    cache.put_winner(linear_winner)
    with torch.no_grad():
        compiled(mlp(), mode="cache")(torch.randn(4, 16))
    private = private_module_dir()
    assert not (Path(cache.directory) / "modules").exists()
    assert not private.resolve().is_relative_to(Path(cache.directory).resolve())
    assert list(private.glob("kernel_*.py"))
    assert private.stat().st_uid == os.getuid() and private.stat().st_mode & 0o077 == 0


def test_a_spliced_kernel_runs_under_the_interpreter_the_verifier_judged(tmp_path):
    """The verifier types Triton's interpreter as compiled (gpu_frontend); a user's CPU process that loads a cached
    kernel must run it so too, or a kernel can branch on the difference: this one computes relu(x + y) as judged,
    and wrote zeros under the stock interpreter (round attack12). A fresh process: this one imported gpu_frontend."""
    source = (Path(__file__).parent / "fixtures" / "user_process" / "interpreter_typed_as_compiled.py").read_text()
    script = textwrap.dedent(f"""
        import hashlib, sys, torch
        from pathlib import Path
        from autotriton_backend.splice import _load_model_new
        source = sys.stdin.read()
        model = _load_model_new(source, hashlib.sha256(source.encode()).hexdigest(), Path({str(tmp_path)!r}))
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        print(float((model(x, y) - torch.relu(x + y)).abs().max()))
    """)
    done = subprocess.run([sys.executable, "-c", script], input=source, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "TRITON_INTERPRET": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert float(done.stdout.split()[-1]) == 0.0


def test_a_spliced_kernel_never_runs_under_an_interpreter_turned_on_after_import():
    """Round attack64. Triton reads TRITON_INTERPRET at each `triton.jit`; autotriton's typing of the interpreter as
    compiled (gpu_frontend) is applied at its import, only if the variable is set then. A process that imported
    autotriton and then set it (before compiling) spliced CPU regions and ran their kernels under Triton's stock
    interpreter: this judged-correct kernel wrote zeros there. The kernel is refused at load (the region keeps its
    own ops or inductor's), never run under an interpreter the verifier did not judge it on."""
    root = Path(__file__).resolve().parents[1]
    script = textwrap.dedent(f"""
        import os, torch
        from pathlib import Path
        from autotriton_backend.splice import kernel_op
        from autotriton_backend.task import KernelTask
        os.environ["TRITON_INTERPRET"] = "1"  # after the import
        task = KernelTask.from_file(Path({str(root / "tests" / "catalogue" / "task_add_relu.py")!r}))
        source = Path({str(root / "tests" / "fixtures" / "user_process" / "round64_late_interpreter_trigger.py")!r})
        try:
            op = kernel_op(task, source.read_text())
        except ValueError as exc:
            print("refused:", exc)
        else:
            x, y = torch.randn(5, 37), torch.randn(5, 37)
            print("right" if torch.equal(op(x, y), torch.relu(x + y)) else "wrong")
    """)
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env={**env, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[:1] in (["right"], ["refused:"]), done.stdout
    assert "TRITON_INTERPRET" in done.stdout or done.stdout.split()[:1] == ["right"]


def test_a_spliced_kernel_loads_whatever_the_process_s_locale(tmp_path):
    """Round attack43: the op wrote the kernel's module with the locale's encoding and imported it as UTF-8, so an honest
    kernel with a non-ASCII comment (an em dash) raised UnicodeEncodeError in a process under the C locale and fell
    back to inductor. The module file holds the gated text's UTF-8 bytes, published whole (tmp file, then rename)."""
    source = (Path(__file__).parent / "fixtures" / "user_process" / "interpreter_typed_as_compiled.py").read_text()
    source += "# relu(x + y) \u2014 one pass\n"
    script = textwrap.dedent(f"""
        import hashlib, sys, torch
        from pathlib import Path
        from autotriton_backend.splice import _load_model_new
        source = sys.stdin.buffer.read().decode()
        model = _load_model_new(source, hashlib.sha256(source.encode()).hexdigest(), Path({str(tmp_path)!r}))
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        print(float((model(x, y) - torch.relu(x + y)).abs().max()))
    """)
    done = subprocess.run([sys.executable, "-c", script], input=source.encode(), capture_output=True, timeout=300,
                          env={**os.environ, "TRITON_INTERPRET": "1", "LC_ALL": "C", "PYTHONUTF8": "0",
                               "PYTHONCOERCECLOCALE": "0"})
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert float(done.stdout.split()[-1]) == 0.0
    assert [p.name for p in tmp_path.iterdir()] == [f"kernel_{hashlib.sha256(source.encode()).hexdigest()[:32]}.py"]


def test_chained_regions_are_both_spliced(winners):
    for entry in winners.values():
        KernelCache().put_winner(entry)
    model, x = mlp(), torch.randn(4, 16)
    with torch.no_grad(), counting_launches() as counter:
        y = compiled(model, mode="cache", strict=True)(x)
    assert counter.launches == 2 and statuses() == ["not-cached", "cache-hit", "cache-hit"]  # coarse, then fine
    assert [r.level for r in compile_report().records] == ["coarse", "fine", "fine"]
    torch.testing.assert_close(y, model(x), atol=1e-5, rtol=1e-5)


def test_a_graph_inductor_serves_from_its_cache_is_reported_with_its_kernels(winners):
    for entry in winners.values():
        KernelCache().put_winner(entry)
    model, x = mlp(), torch.randn(4, 16)
    with torch.no_grad():
        compiled(model, mode="cache")(x)  # the record and inductor's cached code for it
    with torch.no_grad(), counting_launches() as counter:
        y = compiled(model, mode="cache")(x)
    report = compile_report()
    assert report.graphs == 0 and report.from_inductor_cache == [2] and counter.launches == 2
    assert "it runs 2 spliced kernel(s)" in report.table()
    torch.testing.assert_close(y, model(x), atol=1e-5, rtol=1e-5)


def test_cache_mode_never_calls_an_engine():
    model, x = mlp(), torch.randn(4, 16)
    with torch.no_grad():
        y = compiled(model, mode="cache", engine="openai:http://127.0.0.1:9/v1#nobody")(x)
    torch.testing.assert_close(y, model(x))
    assert statuses() and set(statuses()) == {"not-cached"}
    assert KernelCache().entries() == []  # a search would have left negative entries


def test_tampered_entry_is_refused_and_the_region_falls_back(linear_winner):
    cache = KernelCache()
    cache.put_winner(linear_winner)
    evil = LINEAR_KERNEL.replace("acc += tl.load(b_ptr", "acc -= tl.load(b_ptr")
    with diskcache.Cache(str(cache.directory)) as raw:
        data = json.loads(raw[linear_winner.key])
        raw[linear_winner.key] = json.dumps(data | {"source": evil})
    model, x = mlp(), torch.randn(4, 16)
    with pytest.warns(CacheIntegrityWarning), torch.no_grad(), counting_launches() as counter:
        y = compiled(model, mode="cache")(x)
    assert counter.launches == 0
    torch.testing.assert_close(y, model(x))


def test_search_without_an_engine_warns_and_keeps_inductor():
    model, x = mlp(), torch.randn(4, 16)
    with pytest.warns(RuntimeWarning, match="no engine"), torch.no_grad():
        y = compiled(model)(x)
    torch.testing.assert_close(y, model(x))
    assert set(statuses()) == {"no-engine"}


def test_engine_that_cannot_start_warns_once_falls_back_and_caches_nothing_unless_strict():
    model, x = mlp(), torch.randn(4, 16)
    with warnings.catch_warnings(record=True) as caught, torch.no_grad():
        warnings.simplefilter("always")
        y = compiled(model, engine="hf:/nonexistent/model")(x)
    torch.testing.assert_close(y, model(x))
    ours = [str(w.message) for w in caught if "autotriton" in str(w.message)]
    assert len(ours) == 1 and "cannot start" in ours[0] and "\n" not in ours[0], ours
    assert set(statuses()) == {"engine-error"}
    assert all("no model directory at /nonexistent/model" in r.detail for r in compile_report().records)
    assert KernelCache().entries() == []  # a broken engine says nothing about the regions
    with pytest.raises(Exception, match="no model directory"), torch.no_grad():
        compiled(model, engine="hf:/nonexistent/model", strict=True)(x)


def test_training_step_gives_eager_gradients(linear_winner):
    KernelCache().put_winner(linear_winner)
    reference, model = mlp(), mlp()
    x = torch.randn(4, 16)
    with warnings.catch_warnings(), counting_launches() as counter:
        warnings.simplefilter("ignore")
        loss = compiled(model, mode="cache")(x).square().mean()
        loss.backward()
    assert "cache-hit" in statuses() and counter.launches >= 1  # the forward addmm ran our kernel
    reference(x).square().mean().backward()
    for ours, theirs in zip(model.parameters(), reference.parameters()):
        torch.testing.assert_close(ours.grad, theirs.grad, atol=1e-5, rtol=1e-5)


def test_unusable_cache_directory_falls_back_to_inductor(tmp_path):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    model, x = mlp(), torch.randn(4, 16)
    with pytest.warns(RuntimeWarning, match="plain inductor"), torch.no_grad():
        y = compiled(model, mode="cache", cache_dir=str(blocker / "kernels"))(x)
    torch.testing.assert_close(y, model(x))


@pytest.mark.parametrize("defaults", [["float64"], ["float32", "float64"]])
def test_a_kernel_is_spliced_only_where_the_graph_reads_the_dtypes_it_returns(tmp_path, defaults):
    """An int tensor times a Python float is of the default dtype: the verifier judged this honest kernel's float32
    (tests/fixtures/user_process/round34_default_dtype_output.py), and a user's float64 graph read that buffer as
    float64 (garbage, and a corrupted heap: hence a process of its own). Under a float64 default the op runs the
    region's own ops (float64, no launch); an op defined under float32 is not spliced into a float64 graph at all."""
    script = textwrap.dedent("""
        import sys, torch
        from autotriton_backend import Candidate, VerifyOptions, verify
        from autotriton_backend.collect import collect_tasks
        from autotriton_backend.report import compile_report, reset_report
        from autotriton_backend.verifier.monitors import counting_launches
        from cache.environment import environment_key
        from cache.store import CacheEntry, KernelCache

        def model(ids, w):
            return torch.sort(torch.relu(ids * 0.5 + 1.0), dim=1)[0] + w

        ids, w = torch.randint(-4, 8, (3, 5)), torch.randn(3, 5)
        (found,) = [c for c in collect_tasks(model, [ids, w]).tasks if "sort" not in c.task.source]
        candidate = Candidate(sys.stdin.read())
        verdict = verify(found.task, candidate, VerifyOptions(device="cpu"))
        assert verdict.correct, verdict.feedback
        KernelCache().put_winner(CacheEntry.winner(found.task, candidate, verdict, environment_key("cpu")))
        for default in sys.argv[1:]:
            torch._dynamo.reset()
            reset_report()
            torch.set_default_dtype(getattr(torch, default))
            with torch.no_grad(), counting_launches() as counter:
                w = w.to(torch.get_default_dtype())
                got = torch.compile(model, backend="autotriton", options={"mode": "cache"})(ids, w)
            print(default, got.dtype, torch.equal(got, model(ids, w)), counter.launches,
                  [r.status + ": " + r.detail for r in compile_report().records if r.region.startswith("mul")])
    """)
    source = (Path(__file__).parent / "fixtures" / "user_process" / "round34_default_dtype_output.py").read_text()
    done = subprocess.run([sys.executable, "-c", script, *defaults], input=source, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "TRITON_INTERPRET": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()[-len(defaults):]
    if defaults == ["float64"]:  # defined under float64: spliced, and it runs the region's own ops
        assert lines[0].split()[:4] == ["float64", "torch.float64", "True", "0"] and "cache-hit" in lines[0], lines
    else:  # defined under float32, where its kernel runs: the float64 graph keeps inductor's code
        assert lines[0].split()[:4] == ["float32", "torch.float32", "True", "1"], lines
        assert lines[1].split()[:4] == ["float64", "torch.float64", "True", "0"] and "default dtype" in lines[1], lines


def test_dynamic_shapes_splice_symbolic_tasks_that_run_at_any_batch_size():
    model = mlp()
    tasks = [c.task for c in collect_tasks(model, [torch.randn(4, 16)], dynamic=True).tasks if c.level == "fine"]
    assert tasks and all(spec.shape[0] == "s0" for task in tasks for spec in task.inputs[2:])
    torch._dynamo.reset()
    at_another_size = collect_tasks(model, [torch.randn(7, 16)], dynamic=True).tasks
    assert {c.task.key for c in at_another_size if c.level == "fine"} == {t.key for t in tasks}  # one key serves the range
    for task in tasks:
        name = "linear_gelu" if "erf" in task.source else "linear"
        candidate = Candidate((KERNELS / f"{name}.py").read_text())
        verdict = verify(task, candidate, VerifyOptions(device="cpu", trials=4))  # random batch sizes too
        assert verdict.correct, verdict.feedback
        KernelCache().put_winner(CacheEntry.winner(task, candidate, verdict, environment_key("cpu")))
    torch._dynamo.reset()
    reset_report()
    dynamic = torch.compile(model, backend="autotriton", dynamic=True, options={"mode": "cache", "strict": True})
    for batch in (3, 11):
        x = torch.randn(batch, 16)
        with torch.no_grad(), counting_launches() as counter:
            y = dynamic(x)
        assert counter.launches == 2
        torch.testing.assert_close(y, model(x), atol=1e-5, rtol=1e-5)


def test_dynamos_restart_signals_pass_through_untouched():
    """Dynamic shapes make dynamo restart analysis from inside inductor; that is control flow, not a failure."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                                torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(8, 4)).eval()
    x = torch.randn(2, 3, 12, 12)
    torch._dynamo.reset()
    reset_report()
    with warnings.catch_warnings(record=True) as caught, torch.no_grad():
        warnings.simplefilter("always")
        y = torch.compile(model, backend="autotriton", dynamic=True, options={"mode": "cache"})(x)
    assert [str(w.message) for w in caught if "autotriton" in str(w.message)] == []
    assert statuses() and set(statuses()) == {"not-cached"}
    torch.testing.assert_close(y, model(x), atol=1e-5, rtol=1e-5)


def test_a_judged_kernel_that_warns_runs_in_a_compiled_model_under_warnings_as_errors():
    """Round attack60: Triton warns inside an honest kernel (`max(s, 0.0)` on a tensor: its deprecated builtin max,
    tests/fixtures/user_process/round60_builtin_max_warns.py), which the verifier's checked calls only print. A user's
    `warnings.simplefilter("error")` (pytest's `-W error`) made every call of the compiled model raise
    InterpreterError(UserWarning), where the region's own `torch.relu(x + y)` does not. The op runs the region's own
    ops there instead; the user's filters are left as they were, and without them the kernel runs."""
    def model(x, y):
        return torch.relu(x + y)

    x, y = torch.randn(5, 37), torch.randn(5, 37)
    (found,) = collect_tasks(model, [x, y]).tasks
    candidate = Candidate((Path(__file__).parent / "fixtures" / "user_process" / "round60_builtin_max_warns.py").read_text())
    verdict = verify(found.task, candidate, VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    KernelCache().put_winner(CacheEntry.winner(found.task, candidate, verdict, environment_key("cpu")))
    spliced = compiled(model, mode="cache", strict=True)
    with warnings.catch_warnings(), torch.no_grad(), counting_launches() as counter:
        warnings.simplefilter("ignore")
        assert torch.equal(spliced(x, y), model(x, y))
    assert statuses() == ["cache-hit"] and counter.launches == 1
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("error")
        with counting_launches() as counter:
            for _ in range(4):
                x, y = torch.randn(5, 37), torch.randn(5, 37)
                assert torch.equal(spliced(x, y), model(x, y))
        # round attack63: the failing start paid once, not at every call, while these filters hold
        assert counter.launches == 1
        with pytest.raises(UserWarning, match="the user's own"):
            warnings.warn("the user's own")
    with warnings.catch_warnings(), torch.no_grad(), counting_launches() as counter:
        warnings.simplefilter("ignore")
        assert torch.equal(spliced(x, y), model(x, y)) and counter.launches == 1
    entry = KernelCache().get(found.task.key, environment_key("cpu"))  # the user's filter, not the kernel: kept
    assert entry is not None and entry.is_kernel and entry.refused is None


def test_a_kernel_refused_at_call_time_is_announced_once_never_started_again_and_not_spliced_again():
    """Round attack63: a judged kernel whose access outside its arguments is enabled only where an input holds +inf
    (tests/fixtures/user_process/round62_storage_tail_inf_trigger.py) is refused at that call (round attack62), and the
    region's own ops give its values; that was silent, the kernel was started again at every later call, and the cache
    kept splicing it. Now: one warning naming the cached kernel and what it did, no later launch in this process, and
    its cache entry replaced by a signed refusal, so the next compile leaves the region to inductor (`refused`)."""
    def model(x, y):
        return torch.relu(x + y)

    x, y = torch.randn(5, 37), torch.randn(5, 37)
    (found,) = collect_tasks(model, [x, y]).tasks
    fixture = Path(__file__).parent / "fixtures" / "user_process" / "round62_storage_tail_inf_trigger.py"
    candidate = Candidate(fixture.read_text() + "# round attack63: an op of this test's own\n")
    verdict = verify(found.task, candidate, VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback
    cache, env = KernelCache(), environment_key("cpu")
    cache.put_winner(CacheEntry.winner(found.task, candidate, verdict, env))
    spliced = compiled(model, mode="cache", strict=True)
    with warnings.catch_warnings(record=True) as caught, torch.no_grad():
        warnings.simplefilter("always")
        with counting_launches() as counter:
            assert torch.equal(spliced(x, y), model(x, y))
        assert statuses() == ["cache-hit"] and counter.launches == 1
        hot = x.clone()
        hot[0, 0] = float("inf")
        with counting_launches() as counter:
            assert torch.equal(spliced(hot, y), model(hot, y))  # refused: the region's own values
            for _ in range(5):
                x, y = torch.randn(5, 37), torch.randn(5, 37)
                assert torch.equal(spliced(x, y), model(x, y))
        assert counter.launches == 1  # the refused call's; none after it
    announced = [str(w.message) for w in caught if "refused at call time" in str(w.message)]
    assert len(announced) == 1, announced
    assert found.task.key[:12] in announced[0] and "reaches memory outside every tensor argument" in announced[0]
    assert "marked refused" in announced[0]
    entry = cache.get(found.task.key, env)
    assert entry is not None and not entry.is_winner and entry.refused["source_sha256"] == candidate.sha256
    assert "reaches memory outside" in entry.refused["reason"]
    assert not cache.put_winner(CacheEntry.winner(found.task, candidate, verdict, env))  # never stored again
    with torch.no_grad(), counting_launches() as counter:  # the next compile: the region is inductor's
        assert torch.equal(compiled(model, mode="cache", strict=True)(hot, y), model(hot, y))
    assert statuses() == ["refused"] and counter.launches == 0
    script = textwrap.dedent("""
        import torch
        torch._inductor.config.fx_graph_cache = False  # the pass runs: inductor's cached code would report nothing
        from autotriton_backend.report import compile_report
        from autotriton_backend.verifier.monitors import counting_launches
        x, y = torch.randn(5, 37), torch.randn(5, 37)
        model = lambda x, y: torch.relu(x + y)
        with torch.no_grad(), counting_launches() as counter:
            out = torch.compile(model, backend="autotriton", options={"mode": "cache", "strict": True})(x, y)
        assert torch.equal(out, model(x, y))
        print([r.status for r in compile_report().records], counter.launches)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "['refused'] 0"  # a fresh process does not splice it either


def test_the_backend_s_own_warnings_never_fail_a_compile_under_warnings_as_errors(monkeypatch, caplog):
    """Round attack60: every fallback the backend announces is a RuntimeWarning. Under a user's
    `warnings.simplefilter("error")` the warning raised inside the very fallback it announced, and again in each
    outer one, and the user's compile failed (BackendCompilerFailed) where plain inductor compiles: on any CPU without
    TRITON_INTERPRET=1 ("CPU regions run Triton kernels only when ..."), after an upgrade (stale kernels), on a
    refused cache entry. The announcement is logged there instead, and the graph compiles as the fallback says."""
    from autotriton_backend import announce

    monkeypatch.delenv("TRITON_INTERPRET", raising=False)  # `_can_run` reads it at each region
    monkeypatch.setattr(announce, "_warned", set())  # its one announcement per process, made here
    model, x = mlp(), torch.randn(4, 16)
    with torch.no_grad():
        torch.compile(model, backend="inductor")(x)  # inductor's own imports warn (torch.jit): before the filter
    logger = logging.getLogger("autotriton.backend")  # torch's logging owns "autotriton" (no propagation to root)
    logger.addHandler(caplog.handler)
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("error")
            y = compiled(model, mode="cache")(x)
    finally:
        logger.removeHandler(caplog.handler)
    torch.testing.assert_close(y, model(x))
    assert statuses() and set(statuses()) == {"needs-interpreter"}
    assert [r.getMessage() for r in caplog.records if "TRITON_INTERPRET" in r.getMessage()] == [
        "autotriton: CPU regions run Triton kernels only when TRITON_INTERPRET=1 is set before start; they stay with "
        "inductor"]


def test_a_compiled_model_is_right_from_threads_other_than_the_one_that_compiled_it(winners):
    """Round attack60, not through (a regression test): the compiled model called from 4 threads at once, none of
    them the compiling one; every call right, both kernels launched (round attack55 serialised the interpreted
    forwards, which raised InterpreterError from several threads through `kernel_op`)."""
    import threading

    for entry in winners.values():
        KernelCache().put_winner(entry)
    model = mlp()
    spliced = compiled(model, mode="cache", strict=True)
    with torch.no_grad():
        spliced(torch.randn(4, 16))
    assert statuses() == ["not-cached", "cache-hit", "cache-hit"]
    inputs = [torch.randn(4, 16) for _ in range(12)]
    right: list[bool] = []

    def calls(part: list[torch.Tensor]) -> None:
        with torch.no_grad():
            right.extend(torch.allclose(spliced(x), model(x), atol=1e-5, rtol=1e-5) for x in part)

    with counting_launches() as counter:
        threads = [threading.Thread(target=calls, args=(inputs[i::4],)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert right == [True] * 12 and counter.launches == 24


def _spliced_call_is_right(spliced: torch.nn.Module, x: torch.Tensor, expected: torch.Tensor) -> None:
    """A forked child's check: the compiled model gives eager's values with both kernels launched (exit code 0). On
    one thread: OpenMP's pool does not survive a fork (torch's and inductor's own code hung there, with or without
    us)."""
    torch.set_num_threads(1)
    with torch.no_grad(), counting_launches() as counter:
        right = torch.allclose(spliced(x), expected, atol=1e-5, rtol=1e-5)
    os._exit(0 if right and counter.launches == 2 else 3)


def test_a_process_forked_while_another_thread_runs_a_spliced_kernel_can_run_it_too(winners):
    """Round attack66: the lock that runs one interpreted forward at a time (`splice._INTERPRETED_LAUNCHES`, round
    attack55) was copied held into a child forked while another thread ran a spliced kernel (a `multiprocessing`
    pool or DataLoader worker started beside an inference thread, Linux's default start method): the child's first
    call of the compiled model waited forever (6 children of 6; with plain inductor 3 of 3 ran). Fork now waits for
    the forward in flight, so the child also finds Triton's interpreter between launches, not mid-launch."""
    import multiprocessing
    import threading
    import time

    for entry in winners.values():
        KernelCache().put_winner(entry)
    model, x = mlp(), torch.randn(4, 16)
    spliced = compiled(model, mode="cache", strict=True)
    with torch.no_grad():
        spliced(x)
        expected = model(x)
    assert statuses() == ["not-cached", "cache-hit", "cache-hit"]
    stop, running = threading.Event(), threading.Event()

    def calls() -> None:
        with torch.no_grad():
            while not stop.is_set():
                spliced(torch.randn(4, 16))
                running.set()

    thread = threading.Thread(target=calls, daemon=True)
    thread.start()
    children = []
    try:
        assert running.wait(60)
        for _ in range(3):
            child = multiprocessing.get_context("fork").Process(target=_spliced_call_is_right, args=(spliced, x, expected))
            child.start()
            children.append(child)
            time.sleep(0.05)
        deadline = time.monotonic() + 30
        for child in children:
            child.join(max(0.0, deadline - time.monotonic()))
    finally:
        stop.set()
        thread.join()
        for child in children:
            if child.exitcode is None:
                child.kill()
                child.join()
    assert [child.exitcode for child in children] == [0, 0, 0]  # a hung child was killed: -9


@pytest.mark.parametrize("size_asserts, fixture, named, launched", [
    (True, "round66_size_layout_trigger.py", "strides (1, 37)", 1),
    (False, "round66_size_layout_trigger.py", "strides (1, 37)", 1),
    (True, "round72_size_device_trigger.py", "on meta", 0),  # a meta output is made without a launch
], ids=["layout-asserts", "layout-no-asserts", "device"])
def test_a_kernel_whose_output_layout_is_not_its_fake_s_is_refused_at_that_call(monkeypatch, size_asserts, fixture,
                                                                               named, launched):
    """Round attack66: a kernel judged correct on two sizes of a dynamic range returns its output column-major at one
    size it was never judged at (tests/fixtures/user_process/round66_size_layout_trigger.py). Inductor's code around
    the op is compiled for the fake's row-major layout: the compiled model raised AssertionError there, and with
    inductor's size asserts off (TORCHINDUCTOR_SIZE_ASSERTS=0) it read the buffer row-major, wrong values silently.
    That call runs the region's own ops, the kernel is refused for good (one warning) and its entry marked refused.
    Round attack72: the same at an output on another device than the inputs' (a meta tensor, no memory, at 37 x 41:
    tests/fixtures/user_process/round72_size_device_trigger.py), which inductor's asserts never compare."""
    monkeypatch.setattr(torch._inductor.config, "size_asserts", size_asserts)

    def model(x, y):
        h = torch.relu(x + y)
        return h.sort(1).values + x + h  # the adds read h in inductor's own code, in the layout it was compiled for

    shapes = [torch.randn(5, 7), torch.randn(5, 7)]
    (task,) = [c.task for c in collect_tasks(model, shapes, dynamic=True).tasks if "relu" in c.task.source]
    candidate = Candidate((Path(__file__).parent / "fixtures" / "user_process" / fixture)
                          .read_text() + f"# size_asserts={size_asserts}: an op of this test's own\n")
    verdict = verify(task, candidate, VerifyOptions(device="cpu"))
    assert verdict.correct, verdict.feedback  # two sizes drawn of 63 x 63
    KernelCache().put_winner(CacheEntry.winner(task, candidate, verdict, environment_key("cpu")))
    spliced = torch.compile(model, backend="autotriton", dynamic=True, options={"mode": "cache", "strict": True})
    torch._dynamo.reset()
    reset_report()
    launches = []
    with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for rows, cols in ((5, 7), (37, 41), (6, 8)):
            x, y = torch.randn(rows, cols), torch.randn(rows, cols)
            with counting_launches() as counter:
                assert torch.equal(spliced(x, y), model(x, y))
            launches.append(counter.launches)
    assert statuses() == ["cache-hit", "not-cached"] and launches == [1, launched, 0]  # refused for good at 37 x 41
    refusals = [str(w.message) for w in caught if "refused at call time" in str(w.message)]
    assert len(refusals) == 1 and named in refusals[0], refusals
    entry = KernelCache().get(task.key, environment_key("cpu"))
    assert entry is not None and entry.refused is not None and named in entry.refused["reason"]
