# Generalized ufuncs for tests/e2e/gufunc_test.cpp and tests/lit/cli/run_gufunc.py.
# Expected outputs come from tools/scripts/gufunc_oracle.py, which computes them with NumPy
# (never from ujit). Each is a Numba program too.
import math

from numba import guvectorize


# The course's l2_norm: a scalar output '()' is a 1-element array.
@guvectorize(['void(float32[:], float32[:])', 'void(float64[:], float64[:])'], '(n)->()')
def l2_norm(x, out):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i] * x[i]
    out[0] = math.sqrt(acc)


# The course's batch_matrix_mult, its layout with the course's spaces.
@guvectorize(['void(float32[:,:], float32[:,:], float32[:,:])', 'void(float64[:,:], float64[:,:], float64[:,:])'],
             '(m, n), (n, p) -> (m, p)')
def batch_matrix_mult(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            tmp = 0.0
            for k in range(a.shape[1]):
                tmp += a[i, k] * b[k, j]
            c[i, j] = tmp


# A scalar input core '()' and an integer loop.
@guvectorize(['void(int64[:], int64, int64[:])'], '(n),()->(n)')
def add_scalar(x, k, out):
    for i in range(x.shape[0]):
        out[i] = x[i] + k


# Two outputs.
@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n)->(),()')
def mean_std(x, mean, std):
    n = x.shape[0]
    s = 0.0
    for i in range(n):
        s += x[i]
    m = s / n
    v = 0.0
    for i in range(n):
        v += (x[i] - m) * (x[i] - m)
    mean[0] = m
    std[0] = math.sqrt(v / n)


# Complex arithmetic.
@guvectorize(['void(complex128[:], complex128[:], complex128[:])'], '(n),(n)->()')
def cdot(x, y, out):
    acc = 0j
    for i in range(x.shape[0]):
        acc += x[i] * y[i]
    out[0] = acc


# A running mean over a window given as a scalar (Numba users' favourite).
@guvectorize(['void(float64[:], int64, float64[:])'], '(n),()->(n)')
def running_mean(x, w, out):
    acc = 0.0
    for i in range(x.shape[0]):
        acc += x[i]
        if i >= w:
            acc -= x[i - w]
        out[i] = acc / min(i + 1, w)


# Fixed-size core dimensions (NumPy's '(3),(3)->(3)'): the cross product of 3-vectors.
@guvectorize(['void(float64[:], float64[:], float64[:])', 'void(float32[:], float32[:], float32[:])'],
             '(3),(3)->(3)')
def cross(a, b, out):
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]


# A named dimension beside a fixed one: the total length of n 3-vectors.
@guvectorize(['void(float64[:,:], float64[:])'], '(n, 3) -> ()')
def total_length(v, out):
    acc = 0.0
    for i in range(v.shape[0]):
        acc += math.sqrt(v[i, 0] * v[i, 0] + v[i, 1] * v[i, 1] + v[i, 2] * v[i, 2])
    out[0] = acc
