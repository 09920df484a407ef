"""Numba's `numba.core` names that ujit provides: `core.runtime.rtsys`, `core.errors`,
`core.config`, and `core.types`, which is ujit.types (Numba's numba.core.types and
numba.types are one module too)."""
import sys

from . import runtime  # noqa: F401
from .. import types  # noqa: F401

sys.modules.setdefault(__name__ + ".types", types)  # `import numba.core.types` finds the same module


_SUBMODULES = ("errors", "config", "extending", "typing")  # numba.core.errors.TypingError without an import


def __getattr__(name):
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module("." + name, __name__)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
