"""Root finding by bisection on a polynomial, with a maximum iteration count."""
from numba import njit
from _same import check_same


@njit
def f(x):
    return x ** 3 - 2 * x - 5


@njit
def bisect(lo, hi, tol, max_iter):
    flo = f(lo)
    it = 0
    mid = lo
    while it < max_iter:
        mid = (lo + hi) / 2
        fm = f(mid)
        if abs(fm) < tol or (hi - lo) / 2 < tol:
            break
        if (fm > 0) == (flo > 0):
            lo, flo = mid, fm
        else:
            hi = mid
        it += 1
    return mid, it


def check():
    check_same(bisect, 2.0, 3.0, 1e-12, 200)
    check_same(bisect, 2, 3, 1e-3, 5)
