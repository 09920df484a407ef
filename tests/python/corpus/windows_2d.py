"""Moving windows over 2-D arrays: 2x2 max pooling, a k x k mean filter from an integral image
(2-D cumulative sums), and the same filter by slicing each window."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def max_pool(img, k):
    h, w = img.shape[0] // k, img.shape[1] // k
    out = np.empty((h, w), img.dtype)
    for i in range(h):
        for j in range(w):
            out[i, j] = img[i * k:(i + 1) * k, j * k:(j + 1) * k].max()
    return out


@njit
def box_mean(img, k):
    h, w = img.shape
    s = np.zeros((h + 1, w + 1))
    s[1:, 1:] = np.cumsum(np.cumsum(img, axis=0), axis=1)
    out = np.empty((h - k + 1, w - k + 1))
    for i in range(h - k + 1):
        for j in range(w - k + 1):
            out[i, j] = (s[i + k, j + k] - s[i, j + k] - s[i + k, j] + s[i, j]) / (k * k)
    return out


@njit
def box_mean_slices(img, k):
    h, w = img.shape
    out = np.empty((h - k + 1, w - k + 1))
    for i in range(h - k + 1):
        for j in range(w - k + 1):
            out[i, j] = img[i:i + k, j:j + k].mean()
    return out


def check():
    img = np.random.RandomState(1).rand(8, 10)
    check_same(max_pool, img, 2)
    check_same(max_pool, np.arange(36).reshape(6, 6), 3)
    check_same(box_mean, img, 3)
    check_same(box_mean_slices, img, 3)
