#!/usr/bin/env python3
"""Gufunc oracle: NumPy's results for the cases of tests/conformance/gufunc/gufuncs.py.

Each case names a gufunc, its inputs (.npy files written here, or scalars) and optionally a
view to take of an input (to test strided inputs); the expected outputs are computed with
plain NumPy expressions (matmul, sqrt of sums, ...) that follow NumPy's gufunc rules for
loop broadcasting, independent of ujit. Writes tests/conformance/gufunc/expected.json and
tests/conformance/gufunc/data/*.npy.

Run with /usr/bin/python3:  /usr/bin/python3 tools/scripts/gufunc_oracle.py
"""
import json
import os

import numpy as np

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'conformance', 'gufunc')
DATA = os.path.join(HERE, 'data')

rng = np.random.default_rng(8)


def views(a, view):
    if view == 'transpose':  # the last two axes swapped: core strides not contiguous
        return np.swapaxes(a, -1, -2)
    if view == 'step2':  # every other element of the last axis
        return a[..., ::2]
    if view == 'reversed':  # negative loop strides
        return a[::-1]
    return a


def l2_norm(x):
    dtype = x.dtype if x.dtype.kind == "f" else np.float64  # ints dispatch to the float64 loop
    return [np.sqrt((x.astype(np.float64) ** 2).sum(-1)).astype(dtype)]


def batch_matrix_mult(a, b):
    return [np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype)]


def add_scalar(x, k):
    return [(x + np.asarray(k, dtype=np.int64)[..., None]).astype(np.int64)]


def mean_std(x):
    return [x.mean(-1), x.std(-1)]


def cdot(x, y):
    return [(x * y).sum(-1)]


def running_mean(x, w):
    w = int(w)
    c = np.cumsum(x, -1)
    out = np.empty_like(x)
    n = x.shape[-1]
    for i in range(n):
        s = c[..., i] - (c[..., i - w] if i >= w else 0)
        out[..., i] = s / min(i + 1, w)
    return [out]


def cross(a, b):
    return [np.cross(a, b)]


def total_length(v):
    return [np.sqrt((v * v).sum(-1)).sum(-1)]


ORACLES = {f.__name__: f for f in (l2_norm, batch_matrix_mult, add_scalar, mean_std, cdot, running_mean, cross,
                                   total_length)}


def f32(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def f64(*shape):
    return rng.standard_normal(shape)


CASES = [
    # name, function, inputs (arrays or Python scalars), views per input, rtol
    ('l2_norm_f32', 'l2_norm', [f32(4, 3)], {}, 1e-6),
    ('l2_norm_f64_3d', 'l2_norm', [f64(2, 3, 5)], {}, 1e-14),
    ('l2_norm_strided', 'l2_norm', [f64(4, 6)], {0: 'step2'}, 1e-14),
    ('l2_norm_reversed', 'l2_norm', [f64(5, 3)], {0: 'reversed'}, 1e-14),
    ('l2_norm_1d', 'l2_norm', [f64(7)], {}, 1e-14),
    ('l2_norm_int_cast', 'l2_norm', [np.arange(12, dtype=np.int32).reshape(3, 4)], {}, 1e-14),
    ('matmul_f32', 'batch_matrix_mult', [f32(6, 2, 2), f32(6, 2, 2)], {}, 1e-6),
    ('matmul_broadcast', 'batch_matrix_mult', [f64(5, 2, 3), f64(3, 4)], {}, 1e-14),
    ('matmul_broadcast_4d', 'batch_matrix_mult', [f64(2, 1, 2, 2), f64(3, 2, 2)], {}, 1e-14),
    ('matmul_transposed', 'batch_matrix_mult', [f64(4, 3, 2), f64(4, 3, 3)], {0: 'transpose'}, 1e-14),
    ('add_scalar', 'add_scalar', [np.arange(12, dtype=np.int64).reshape(3, 4), 7], {}, 0),
    ('add_scalar_loop', 'add_scalar', [np.arange(12, dtype=np.int64).reshape(3, 4),
                                       np.array([[1], [2], [3]], dtype=np.int64)], {}, 0),
    ('add_scalar_int32', 'add_scalar', [np.arange(6, dtype=np.int32).reshape(2, 3), 100], {}, 0),
    ('mean_std', 'mean_std', [f64(3, 8)], {}, 1e-13),
    ('cdot', 'cdot', [(f64(3, 4) + 1j * f64(3, 4)), (f64(4) + 1j * f64(4))], {}, 1e-14),
    ('running_mean', 'running_mean', [f64(2, 10), 3], {}, 1e-13),
    ('cross', 'cross', [f64(5, 3), f64(5, 3)], {}, 1e-14),
    ('cross_f32_broadcast', 'cross', [f32(2, 1, 3), f32(4, 3)], {}, 1e-6),
    ('cross_strided', 'cross', [f64(4, 6), f64(3)], {0: 'step2'}, 1e-14),
    ('total_length', 'total_length', [f64(2, 5, 3)], {}, 1e-14),
    ('total_length_transposed', 'total_length', [f64(3, 4)], {0: 'transpose'}, 1e-14),
]


def main():
    os.makedirs(DATA, exist_ok=True)
    cases = []
    for name, fn, inputs, view, rtol in CASES:
        entry = {'name': name, 'function': fn, 'inputs': [], 'outputs': [], 'rtol': rtol}
        actual = []
        for k, x in enumerate(inputs):
            if isinstance(x, np.ndarray):
                path = '%s_in%d.npy' % (name, k)
                np.save(os.path.join(DATA, path), x)
                entry['inputs'].append({'npy': path, 'view': view.get(k, '')})
                actual.append(views(x, view.get(k, '')))
            else:
                entry['inputs'].append({'int': x})
                actual.append(x)
        for k, y in enumerate(ORACLES[fn](*actual)):
            path = '%s_out%d.npy' % (name, k)
            np.save(os.path.join(DATA, path), np.array(y, order='C'))  # 0-d stays 0-d
            entry['outputs'].append(path)
        cases.append(entry)
    with open(os.path.join(HERE, 'expected.json'), 'w') as f:
        json.dump({'generator': 'tools/scripts/gufunc_oracle.py', 'cases': cases}, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
