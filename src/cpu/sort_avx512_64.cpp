// The AVX-512 quicksort (cpu/sort_avx512_quicksort.hpp) for 64-bit keys.
#include "cpu/sort_avx512.hpp"
#include "cpu/sort_avx512_quicksort.hpp"

namespace ujit::cpu {

#ifdef UJIT_HAVE_AVX512_SORT
bool avx512_sort(double* a, size_t n) { return avx512::sort_if_usable<avx512::F64>(a, n); }
bool avx512_sort(int64_t* a, size_t n) { return avx512::sort_if_usable<avx512::I64>(a, n); }
bool avx512_sort(uint64_t* a, size_t n) { return avx512::sort_if_usable<avx512::U64>(a, n); }
#else
bool avx512_sort(double*, size_t) { return false; }
bool avx512_sort(int64_t*, size_t) { return false; }
bool avx512_sort(uint64_t*, size_t) { return false; }
#endif

}  // namespace ujit::cpu
