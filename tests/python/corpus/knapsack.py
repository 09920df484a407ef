"""0/1 knapsack with a 2-D table."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def knapsack(weights, values, capacity):
    n = len(weights)
    dp = np.zeros((n + 1, capacity + 1), dtype=values.dtype)
    for i in range(1, n + 1):
        w = weights[i - 1]
        v = values[i - 1]
        for c in range(capacity + 1):
            dp[i, c] = dp[i - 1, c]
            if w <= c and dp[i - 1, c - w] + v > dp[i, c]:
                dp[i, c] = dp[i - 1, c - w] + v
    return dp[n, capacity]


def check():
    check_same(knapsack, np.array([1, 3, 4, 5]), np.array([1, 4, 5, 7]), 7)
    check_same(knapsack, np.array([2, 2, 3]), np.array([1.5, 2.5, 4.0]), 5)
