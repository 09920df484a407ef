"""numba.core.typing: ujit.typing under Numba's full name (the same objects)."""
from ...typing import signature  # noqa: F401
from . import typeof  # noqa: F401
