// The AVX-512 quicksort (cpu/sort_avx512_quicksort.hpp) for 32-bit keys.
#include "cpu/sort_avx512.hpp"
#include "cpu/sort_avx512_quicksort.hpp"

namespace ujit::cpu {

#ifdef UJIT_HAVE_AVX512_SORT
bool avx512_sort(float* a, size_t n) { return avx512::sort_if_usable<avx512::F32>(a, n); }
bool avx512_sort(int32_t* a, size_t n) { return avx512::sort_if_usable<avx512::I32>(a, n); }
bool avx512_sort(uint32_t* a, size_t n) { return avx512::sort_if_usable<avx512::U32>(a, n); }
#else
bool avx512_sort(float*, size_t) { return false; }
bool avx512_sort(int32_t*, size_t) { return false; }
bool avx512_sort(uint32_t*, size_t) { return false; }
#endif

}  // namespace ujit::cpu
