"""numba.core.typing.typeof.typeof: Numba's type of a Python value."""
from .._typesmod import typeof  # noqa: F401
