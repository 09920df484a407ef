"""Twin primes and prime gaps: a sieve into a bool array, np.flatnonzero for the primes,
np.diff for gaps, the largest gap's position with np.argmax, and a list of twin pairs."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def prime_gaps(n):
    is_p = np.ones(n + 1, np.bool_)
    is_p[:2] = False
    for i in range(2, int(np.sqrt(n)) + 1):
        if is_p[i]:
            is_p[i * i::i] = False
    primes = np.flatnonzero(is_p)
    gaps = np.diff(primes)
    k = np.argmax(gaps)
    twins = []
    for j in range(gaps.shape[0]):
        if gaps[j] == 2:
            twins.append((primes[j], primes[j + 1]))
    return primes.shape[0], gaps[k], primes[k], twins[-3:], np.bincount(gaps)


def check():
    check_same(prime_gaps, 2000)
