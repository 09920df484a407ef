# Optional values: what Numba refuses stays a located error; an Optional payload ujit does not
# lower yet says so where the value is returned.
# RUN: %ujit check --verify %s
from numba import njit


@njit("(int64,)")
def none_plus_one(n):
    x = None
    # expected-error@+1:12 {{unsupported operand types for +: none and int64}}
    return x + n


@njit("(int64,)")
def list_or_none(n):
    if n > 0:
        # expected-error@+1:16 {{'list_or_none' returns list(int64)<iv=None> here but None on another path (an Optional of list(int64)<iv=None> is not supported by ujit)}}
        return [n]
    return None


@njit("(int64,)")
def isinstance_of_optional(n):
    r = n if n > 0 else None
    # expected-error@+1:19 {{isinstance cannot handle optional types}}
    if isinstance(r, int):
        return 1
    return 0
