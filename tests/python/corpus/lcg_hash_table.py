"""An open-addressing hash table in arrays (keys, values, occupied flags) with linear probing,
and a linear congruential generator producing its keys with uint64 wraparound."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def lcg(seed, n):
    out = np.empty(n, np.uint64)
    x = np.uint64(seed)
    a = np.uint64(6364136223846793005)
    c = np.uint64(1442695040888963407)
    for i in range(n):
        x = a * x + c
        out[i] = x >> np.uint64(33)
    return out


@njit
def insert_all(keys, cap):
    table_k = np.zeros(cap, np.uint64)
    table_v = np.zeros(cap, np.int64)
    used = np.zeros(cap, np.bool_)
    probes = 0
    for i in range(keys.shape[0]):
        h = np.int64(keys[i] % np.uint64(cap))  # (int() of a uint64 stays uint64 in Numba)
        while used[h] and table_k[h] != keys[i]:
            h = (h + 1) % cap
            probes += 1
        if not used[h]:
            used[h] = True
            table_k[h] = keys[i]
        table_v[h] += 1
    return used.sum(), probes, table_v.max()


def check():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        keys = check_same(lcg, 12345, 200)
    check_same(insert_all, keys % np.uint64(150), 257)
