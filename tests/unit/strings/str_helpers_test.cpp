// The string helpers of src/strings/str_abi.h over random text (empty strings with null data
// included, as a zero-valued str has): searches agree with std::search, every new string is
// released, and under the ASan/UBSan build nothing reads out of bounds.
#include <catch2/catch.hpp>

#include "strings/str_abi.h"

#include <algorithm>
#include <random>
#include <vector>

namespace {

struct Text {
    std::vector<uint32_t> cps;
    ujit_str view() const { return {cps.empty() ? nullptr : cps.data(), static_cast<int64_t>(cps.size()), nullptr}; }
};

int64_t reference_find(const Text& a, const Text& sub, int64_t start, int64_t end, bool last) {
    end = std::min<int64_t>(end, static_cast<int64_t>(a.cps.size()));
    if (end - start < static_cast<int64_t>(sub.cps.size())) return -1;
    auto first = a.cps.begin() + start, stop = a.cps.begin() + end;
    auto it = last ? std::find_end(first, stop, sub.cps.begin(), sub.cps.end())
                   : std::search(first, stop, sub.cps.begin(), sub.cps.end());
    if (it == stop && !sub.cps.empty()) return -1;
    if (sub.cps.empty()) return last ? end : start;
    return it - a.cps.begin();
}

}  // namespace

TEST_CASE("string helpers: random text, searches as std::search, nothing left", "[strings]") {
    std::mt19937_64 rng(19);
    const uint32_t alphabet[] = {'a', 'b', ' ', 'A', 0xE9, 0x3A3, 0xDF, 0x130, 0x1F600, '0', 0x661, '\t', 0x1C5};
    auto text = [&](size_t most) {
        Text t;
        t.cps.resize(rng() % (most + 1));
        for (auto& c : t.cps) c = alphabet[rng() % std::size(alphabet)];
        return t;
    };
    ujit_nrt_stats before = ujit_nrt_get_stats();
    for (int it = 0; it < 20000; ++it) {
        Text at = text(12), bt = text(3), ct = text(3);
        ujit_str a = at.view(), b = bt.view(), c = ct.view(), out;
        int64_t n = a.length, start = static_cast<int64_t>(rng() % (n + 2)),
                end = static_cast<int64_t>(rng() % (n + 3));
        bool last = rng() % 2;
        INFO("iteration " << it);
        CHECK(ujit_str_find(&a, &b, start, end, last) == reference_find(at, bt, start, end, last));
        auto drop = [&] { ujit_nrt_decref(out.owner); };
        ujit_str_concat(&a, &b, &out);
        CHECK(out.length == a.length + b.length);
        drop();
        ujit_str_repeat(&b, static_cast<int64_t>(rng() % 4), &out), drop();
        ujit_str_case(&a, static_cast<int>(rng() % 6), &out), drop();
        ujit_str_strip(&a, rng() % 2 ? &b : nullptr, 1 + static_cast<int>(rng() % 3), &out), drop();
        ujit_str_replace(&a, &b, &c, static_cast<int64_t>(rng() % 4) - 1, &out), drop();
        ujit_str_pad(&a, static_cast<int64_t>(rng() % 20), 'x', static_cast<int>(rng() % 4), &out), drop();
        (void)ujit_str_compare(&a, &b), (void)ujit_str_equal(&a, &b), (void)ujit_str_count(&a, &b, start, end);
        (void)ujit_str_affix(&a, &b, start, end, last), (void)ujit_str_is(&a, static_cast<int>(rng() % 12));
        (void)ujit_str_hash(&a);
        if (n) {
            ujit_str_slice(&a, n - 1, -1, n, &out);
            CHECK((out.length == n && out.data[0] == a.data[n - 1]));
            drop();
        }
    }
    ujit_nrt_stats after = ujit_nrt_get_stats();
    CHECK(after.alloc - before.alloc == after.free - before.free);
}
