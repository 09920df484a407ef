"""Numba's `numba.core` names that ujit provides: `core.runtime.rtsys`."""
from . import runtime  # noqa: F401
