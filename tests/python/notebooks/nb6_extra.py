"""Notebook 6 (extra topics), the cells after the random numbers.

A naive transpose and a shared-memory tile transpose (its tile's dtype spelled
`numba.types.int32` after `import numba.types`), launched on a 2-D grid with
(TILE_DIM, BLOCK_ROWS) blocks, and a CUDA gufunc with a float32 signature called with
float64 points (Numba casts them). The xoroshiro cells are in nb6_random.py.
"""
import math

import numpy as np

import ujit as numba  # was: import numba.types (which binds `numba`)
import ujit.types  # noqa: F401 (was: import numba.types)
from ujit import cuda, guvectorize  # was: from numba import cuda, guvectorize

TILE_DIM = 32
BLOCK_ROWS = 8


@cuda.jit
def transpose(a_in, a_out):
    x = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.y
    for j in range(0, TILE_DIM, BLOCK_ROWS):
        a_out[x, y + j] = a_in[y + j, x]


TILE_DIM_PADDED = TILE_DIM + 1  # one extra column: no shared-memory bank conflicts


@cuda.jit
def tile_transpose(a_in, a_out):
    tile = cuda.shared.array((TILE_DIM, TILE_DIM_PADDED), numba.types.int32)
    x = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.y
    for j in range(0, TILE_DIM, BLOCK_ROWS):
        tile[cuda.threadIdx.y + j, cuda.threadIdx.x] = a_in[y + j, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE_DIM + cuda.threadIdx.x
    y = cuda.blockIdx.x * TILE_DIM + cuda.threadIdx.y
    for j in range(0, TILE_DIM, BLOCK_ROWS):
        a_out[y + j, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y + j]


size = 256
a_in = np.arange(size * size, dtype=np.int32).reshape((size, size))
grid_shape = (size // TILE_DIM, size // TILE_DIM)
naive_out = np.zeros_like(a_in)
transpose[grid_shape, (TILE_DIM, BLOCK_ROWS)](a_in, naive_out)
tiled_out = np.zeros_like(a_in)
tile_transpose[grid_shape, (TILE_DIM, BLOCK_ROWS)](a_in, tiled_out)


@guvectorize(["(float32[:], float32[:])"], "(i)->()", target="cuda")
def l2_norm(vec, out):
    acc = 0.0
    for value in vec:
        acc += value ** 2
    out[0] = math.sqrt(acc)


angles = np.random.uniform(-np.pi, np.pi, 10)
coords = np.stack([np.cos(angles), np.sin(angles)], axis=1)  # float64
norms = l2_norm(coords)
