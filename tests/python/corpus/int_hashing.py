"""FNV-1a over a string with a 32-bit mask, and integer mixing that stays in int64."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def fnv1a(s):
    h = 2166136261
    for ch in s:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


@njit
def lcg(seed, n):
    out = np.empty(n, dtype=np.int64)
    x = seed
    for i in range(n):
        x = (1103515245 * x + 12345) % 2147483648
        out[i] = x
    return out


@njit
def bits(x):
    return x << 3, x >> 2, x & 0xFF, x | 0x100, x ^ -1, ~x, -x >> 1


def check():
    check_same(fnv1a, "hello world")
    check_same(fnv1a, "")
    check_same(lcg, 7, 20)
    check_same(bits, 12345)
    check_same(bits, -77)
