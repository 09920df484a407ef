"""An RGB image as an (h, w, 3) array: channels read and written with Ellipsis (img[..., 0]),
a grayscale conversion, and a brightness change of every pixel with img[...]."""
import numpy as np
from numba import njit
from _same import check_same


@njit
def grayscale(img):
    return 0.299 * img[..., 0] + 0.587 * img[..., 1] + 0.114 * img[..., 2]


@njit
def swap_red_blue(img):
    out = img.copy()
    out[..., 0] = img[..., 2]
    out[..., 2] = img[..., 0]
    return out


@njit
def brighten(img, amount):
    img[...] = np.minimum(img[...] + amount, 1.0)
    img[0, ...] = 0.0
    return img.sum()


def check():
    img = np.random.RandomState(6).rand(5, 7, 3)
    check_same(grayscale, img)
    check_same(swap_red_blue, img)
    check_same(brighten, img.copy(), 0.25)
    check_same(grayscale, img[::-1, ::2])
