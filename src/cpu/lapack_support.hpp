// What the LAPACK helpers (helper_lapack.cpp: solve, inv, det; helper_lapack_decomp.cpp: the
// factorizations) share: the library, found once (the OpenBLAS that cpu/blas_loader.hpp opens
// for BLAS, with its plain, scipy_-prefixed or ILP64 `64_` spellings, else liblapack.so.3),
// its routines by name, and the copies between ujit's strided arrays and LAPACK's
// column-major matrices.
#pragma once

#include "cpu/helper_lapack.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace ujit::cpu {

// Whether LAPACK was found, and whether its integers are 64-bit (ILP64).
struct LapackLibrary {
    bool available = false;
    bool wide = false;
};
const LapackLibrary& lapack_library();

// The routine `name` ("getrf") for the element kind `kind` (UjitLinalgKind: s, d, c, z), in the
// library's spelling; null where it lacks it. Looked up once per name.
void* lapack_routine(int32_t kind, const char* name);

template <class T> bool finite(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return std::isfinite(v);
    else
        return std::isfinite(v.real()) && std::isfinite(v.imag());
}

// a (strided) into a column-major copy; false if an element is not finite.
template <class T>
bool column_major(const char* a, int64_t rows, int64_t cols, int64_t s0, int64_t s1, std::vector<T>& out) {
    out.resize(static_cast<size_t>(rows * cols));
    bool ok = true;
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
            T v;
            std::memcpy(&v, a + i * s0 + j * s1, sizeof v);
            ok = ok && finite(v);
            out[static_cast<size_t>(j * rows + i)] = v;
        }
    return ok;
}

// The first `rows` x `cols` of a column-major matrix with leading dimension ld, in C order.
template <class T>
void store_row_major(const std::vector<T>& col, int64_t rows, int64_t cols, void* out, int64_t ld = -1) {
    if (ld < 0) ld = rows;
    T* o = static_cast<T*>(out);
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) o[i * cols + j] = col[static_cast<size_t>(j * ld + i)];
}

// Runs f(Int{}, T{}) with LAPACK's integer and the element type of `kind`; rows x cols is the
// largest matrix the call hands LAPACK (32-bit LAPACK cannot index past INT_MAX elements).
template <class F> int32_t lapack_dispatch(int32_t kind, int64_t rows, int64_t cols, F&& f) {
    const LapackLibrary& l = lapack_library();
    if (!l.available) return UJIT_LINALG_NO_LAPACK;
    if (!l.wide && (rows > INT_MAX || cols > INT_MAX || rows * std::max<int64_t>(cols, 1) > INT_MAX))
        return UJIT_LINALG_TOO_LARGE;
    auto with = [&](auto i) -> int32_t {
        switch (kind) {
        case UJIT_LINALG_F32: return f(i, float{});
        case UJIT_LINALG_F64: return f(i, double{});
        case UJIT_LINALG_C64: return f(i, std::complex<float>{});
        default: return f(i, std::complex<double>{});
        }
    };
    return l.wide ? with(int64_t{}) : with(int{});
}

}  // namespace ujit::cpu
