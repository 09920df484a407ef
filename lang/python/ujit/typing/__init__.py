"""Numba's `numba.core.typing` names that ujit provides: `signature(return_type, *args)` and
`typeof` (typing.typeof.typeof)."""
from .._types import Signature as _Signature


def signature(return_type, *args):
    """numba.core.typing.signature: void(float32[:], int32) written as a call."""
    return _Signature(return_type, args)
