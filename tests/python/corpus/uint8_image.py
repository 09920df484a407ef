"""uint8 images: brightness added in place wraps modulo 256 as in NumPy, a saturating version
widens to int64 and clips, and an inversion by 255 - img keeps uint8."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def brighten_wrap(img, amount):
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            img[i, j] += amount


@njit
def brighten_saturate(img, amount):
    out = np.empty_like(img)
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            v = np.int64(img[i, j]) + amount
            out[i, j] = min(max(v, 0), 255)
    return out


@njit
def clip_and_invert(img, amount):
    wide = np.clip(img.astype(np.int64) + amount, 0, 255).astype(np.uint8)
    return wide, np.uint8(255) - img, img.sum(), img.max()


def check():
    img = np.random.RandomState(2).randint(0, 256, size=(6, 7)).astype(np.uint8)
    check_same(brighten_wrap, img.copy(), np.uint8(100))
    check_same(brighten_saturate, img, 100)
    check_same(brighten_saturate, img, -100)
    check_same(clip_and_invert, img, 60)
