"""numba.typed: typed containers passed to and from compiled code (`from numba.typed import List`)."""
from ._list import List

__all__ = ["List"]
