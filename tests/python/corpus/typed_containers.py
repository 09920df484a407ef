"""numba.typed.List and numba.typed.Dict built in compiled code and passed back."""
from numba import njit, types
from numba.typed import Dict, List



@njit
def squares_list(n):
    out = List()
    for i in range(n):
        out.append(i * i)
    return out


@njit
def inverse_map(n):
    d = Dict.empty(key_type=types.int64, value_type=types.float64)
    for i in range(1, n):
        d[i] = 1.0 / i
    return d


def check():
    assert list(squares_list(5)) == [0, 1, 4, 9, 16]
    d = inverse_map(5)
    assert dict(d) == {1: 1.0, 2: 0.5, 3: 1.0 / 3, 4: 0.25}
