// The AVX-512 quicksort (cpu/sort_avx512.hpp) against std::sort: every length to 1000 (each
// network size and partition tail), data shapes that stress pivots, the padding values
// (the type's extremes), and rows long enough for many partition levels.
#include "cpu/sort_avx512.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

using ujit::cpu::avx512_sort;
using ujit::cpu::avx512_sort_usable;

namespace {

template <class T> std::vector<T> row(size_t n, int shape, std::mt19937_64& rng) {
    std::vector<T> v(n);
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = rng();
        if constexpr (std::is_floating_point_v<T>)
            v[i] = static_cast<T>((static_cast<double>(r >> 11) - 4e15) * 1e-3);
        else
            v[i] = static_cast<T>(r);
        if (shape == 1) v[i] = static_cast<T>(r % 7);  // many ties
    }
    if (n > 2 && shape == 2) {  // the extremes, which the networks pad with
        v[rng() % n] = std::numeric_limits<T>::lowest();
        v[rng() % n] = std::numeric_limits<T>::max();
        if constexpr (std::is_floating_point_v<T>) {
            v[rng() % n] = std::numeric_limits<T>::infinity();
            v[rng() % n] = -std::numeric_limits<T>::infinity();
            v[rng() % n] = T(-0.0);
            v[rng() % n] = T(0.0);
        }
    }
    if (shape == 3) std::sort(v.begin(), v.end());
    if (shape == 4) std::sort(v.begin(), v.end(), [](T a, T b) { return b < a; });
    if (shape == 5) std::fill(v.begin(), v.end(), n ? v[0] : T(0));
    return v;
}

// Each length gets the extremes (shape 2) and one other shape in turn: Debug+ASan builds run
// this too, and six shapes of every length took them seconds.
template <class T> void check_rows(size_t from, size_t to, size_t step) {
    std::mt19937_64 rng(42);
    for (size_t n = from; n <= to; n += step)
        for (int shape : {2, static_cast<int>(n % 6)}) {
            std::vector<T> v = row<T>(n, shape, rng), expected = v;
            std::sort(expected.begin(), expected.end());
            REQUIRE(avx512_sort(v.data(), v.size()));
            INFO("n = " << n << ", shape " << shape);
            REQUIRE(v == expected);  // == takes -0.0 and 0.0 as equal, as NumPy's order does
        }
}

}  // namespace

TEMPLATE_TEST_CASE("sort_avx512: every length to 1000 and long rows sort as std::sort", "[cpu][sort]", double, float,
                   int64_t, uint64_t, int32_t, uint32_t) {
    if (!avx512_sort_usable()) {
        std::vector<TestType> v{3, 1, 2};
        CHECK_FALSE(avx512_sort(v.data(), v.size()));
        CHECK(v == std::vector<TestType>{3, 1, 2});  // untouched: the caller sorts otherwise
        WARN("this CPU lacks AVX-512 (or UJIT_DISABLE_AVX512_SORT is set): the vector sort is not tested");
        return;
    }
    check_rows<TestType>(0, 1000, 1);
    check_rows<TestType>(4096 * 6, 4096 * 6 + 5, 1);  // every shape, many partition levels
}

namespace {

template <class T> void check_argsorts(size_t from, size_t to, size_t step) {
    std::mt19937_64 rng(7);
    for (size_t n = from; n <= to; n += step)
        for (int shape : {2, static_cast<int>(n % 6)}) {
            const std::vector<T> keys = row<T>(n, shape, rng);
            std::vector<int64_t> expected(n);
            for (size_t i = 0; i < n; ++i) expected[i] = static_cast<int64_t>(i);
            std::stable_sort(expected.begin(), expected.end(), [&](int64_t a, int64_t b) { return keys[a] < keys[b]; });
            // The pairs come in reversed: they go out by key, then by index, whatever came in.
            std::vector<T> k(keys.rbegin(), keys.rend());
            std::vector<int64_t> index(n);
            for (size_t i = 0; i < n; ++i) index[i] = static_cast<int64_t>(n - 1 - i);
            REQUIRE(ujit::cpu::avx512_argsort(k.data(), index.data(), n));
            INFO("n = " << n << ", shape " << shape);
            REQUIRE(index == expected);
            bool keys_follow = true;  // the keys moved with their indices
            for (size_t i = 0; i < n; ++i) keys_follow &= k[i] == keys[index[i]];
            REQUIRE(keys_follow);
        }
}

}  // namespace

TEMPLATE_TEST_CASE("sort_avx512: argsort of 64-bit keys is the stable order at every length", "[cpu][sort]", double,
                   int64_t, uint64_t) {
    if (!avx512_sort_usable()) {
        std::vector<TestType> k{3, 1, 2};
        std::vector<int64_t> index{0, 1, 2};
        CHECK_FALSE(ujit::cpu::avx512_argsort(k.data(), index.data(), 3));
        WARN("this CPU lacks AVX-512 (or UJIT_DISABLE_AVX512_SORT is set): the vector argsort is not tested");
        return;
    }
    check_argsorts<TestType>(0, 1000, 1);
    check_argsorts<TestType>(4096 * 6, 4096 * 6 + 5, 1);
}
