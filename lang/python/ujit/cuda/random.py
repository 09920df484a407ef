"""ujit.cuda.random: Numba's numba.cuda.random, the xoroshiro128+ generators.

    states = create_xoroshiro128p_states(n, seed=1)       # Numba's exact states
    @cuda.jit
    def k(states, out):
        i = cuda.grid(1)
        out[i] = xoroshiro128p_uniform_float32(states, i)   # Numba's exact draws

In compiled code (kernels, device functions, @jit functions, on the GPU and on the CPU)
ujit compiles xoroshiro128p_next, _jump, _uniform_float32/64, _normal_float32/64 and
init_xoroshiro128p_state itself. The functions here run them in Python on host arrays, as
Numba's @jit functions can be called from Python.

The one knowing difference from Numba: Numba's states are a 1-D array of
xoroshiro128p_dtype records {s0, s1: uint64}; ujit has no record dtypes and uses the same
memory as a uint64 array of shape (n, 2) (row i = s0, s1 of generator i). So
create_xoroshiro128p_states returns a uint64 (n, 2) device array (host memory where no GPU
is usable: the host device, whose kernels run on the CPU). init_xoroshiro128p_states
also takes a host array of Numba's record dtype, and kernels take such an array as its
uint64 (n, 2) view.
"""
import numpy as np

from .._native import ext
from ._devicearray import DeviceNDArray, to_device

# Numba's record dtype, for host arrays a program makes itself (init_xoroshiro128p_states
# fills them); compiled code takes their uint64 (n, 2) view.
xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)

_MASK = (1 << 64) - 1
_JUMP = (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922)


def _compiled(fn):
    """Marks a function compiled code knows by this name (ujit._source binds it from
    numba.cuda.random)."""
    fn._ujit_cuda_random = fn.__name__
    return fn


def _rows(states):
    """The uint64 (n, 2) view of a host states array, or a TypeError."""
    if isinstance(states, DeviceNDArray):
        raise TypeError("xoroshiro128p functions called from Python need host states (copy_to_host() them); "
                        "kernels take device states")
    states = np.asarray(states)
    if states.dtype == xoroshiro128p_dtype and states.ndim == 1:
        return states.view(np.uint64).reshape(states.shape[0], 2)
    if states.dtype != np.uint64 or states.ndim != 2 or states.shape[1] != 2:
        raise TypeError("xoroshiro128p states must be a uint64 array of shape (n, 2) (ujit's form of Numba's "
                        "xoroshiro128p_dtype records), not %s of shape %s" % (states.dtype, states.shape))
    return states


def _rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & _MASK


def _step(s0, s1):
    result = (s0 + s1) & _MASK
    s1 ^= s0
    return result, _rotl(s0, 55) ^ s1 ^ ((s1 << 14) & _MASK), _rotl(s1, 36)


@_compiled
def init_xoroshiro128p_state(states, index, seed):
    """Seeds states[index] with splitmix64(seed) in both words."""
    z = (int(seed) + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    _rows(states)[int(index)] = (z, z)


@_compiled
def xoroshiro128p_next(states, index):
    """The next uint64 of generator `index`, which advances one step."""
    rows = _rows(states)
    i = int(index)
    result, s0, s1 = _step(int(rows[i, 0]), int(rows[i, 1]))
    rows[i] = (s0, s1)
    return np.uint64(result)


@_compiled
def xoroshiro128p_jump(states, index):
    """Advances generator `index` by 2**64 steps."""
    rows = _rows(states)
    i = int(index)
    s0, s1 = int(rows[i, 0]), int(rows[i, 1])
    a0 = a1 = 0
    for word in _JUMP:
        for b in range(64):
            if word >> b & 1:
                a0 ^= s0
                a1 ^= s1
            _, s0, s1 = _step(s0, s1)
    rows[i] = (a0, a1)


@_compiled
def xoroshiro128p_uniform_float64(states, index):
    """A float64 in [0, 1) from generator `index`."""
    return np.float64(int(xoroshiro128p_next(states, index)) >> 11) * np.float64(2.0**-53)


@_compiled
def xoroshiro128p_uniform_float32(states, index):
    """A float32 in [0, 1] from generator `index` (Numba rounds the float64 draw)."""
    return np.float32(xoroshiro128p_uniform_float64(states, index))


_TWO_PI_FLOAT32 = np.float32(2 * np.pi)
_TWO_PI_FLOAT64 = np.float64(2 * np.pi)


@_compiled
def xoroshiro128p_normal_float32(states, index):
    """A standard normal float32 (Box-Muller, two steps of generator `index`)."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    with np.errstate(divide="ignore"):
        return np.sqrt(np.float32(-2.0) * np.log(u1)) * np.cos(_TWO_PI_FLOAT32 * u2)


@_compiled
def xoroshiro128p_normal_float64(states, index):
    """A standard normal float64 (Box-Muller from two float32 uniforms, as Numba draws it)."""
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    with np.errstate(divide="ignore"):
        return np.sqrt(np.float64(-2.0) * np.log(u1)) * np.cos(_TWO_PI_FLOAT64 * u2)


def _host_states(n, seed, subsequence_start):
    host = np.empty((int(n), 2), dtype=np.uint64)
    ext.xoroshiro128p_init_states(host, int(seed) & _MASK, int(subsequence_start) & _MASK)
    return host


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0):
    """Fills `states` (a device or host uint64 (n, 2) array, or a host array of
    xoroshiro128p_dtype) so that generator i is 2**64 * (subsequence_start + i) steps into
    the sequence seeded by `seed`, as Numba's init_xoroshiro128p_states does. Computed on
    the host, as Numba does."""
    if isinstance(states, DeviceNDArray):
        if states.dtype != np.uint64 or states.ndim != 2 or states.shape[1] != 2:
            raise TypeError("xoroshiro128p states must be a uint64 array of shape (n, 2), not %s of shape %s"
                            % (states.dtype, states.shape))
        states.copy_to_device(_host_states(states.shape[0], seed, subsequence_start), stream=stream)
        return
    rows = _rows(states)
    if not rows.flags.writeable:
        raise ValueError("the states array is read-only")
    ext.xoroshiro128p_init_states(rows, int(seed) & _MASK, int(subsequence_start) & _MASK)


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """n generators' states, as Numba's create_xoroshiro128p_states makes them: a uint64
    (n, 2) device array."""
    return to_device(_host_states(n, seed, subsequence_start), stream=stream)
