// The AVX-512 argsort of 64-bit keys (cpu/sort_avx512_pairs.hpp).
#include "cpu/sort_avx512.hpp"
#include "cpu/sort_avx512_pairs.hpp"

namespace ujit::cpu {

#ifdef UJIT_HAVE_AVX512_SORT
namespace {
template <class K> bool sort_pairs_if_usable(typename K::T* key, int64_t* index, size_t n) {
    if (!avx512_sort_usable()) return false;
    avx512::sort_pairs<K>(key, index, n);
    return true;
}
}  // namespace

bool avx512_argsort(double* key, int64_t* index, size_t n) { return sort_pairs_if_usable<avx512::F64>(key, index, n); }
bool avx512_argsort(int64_t* key, int64_t* index, size_t n) { return sort_pairs_if_usable<avx512::I64>(key, index, n); }
bool avx512_argsort(uint64_t* key, int64_t* index, size_t n) {
    return sort_pairs_if_usable<avx512::U64>(key, index, n);
}
#else
bool avx512_argsort(double*, int64_t*, size_t) { return false; }
bool avx512_argsort(int64_t*, int64_t*, size_t) { return false; }
bool avx512_argsort(uint64_t*, int64_t*, size_t) { return false; }
#endif

}  // namespace ujit::cpu
