"""Numba's guvectorize example: a moving mean along the last axis with the layout
'(n),()->(n)', applied to a 1-D and a 2-D array (broadcast over the rows)."""
import numpy as np
from numba import guvectorize


@guvectorize(["void(float64[:], int64[:], float64[:])"], "(n),()->(n)")
def move_mean(a, window_arr, out):
    window_width = window_arr[0]
    asum = 0.0
    count = 0
    for i in range(window_width):
        asum += a[i]
        count += 1
        out[i] = asum / count
    for i in range(window_width, len(a)):
        asum += a[i] - a[i - window_width]
        out[i] = asum / count


def reference(a, w):
    out = np.empty_like(a)
    for i in range(a.shape[-1]):
        lo = max(0, i - w + 1)
        out[..., i] = a[..., lo:i + 1].mean(axis=-1)
    return out


def check():
    arr = np.arange(20, dtype=np.float64).reshape(2, 10)
    np.testing.assert_allclose(move_mean(arr, 3), reference(arr, 3))
    x = np.random.RandomState(15).rand(12)
    np.testing.assert_allclose(move_mean(x, 4), reference(x, 4))
