"""Backend options: explicit options win over AUTOTRITON_* variables; bad input names what is valid."""
import pytest

from autotriton_backend.options import BackendOptions


def test_environment_fills_in_and_explicit_options_win():
    env = {"AUTOTRITON_MODE": "cache", "AUTOTRITON_STRICT": "1", "AUTOTRITON_SEARCH_TURNS": "4",
           "AUTOTRITON_SEARCH_TOKENS": "900", "AUTOTRITON_ENGINE": "files:/kernels"}
    options = BackendOptions.resolve({"mode": "search"}, env)
    assert (options.mode, options.strict, options.search_turns, options.search_tokens) == ("search", True, 4, 900)
    assert options.engine == "files:/kernels"
    assert BackendOptions.resolve(None, {}) == BackendOptions()


@pytest.mark.parametrize("options, env, message", [
    ({"mode": "turbo"}, {}, "valid modes: search, cache, off"),
    ({"modee": "cache"}, {}, "unknown autotriton option 'modee'; valid options: mode"),
    (None, {"AUTOTRITON_STRICT": "maybe"}, "AUTOTRITON_STRICT='maybe' is not a boolean"),
    (None, {"AUTOTRITON_SEARCH_TURNS": "two"}, "AUTOTRITON_SEARCH_TURNS='two' is not a number"),
    (None, {"AUTOTRITON_MODE": "fast"}, "valid modes"),
    ({"search_turns": "two"}, {}, "option search_turns must be int, got 'two'"),
    ({"search_samples": True}, {}, "option search_samples must be int, got True"),
    ({"report": "false"}, {}, "option report must be True/False, got 'false'"),
    ({"search_tokens": 1.5}, {}, "option search_tokens must be int or None"),
    ({"search_turns": 0}, {}, "search_turns must be at least 1"),
    ({"verify_timeout_s": -1}, {}, "verify_timeout_s must be a positive number of seconds"),
    ({"engine": "foo:bar"}, {}, "option engine: bad engine spec 'foo:bar'; valid forms: hf:PATH, openai:BASE_URL#MODEL"),
    ({"engine": "openai:localhost:8000"}, {}, "openai needs BASE_URL#MODEL"),
    ({"strict": True}, {}, "strict=True in search mode needs an engine"),
    (None, {"AUTOTRITON_STRICT": "1"}, "set mode='cache'"),
])
def test_bad_options_are_refused_with_what_is_valid(options, env, message):
    with pytest.raises(ValueError, match=message):
        BackendOptions.resolve(options, env)


def test_well_typed_options_pass():
    options = BackendOptions.resolve({"search_seconds": 30, "search_tokens": None, "strict": True, "mode": "cache",
                                      "engine": "openai:http://127.0.0.1:8000/v1#my-model", "verify_timeout_s": 60}, {})
    assert (options.search_seconds, options.strict, options.verify_timeout_s) == (30, True, 60)
