// The ujit programs of the end-to-end GPU tests (gpu_kernels_test.cpp, gpu_ufuncs_test.cpp)
// and the list of every kernel they launch with the argument types they launch it with.
// gpu_ptx_test.cpp compiles that list to PTX and assembles it with ptxas (no GPU needed),
// so a kernel that would not even load is caught in CI.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "support/source_dir.hpp"
#include "ujit/ujit.hpp"

namespace ujit::gputest {

// Kernels beyond the course: reductions, grids, atomics, device functions, local and
// dynamic shared arrays. Expected values are computed by the tests in plain C++.
inline const char* kKernelsSource = R"PY(
import numpy as np
import numba
from numba import cuda

BLOCK = 256


# Shared-memory tree reduction: one float32 partial sum per block.
@cuda.jit
def block_sum(x, partial):
    sm = cuda.shared.array(BLOCK, numba.float32)
    tid = cuda.threadIdx.x
    i = cuda.grid(1)
    if i < x.shape[0]:
        sm[tid] = x[i]
    else:
        sm[tid] = 0
    cuda.syncthreads()
    s = BLOCK // 2
    while s > 0:
        if tid < s:
            sm[tid] += sm[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        partial[cuda.blockIdx.x] = sm[0]


# Every special register, one row per thread (rows in linear block-major order).
@cuda.jit
def thread_ids(out):
    block = (cuda.blockIdx.z * cuda.gridDim.y + cuda.blockIdx.y) * cuda.gridDim.x + cuda.blockIdx.x
    t = (cuda.threadIdx.z * cuda.blockDim.y + cuda.threadIdx.y) * cuda.blockDim.x + cuda.threadIdx.x
    row = block * (cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z) + t
    out[row, 0] = cuda.threadIdx.x
    out[row, 1] = cuda.threadIdx.y
    out[row, 2] = cuda.threadIdx.z
    out[row, 3] = cuda.blockIdx.x
    out[row, 4] = cuda.blockIdx.y
    out[row, 5] = cuda.blockIdx.z
    out[row, 6] = cuda.blockDim.x
    out[row, 7] = cuda.blockDim.y
    out[row, 8] = cuda.blockDim.z
    out[row, 9] = cuda.gridDim.x
    out[row, 10] = cuda.gridDim.y
    out[row, 11] = cuda.gridDim.z


@cuda.jit
def grid2d(out, gs):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = i * 100000 + j
    if i == 0 and j == 0:
        w, h = cuda.gridsize(2)
        gs[0] = w
        gs[1] = h


@cuda.jit
def grid3d(out, gs):
    i, j, k = cuda.grid(3)
    if i < out.shape[0] and j < out.shape[1] and k < out.shape[2]:
        out[i, j, k] = (i * 1000 + j) * 1000 + k
    if i == 0 and j == 0 and k == 0:
        w, h, d = cuda.gridsize(3)
        gs[0] = w
        gs[1] = h
        gs[2] = d


@cuda.jit
def early_return(x, out):
    i = cuda.grid(1)
    if i >= x.shape[0]:
        return
    if x[i] < 0:
        out[i] = -1
        return
    out[i] = x[i] * 2


@cuda.jit(device=True)
def clamp(v, lo, hi):
    if v < lo:
        return lo
    if v > hi:
        return hi
    return v


@cuda.jit(device=True)
def floor_divmod(a, b):
    return a // b, a % b


@cuda.jit(device=True)
def sq(v):
    return v * v


@cuda.jit(device=True)
def norm2(a, b):
    return sq(a) + sq(b)


@cuda.jit
def device_functions(a, q, r, c, f):
    i = cuda.grid(1)
    if i < a.shape[0]:
        qq, rr = floor_divmod(a[i], 7)
        q[i] = qq
        r[i] = rr
        c[i] = clamp(a[i], -50, 50)
        f[i] = norm2(a[i] * 0.5, 3.0)


# Per-thread insertion sort of one row of 8 in a local array.
@cuda.jit
def local_sort(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        buf = cuda.local.array(8, numba.int32)
        for k in range(8):
            buf[k] = x[i, k]
        for k in range(1, 8):
            v = buf[k]
            j = k - 1
            while j >= 0 and buf[j] > v:
                buf[j + 1] = buf[j]
                j -= 1
            buf[j + 1] = v
        for k in range(8):
            out[i, k] = buf[k]


# Horner's rule on 1 + 2x + 3x^2 + 4x^3 with the coefficients in a local array.
@cuda.jit
def local_horner(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        coef = cuda.local.array((2, 2), numba.float64)
        for k in range(4):
            coef[k // 2, k % 2] = k + 1.0
        acc = 0.0
        for k in range(3, -1, -1):
            acc = acc * x[i] + coef[k // 2, k % 2]
        out[i] = acc


# A 3-D float64 shared array whose rows are 128 bytes (ujit pads them against bank
# conflicts): each block of (16, 4, 4) threads stores its 256 elements and reads them back
# mirrored along every axis.
@cuda.jit
def shared_3d(x, out):
    tile = cuda.shared.array((4, 4, 16), numba.float64)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tz = cuda.threadIdx.z
    base = cuda.blockIdx.x * 256
    tile[tz, ty, tx] = x[base + (tz * 4 + ty) * 16 + tx]
    cuda.syncthreads()
    out[base + (tz * 4 + ty) * 16 + tx] = tile[3 - tz, 3 - ty, 15 - tx]


# Each block reverses its slice of x through dynamic shared memory (one element a thread).
@cuda.jit
def dyn_shared_reverse(x, out):
    sm = cuda.shared.array(0, numba.float32)
    t = cuda.threadIdx.x
    n = cuda.blockDim.x
    i = cuda.blockIdx.x * n + t
    sm[t] = x[i]
    cuda.syncthreads()
    out[i] = sm[n - 1 - t]


# One block reverses all of x through dynamic shared memory of x's size (may need opt-in).
@cuda.jit
def dyn_shared_big(x, out):
    sm = cuda.shared.array(0, numba.float32)
    n = x.shape[0]
    for j in range(cuda.threadIdx.x, n, cuda.blockDim.x):
        sm[j] = x[j]
    cuda.syncthreads()
    for j in range(cuda.threadIdx.x, n, cuda.blockDim.x):
        out[j] = sm[n - 1 - j]


# Disjoint slices of dynamic shared memory stay disjoint: its length is the launch's
# shared memory over the itemsize (Numba's issue 5073).
@cuda.jit
def dyn_shared_slices(out):
    sm = cuda.shared.array(0, numba.int32)
    a = sm[0:1]
    b = sm[1:2]
    a[0] = 1
    b[0] = 2
    out[0] = sm[0]
    out[1] = sm[1]
    out[2] = len(sm)


# Typed per launch: float32, float64, int32 arrays give three specializations.
@cuda.jit
def scale(x, out, k):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] * k


# Any layout (C, F, strided): the kernel sees the strides.
@cuda.jit
def copy2d(a, out):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = a[i, j] + 1


@cuda.jit('void(float32[:], float32[:])')
def declared_double(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] * 2


@cuda.jit
def atomic_add_old(counter, olds, val):
    i = cuda.grid(1)
    if i < olds.shape[0]:
        olds[i] = cuda.atomic.add(counter, 0, val)


@cuda.jit
def atomic_sub_old(counter, olds, val):
    i = cuda.grid(1)
    if i < olds.shape[0]:
        olds[i] = cuda.atomic.sub(counter, 0, val)


@cuda.jit
def atomic_minmax(x, res):
    i = cuda.grid(1)
    if i < x.shape[0]:
        cuda.atomic.max(res, 0, x[i])
        cuda.atomic.min(res, 1, x[i])


# NaN is a missing value for nanmax/nanmin, in the inputs and in the array.
@cuda.jit
def atomic_nanminmax(x, res):
    i = cuda.grid(1)
    if i < x.shape[0]:
        cuda.atomic.nanmax(res, 0, x[i])
        cuda.atomic.nanmin(res, 1, x[i])


@cuda.jit
def atomic_exch(a, olds):
    i = cuda.grid(1)
    if i < olds.shape[0]:
        olds[i] = cuda.atomic.exch(a, 0, i + 1)


@cuda.jit
def atomic_cas(a, olds):
    i = cuda.grid(1)
    if i < olds.shape[0]:
        olds[i] = cuda.atomic.cas(a, 0, 0, i + 1)


@cuda.jit
def atomic_bits(v, res):
    i = cuda.grid(1)
    if i < v.shape[0]:
        cuda.atomic.and_(res, 0, v[i])
        cuda.atomic.or_(res, 1, v[i])
        cuda.atomic.xor(res, 2, v[i])


@cuda.jit
def atomic_incdec(res, olds_inc, olds_dec, limit):
    i = cuda.grid(1)
    if i < olds_inc.shape[0]:
        olds_inc[i] = cuda.atomic.inc(res, 0, limit)
        olds_dec[i] = cuda.atomic.dec(res, 1, limit)


# Atomics on a 2-D array with a tuple index, 16 counters under contention.
@cuda.jit
def atomic_2d(counts, n):
    i = cuda.grid(1)
    if i < n:
        cuda.atomic.add(counts, (i % 4, (i // 4) % 4), 1)
)PY";

inline const char* kUfuncsSource = R"PY(
from numba import vectorize


@vectorize(['int64(int64, int64)', 'float64(float64, float64)'], target='cuda')
def axpb(a, b):
    return a * 2 + b
)PY";

inline Module& kernels_module() {
    static Module m = Module::from_string(kKernelsSource, "gpu_kernels.py");
    return m;
}

inline Module& ufuncs_module() {
    static Module m = Module::from_string(kUfuncsSource, "gpu_ufuncs.py");
    return m;
}

// A course example (lang/examples/NAME.py).
inline Module& example(const std::string& name) {
    static std::map<std::string, Module> cache;
    auto it = cache.find(name);
    if (it == cache.end())
        it = cache.emplace(name, Module::from_file(ujit::test::source_dir() + "/lang/examples/" + name + ".py")).first;
    return it->second;
}

// Every kernel the GPU tests launch, with the signature that the launch's arguments give
// it (empty: the ufunc's declared signatures).
struct PtxCase {
    std::string module;  // "kernels", "ufuncs", or a course example's name
    std::string function;
    std::string signature;
};

inline Module& module_named(const std::string& name) {
    if (name == "kernels") return kernels_module();
    if (name == "ufuncs") return ufuncs_module();
    return example(name);
}

inline std::vector<PtxCase> ptx_cases() {
    std::vector<PtxCase> v = {
        {"add_kernel", "add_kernel", "void(float32[::1], float32[::1], float32[::1])"},
        {"add_kernel", "add_kernel", "void(float32[:], float32[::1], float32[::1])"},
        {"thread_counter", "thread_counter_race_condition", "void(int32[::1])"},
        {"thread_counter", "thread_counter_safe", "void(int32[::1])"},
        {"histogram", "cuda_histogram", "void(float32[::1], float64, float64, int32[::1])"},
        {"tile_transpose", "tile_transpose", "void(float32[:, ::1], float32[:, ::1])"},
        {"tile_transpose_padded", "tile_transpose_padded", "void(float32[:, ::1], float32[:, ::1])"},
        {"add_ufunc", "add_ufunc", ""},
        {"make_pulses", "make_pulses", ""},
        {"polar_distance_cuda", "polar_distance", ""},
        {"ufuncs", "axpb", ""},
        {"kernels", "block_sum", "void(float32[::1], float32[::1])"},
        {"kernels", "thread_ids", "void(int32[:, ::1])"},
        {"kernels", "grid2d", "void(int64[:, ::1], int64[::1])"},
        {"kernels", "grid3d", "void(int64[:, :, ::1], int64[::1])"},
        {"kernels", "early_return", "void(int64[::1], int64[::1])"},
        {"kernels", "device_functions", "void(int64[::1], int64[::1], int64[::1], int64[::1], float64[::1])"},
        {"kernels", "local_sort", "void(int32[:, ::1], int32[:, ::1])"},
        {"kernels", "local_horner", "void(float64[::1], float64[::1])"},
        {"kernels", "shared_3d", "void(float64[::1], float64[::1])"},
        {"kernels", "dyn_shared_reverse", "void(float32[::1], float32[::1])"},
        {"kernels", "dyn_shared_big", "void(float32[::1], float32[::1])"},
        {"kernels", "dyn_shared_slices", "void(int64[::1])"},
        {"kernels", "scale", "void(float32[::1], float32[::1], float32)"},
        {"kernels", "scale", "void(float64[::1], float64[::1], float64)"},
        {"kernels", "scale", "void(int32[::1], int32[::1], int64)"},
        {"kernels", "copy2d", "void(float64[:, ::1], float64[:, ::1])"},
        {"kernels", "copy2d", "void(float64[::1, :], float64[:, ::1])"},
        {"kernels", "copy2d", "void(float64[:, :], float64[:, ::1])"},
        {"kernels", "declared_double", "void(float32[:], float32[:])"},
        {"kernels", "atomic_2d", "void(int32[:, ::1], int64)"},
    };
    for (const char* t : {"int32", "int64", "uint32", "uint64", "float32", "float64"}) {
        std::string T = t;
        v.push_back({"kernels", "atomic_add_old", "void(" + T + "[::1], " + T + "[::1], " + T + ")"});
        v.push_back({"kernels", "atomic_sub_old", "void(" + T + "[::1], " + T + "[::1], " + T + ")"});
        v.push_back({"kernels", "atomic_minmax", "void(" + T + "[::1], " + T + "[::1])"});
        v.push_back({"kernels", "atomic_exch", "void(" + T + "[::1], " + T + "[::1])"});
    }
    for (const char* t : {"float32", "float64"}) {
        std::string T = t;
        v.push_back({"kernels", "atomic_nanminmax", "void(" + T + "[::1], " + T + "[::1])"});
    }
    for (const char* t : {"int32", "int64", "uint32", "uint64"}) {
        std::string T = t;
        v.push_back({"kernels", "atomic_cas", "void(" + T + "[::1], " + T + "[::1])"});
        v.push_back({"kernels", "atomic_bits", "void(" + T + "[::1], " + T + "[::1])"});
        v.push_back({"kernels", "atomic_incdec", "void(" + T + "[::1], " + T + "[::1], " + T + "[::1], " + T + ")"});
    }
    return v;
}

}  // namespace ujit::gputest
