"""numba.core.extending: numba.extending under its other name (one module's objects)."""
from ..extending import *  # noqa: F401,F403
from ..extending import _Intrinsic  # noqa: F401
