"""Bootstrap confidence interval of a mean: resampling with np.random.choice after
np.random.seed (Numba draws NumPy's legacy stream for choice with replacement)."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def bootstrap(data, rounds, seed):
    np.random.seed(seed)
    means = np.empty(rounds)
    for r in range(rounds):
        sample = np.random.choice(data, data.shape[0])
        means[r] = sample.mean()
    means.sort()
    return means[int(0.025 * rounds)], means[int(0.975 * rounds)], np.random.choice(data)


def check():
    data = np.array([2.1, 3.4, 1.9, 5.6, 4.2, 3.3, 2.8, 4.9, 3.1, 2.2])
    check_same(bootstrap, data, 200, 17)
