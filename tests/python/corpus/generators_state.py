"""Generators with state across yields: a sliding-window generator over an array, a generator
of pairs from two nested loops, one with arguments and a local list, and zip over two."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def windows(a, k):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
        if i >= k:
            s -= a[i - k]
        if i >= k - 1:
            yield s / k


@njit
def pairs(n):
    for i in range(n):
        for j in range(i + 1, n):
            yield i, j


@njit
def primes():
    found = [2]
    yield 2
    c = 3
    while True:
        ok = True
        for p in found:
            if p * p > c:
                break
            if c % p == 0:
                ok = False
                break
        if ok:
            found.append(c)
            yield c
        c += 2


@njit
def use(a):
    ws = [w for w in windows(a, 3)]
    ps = 0
    for i, j in pairs(6):
        ps += i * j
    first = []
    for p in primes():
        if p > 50:
            break
        first.append(p)
    return ws, ps, first


def check():
    check_same(use, np.arange(10.0) ** 2)
