"""Sieve of Eratosthenes: the number of primes below n and the largest."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def sieve(n):
    is_prime = np.ones(n, dtype=np.bool_)
    is_prime[:2] = False
    i = 2
    while i * i < n:
        if is_prime[i]:
            is_prime[i * i::i] = False
        i += 1
    count = 0
    largest = -1
    for k in range(n):
        if is_prime[k]:
            count += 1
            largest = k
    return count, largest


def check():
    check_same(sieve, 100)
    check_same(sieve, 10000)
    check_same(sieve, 2)
