"""Lists passed from Python are reflected: appends, item stores, sorts and pops in compiled
code are seen by the caller afterwards, as Numba documents for reflected lists."""
from numba import njit


@njit
def mutate(xs):
    xs.append(len(xs))
    xs[0] = -xs[0]
    xs.sort()
    return xs.pop()


def check():
    a = [5, 3, 9, 1]
    b = list(a)
    got = mutate(a)
    want = mutate.py_func(b)
    assert got == want and a == b, (got, want, a, b)
