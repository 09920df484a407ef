"""A queue simulation: exponential inter-arrival and service times (np.random.exponential,
seeded), waiting times by Lindley's recursion."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def mm1(arrival_rate, service_rate, n, seed):
    np.random.seed(seed)
    inter = np.random.exponential(1.0 / arrival_rate, n)
    service = np.empty(n)
    for i in range(n):
        service[i] = np.random.exponential(1.0 / service_rate)
    wait = 0.0
    total = 0.0
    for i in range(1, n):
        wait = max(0.0, wait + service[i - 1] - inter[i])
        total += wait
    return total / n, inter.sum(), np.random.standard_exponential(3)


def check():
    check_same(mm1, 0.8, 1.0, 500, 11)
