"""A 3x3 box blur over the interior of an image."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def blur(img):
    out = img.copy()
    for i in range(1, img.shape[0] - 1):
        for j in range(1, img.shape[1] - 1):
            out[i, j] = img[i - 1:i + 2, j - 1:j + 2].sum() / 9.0
    return out


def check():
    check_same(blur, np.random.RandomState(0).rand(10, 12))
