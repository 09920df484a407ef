"""Ordinary Numba programs (tests/python/corpus, one program a file) run under ujit as
`numba`: each file's check() compares its @njit functions with the same functions run by
CPython and NumPy (`.py_func`). A file that still fails names the cause in XFAIL (strict, so
a fix flips it), with the helper that owns the cause where it is not this corpus's."""
import glob
import importlib
import inspect
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
PROGRAMS = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(CORPUS, "[a-z]*.py")))


def _load(name):
    import ujit

    ujit.install_as_numba()
    if CORPUS not in sys.path:
        sys.path.insert(0, CORPUS)
    return importlib.import_module(name)


def _xfail_reason(name):
    # Read without importing, so a file that fails at import time is still marked.
    with open(os.path.join(CORPUS, name + ".py")) as f:
        for line in f:
            if line.startswith("XFAIL = "):
                return eval(line[len("XFAIL = "):])  # a string literal
    return None


def _params():
    for name in PROGRAMS:
        reason = _xfail_reason(name)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        yield pytest.param(name, marks=marks, id=name)


@pytest.mark.parametrize("name", list(_params()))
def test_program(name, capfd):
    mod = _load(name)
    if inspect.signature(mod.check).parameters:
        mod.check(capfd)
    else:
        mod.check()
