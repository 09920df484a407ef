"""numba.core.typing.typeof: ujit.typing.typeof under Numba's full name."""
from ...typing.typeof import typeof  # noqa: F401
