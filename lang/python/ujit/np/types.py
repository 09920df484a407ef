"""`numba.np.types`: NumPy's scalar types that Numba keeps there (NPDatetime, NPTimedelta)."""
from .._types import NPDatetime, NPTimedelta  # noqa: F401
