"""Monte Carlo pricing of a European call: seeded np.random.standard_normal draws, antithetic
variates, and the Black-Scholes price from math.erf to compare with."""
import math

import numpy as np
from numba import njit
from _same import check_same


@njit
def mc_call(s0, k, r, sigma, t, n, seed):
    np.random.seed(seed)
    z = np.random.standard_normal(n)
    drift = (r - 0.5 * sigma ** 2) * t
    vol = sigma * math.sqrt(t)
    up = s0 * np.exp(drift + vol * z)
    down = s0 * np.exp(drift - vol * z)
    payoff = 0.5 * (np.maximum(up - k, 0.0) + np.maximum(down - k, 0.0))
    return math.exp(-r * t) * payoff.mean(), payoff.std() / math.sqrt(n)


@njit
def norm_cdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


@njit
def bs_call(s0, k, r, sigma, t):
    d1 = (math.log(s0 / k) + (r + 0.5 * sigma ** 2) * t) / (sigma * math.sqrt(t))
    d2 = d1 - sigma * math.sqrt(t)
    return s0 * norm_cdf(d1) - k * math.exp(-r * t) * norm_cdf(d2)


def check():
    price, err = check_same(mc_call, 100.0, 105.0, 0.05, 0.2, 1.0, 20000, 42)
    exact = check_same(bs_call, 100.0, 105.0, 0.05, 0.2, 1.0)
    assert abs(price - exact) < 4 * err
