"""`numba.core.runtime.rtsys` (ujit/runtime)."""
from ...runtime import rtsys  # noqa: F401
