"""Numba's `numba.np` names that ujit provides: `numpy_support.from_dtype`, `as_dtype`."""
