"""Prime factorisation by trial division into a list, a segmented sieve over a bool array, and
Euler's totient from the factors."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def factorize(n):
    out = []
    d = 2
    while d * d <= n:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1 if d == 2 else 2
    if n > 1:
        out.append(n)
    return out


@njit
def totient(n):
    result = n
    last = 0
    for p in factorize(n):
        if p != last:
            result -= result // p
            last = p
    return result


@njit
def primes_between(lo, hi):
    limit = int(hi ** 0.5) + 1
    small = np.ones(limit + 1, dtype=np.bool_)
    small[:2] = False
    for i in range(2, int(limit ** 0.5) + 1):
        if small[i]:
            small[i * i::i] = False
    seg = np.ones(hi - lo, dtype=np.bool_)
    for p in np.nonzero(small)[0]:
        start = max(p * p, (lo + p - 1) // p * p)
        seg[start - lo::p] = False
    if lo < 2:
        seg[:2 - lo] = False
    return np.nonzero(seg)[0] + lo


def check():
    check_same(factorize, 360)
    check_same(factorize, 9999991)
    check_same(factorize, 2 ** 40 - 1)
    check_same(totient, 36)
    check_same(totient, 97)
    check_same(primes_between, 1000, 1100)
    check_same(primes_between, 0, 50)
