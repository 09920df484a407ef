#include "runtime/cast.hpp"

#include <array>
#include <cstring>

#include "runtime/convert.hpp"
#include "runtime/dtype.hpp"

namespace ujit::runtime {
namespace {

template <class From, class To> void cast_elements(char** p, int64_t n, const int64_t* s) {
    const char* src = p[0];
    char* dst = p[1];
    for (int64_t i = 0; i < n; ++i, src += s[0], dst += s[1]) {
        From x;
        if constexpr (std::is_same_v<From, bool>) {
            uint8_t byte;  // any non-zero byte is True
            std::memcpy(&byte, src, 1);
            x = byte != 0;
        } else {
            std::memcpy(&x, src, sizeof x);
        }
        To y = convert<To>(x);
        std::memcpy(dst, &y, sizeof y);
    }
}

using Table = std::array<std::array<LoopFn, kNumDTypes>, kNumDTypes>;

Table make_table() {
    Table t{};
    for (int f = 0; f < kNumDTypes; ++f)
        for (int g = 0; g < kNumDTypes; ++g)
            t[f][g] = visit_dtype(DType(f), [&](auto from) {
                return visit_dtype(DType(g), [&](auto to) -> LoopFn {
                    return &cast_elements<typename decltype(from)::type, typename decltype(to)::type>;
                });
            });
    return t;
}

}  // namespace

LoopFn cast_loop(DType from, DType to) {
    static const Table table = make_table();
    return table[static_cast<int>(storage_dtype(from))][static_cast<int>(storage_dtype(to))];
}

void copy_cast(const ArrayRef& src, const ArrayRef& dst, bool parallel) {
    LoopFn loop = cast_loop(src.dtype, dst.dtype);
    if (parallel)
        execute_ufunc_parallel(loop, {src}, dst);
    else
        execute_ufunc(loop, {src}, dst);
}

Array astype(const ArrayRef& a, DType to, bool parallel) {
    Array out(to, a.shape);
    copy_cast(a, out.ref(), parallel);
    return out;
}

}  // namespace ujit::runtime
