"""print of numbers, strings, bools, tuples and arrays, as CPython prints them."""
import numpy as np
from numba import njit


@njit
def report(n, x):
    print("n =", n)
    print(x, n * x, True, None)
    print("sum:", np.arange(n).sum(), "mean:", x / n)
    print()
    print((1, 2.5))
    print(np.arange(3))
    print(-0.0, 1e20, 1.5e-7, 3.0)


def check(capfd):
    report(4, 2.5)
    got = capfd.readouterr().out
    report.py_func(4, 2.5)
    want = capfd.readouterr().out
    assert got == want, "compiled:\n%s\nPython:\n%s" % (got, want)
