"""How the backend tells a user about a fallback: one line each, which never raises."""
from __future__ import annotations

import logging
import warnings

from .verdict import printable

log = logging.getLogger("autotriton.backend")
_warned: set[str] = set()


def warn(message: str) -> None:
    """One line announcing a fallback. Where the user's filters make it an error (`warnings.simplefilter("error")`,
    pytest's `-W error`) it is logged instead: raised, it failed the very fallback it announces, and the user's
    compile with it (BackendCompilerFailed on a CPU without TRITON_INTERPRET=1, where plain inductor compiles; round
    attack60), the model breaking because of us."""
    log.debug("warning: %s", message)
    try:
        warnings.warn(f"autotriton: {one_line(message)}", RuntimeWarning, stacklevel=3)
    except Warning:
        log.warning("autotriton: %s", one_line(message))


def warn_once(message: str) -> None:
    """`warn`, once per process for each message."""
    if message not in _warned:
        _warned.add(message)
        warn(message)


def one_line(text: object) -> str:
    """The one way text that others wrote reaches the user's terminal or log (warnings, `autotriton cache`'s rows):
    one line of plain characters. Every character `verdict.shown_otherwise` is written as its escape (`printable`) and
    newlines and tabs are joined, so an imported cache entry's environment, provenance, refusal reason or task key
    cannot retitle the terminal (OSC 0), write the clipboard (OSC 52), erase or overwrite a line (CSI, a carriage
    return, a backspace), reverse text (U+202E) or forge a row (round attack65, tests/test_terminal_output.py)."""
    return " ".join(printable(str(text)).split())
