"""2-D convolution ('valid' mode, kernel flipped as in signal processing) and the Sobel edge
magnitude built on it."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def conv2d(img, k):
    kh, kw = k.shape
    h = img.shape[0] - kh + 1
    w = img.shape[1] - kw + 1
    out = np.zeros((h, w))
    for i in range(h):
        for j in range(w):
            acc = 0.0
            for u in range(kh):
                for v in range(kw):
                    acc += img[i + u, j + v] * k[kh - 1 - u, kw - 1 - v]
            out[i, j] = acc
    return out


@njit
def sobel(img):
    gx = np.array([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]])
    gy = gx.T.copy()
    ex = conv2d(img, gx)
    ey = conv2d(img, gy)
    return np.sqrt(ex ** 2 + ey ** 2)


def check():
    img = np.zeros((12, 12))
    img[4:9, 3:10] = 1.0
    img += 0.1 * np.random.RandomState(10).rand(12, 12)
    check_same(conv2d, img, np.ones((3, 3)) / 9.0)
    check_same(sobel, img)
