# numba.cuda.random's functions take the states as ujit's uint64 (n, 2) array and an
# integer index; anything else is an error at the argument. The host functions are host code.
# RUN: %ujit check --verify %s
from numba import cuda, njit
from numba.cuda.random import (create_xoroshiro128p_states, init_xoroshiro128p_state, xoroshiro128p_dtype,
                               xoroshiro128p_normal_float64, xoroshiro128p_uniform_float32)


# verify-sig: records void(float32[:], float32[:])
@cuda.jit
def records(states, out):
    # expected-error@+1:44 {{xoroshiro128p_uniform_float32() needs the RNG states as a 2-D uint64 array of shape (n, 2), as create_xoroshiro128p_states makes them (ujit's form of Numba's xoroshiro128p_dtype records), not array(float32, 1d, A)}}
    out[0] = xoroshiro128p_uniform_float32(states, 0)


# verify-sig: float_index float64(uint64[:, ::1])
@njit
def float_index(states):
    # expected-error@+1:49 {{xoroshiro128p_normal_float64() needs an integer index, not float64}}
    return xoroshiro128p_normal_float64(states, 0.5)


# verify-sig: bad_seed void(uint64[:, :])
@cuda.jit
def bad_seed(states):
    # expected-error@+1:41 {{init_xoroshiro128p_state() needs an integer seed, not float64}}
    init_xoroshiro128p_state(states, 0, 1.5)


# verify-sig: arity void(uint64[:, :])
@cuda.jit
def arity(states):
    # expected-error@+1:5 {{xoroshiro128p_uniform_float32() takes 2 arguments (1 given)}}
    xoroshiro128p_uniform_float32(states)


# verify-sig: host_function void(uint64[:, :])
@cuda.jit
def host_function(states):
    # expected-error@+1:5 {{'create_xoroshiro128p_states' is host code: it makes the states array that compiled code takes}}
    create_xoroshiro128p_states(4, 1)


# verify-sig: record_dtype void(uint64[:, :])
@cuda.jit
def record_dtype(states):
    # expected-error@+1:9 {{ujit has no record dtypes, and its states are a uint64 array of shape (n, 2)}}
    x = xoroshiro128p_dtype
