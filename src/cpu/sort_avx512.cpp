// Whether the AVX-512 quicksort may run: the CPU's check, once, and the switch that turns it
// off (tests run the fallback sorts through it on CPUs that have AVX-512).
#include "cpu/sort_avx512.hpp"

#include <cstdlib>
#include <cstring>

namespace ujit::cpu {

bool avx512_sort_usable() {
    static const bool usable = [] {
        const char* off = std::getenv("UJIT_DISABLE_AVX512_SORT");
        if (off && *off && std::strcmp(off, "0") != 0) return false;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("popcnt");
#else
        return false;
#endif
    }();
    return usable;
}

}  // namespace ujit::cpu
