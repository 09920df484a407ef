"""try/except inside compiled code, falling back on an error."""
from numba import njit
from _same import check_same


@njit
def parse_or(n, fallback):
    try:
        if n < 0:
            raise ValueError("negative")
        return n * 2
    except Exception:
        return fallback


@njit
def count_failures(n):
    bad = 0
    for i in range(n):
        try:
            if i % 3 == 0:
                raise IndexError
        except Exception:
            bad += 1
    return bad


def check():
    check_same(parse_or, 5, 0)
    check_same(parse_or, -5, 99)
    check_same(count_failures, 10)
