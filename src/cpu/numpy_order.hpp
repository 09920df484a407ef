// NumPy's sort order as a less-than (numpy/_core/src/npysort/npysort_common.h): NaNs last;
// complex numbers lexicographically, a NaN part ordered last. Shared by the CPU runtime's
// sorting (helper_sort.cpp) and partitioning (helper_partition.cpp).
#pragma once

#include "runtime/convert.hpp"

#include <complex>

namespace ujit::cpu {

template <class T> bool nan_last_less(T a, T b) {
    if constexpr (runtime::is_float_v<T>)
        return a < b || (b != b && a == a);
    else
        return a < b;
}

template <class F> bool nan_last_less(std::complex<F> a, std::complex<F> b) {
    F ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    if (ar < br) return ai == ai || bi != bi;
    if (ar > br) return bi != bi && ai == ai;
    if (ar == br || (ar != ar && br != br)) return ai < bi || (bi != bi && ai == ai);
    return br != br;
}

}  // namespace ujit::cpu
