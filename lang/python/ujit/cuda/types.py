"""`import numba.cuda.types`: numba-cuda's name for numba.types, the same module object
(so that compiled code sees one set of type names)."""
import sys

from .. import types as _types

sys.modules[__name__] = _types
