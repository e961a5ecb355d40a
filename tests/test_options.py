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
])
def test_bad_options_are_refused_with_what_is_valid(options, env, message):
    with pytest.raises(ValueError, match=message):
        BackendOptions.resolve(options, env)
