"""inf and nan through arithmetic, comparisons and math.isnan/isinf."""
import math

import numpy as np
from numba import njit
from _same import check_same


@njit
def specials(x):
    inf = np.inf
    nan = np.nan
    return (x < inf, x > -math.inf, math.isnan(nan), nan == nan, nan != nan, math.isinf(inf * x),
            max(x, inf), min(x, -inf), inf - inf != inf - inf, np.isnan(np.array([x, nan])).sum())


def check():
    check_same(specials, 2.0)
    check_same(specials, -1.5)
