"""Bit manipulation: Gray codes and back, reversing the bits of a 32-bit value, the lowest set
bit, powers of two, and the subsets of a bitmask enumerated with (s - 1) & mask."""
from numba import njit
from _same import check_same


@njit
def gray(n):
    return n ^ (n >> 1)


@njit
def gray_inverse(g):
    n = g
    shift = 1
    while shift < 64:
        n ^= n >> shift
        shift <<= 1
    return n


@njit
def reverse32(x):
    r = 0
    for _ in range(32):
        r = (r << 1) | (x & 1)
        x >>= 1
    return r


@njit
def facts(x):
    return x & -x, x > 0 and (x & (x - 1)) == 0


@njit
def subsets(mask):
    out = []
    s = mask
    while s > 0:
        out.append(s)
        s = (s - 1) & mask
    out.append(0)
    return out


@njit
def all_gray(n):
    return [gray(i) for i in range(n)], [gray_inverse(gray(i)) for i in range(n)]


def check():
    check_same(all_gray, 16)
    check_same(reverse32, 1)
    check_same(reverse32, 0xF0F0)
    check_same(subsets, 0b10110)
    check_same(facts, 96)
    check_same(facts, 64)
