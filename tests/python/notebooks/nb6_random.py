"""Notebook 6's random-number cells: xoroshiro128+ states made on the host, drawn in a
kernel to estimate pi."""
import numpy as np

from ujit import cuda  # was: from numba import cuda
from ujit.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32

threads_per_block = 64
blocks = 24
rng_states = create_xoroshiro128p_states(threads_per_block * blocks, seed=1)


@cuda.jit
def compute_pi(rng_states, iterations, out):
    """Each thread's estimate of pi from `iterations` points in the unit square."""
    thread_id = cuda.grid(1)
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, thread_id)
        y = xoroshiro128p_uniform_float32(rng_states, thread_id)
        if x ** 2 + y ** 2 <= 1.0:
            inside += 1
    out[thread_id] = 4.0 * inside / iterations


out = np.zeros(threads_per_block * blocks, dtype=np.float32)
compute_pi[blocks, threads_per_block](rng_states, 10000, out)
pi_estimate = out.mean()
