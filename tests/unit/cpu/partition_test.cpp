// The runtime's partition (cpu/helper_partition.hpp) against a full sort: after the call each
// kth position holds the sorted row's item, nothing before it is greater and nothing after it
// smaller (NumPy's contract; NaNs last), for contiguous and strided rows, several kth, and
// argpartition's indices as a permutation that partitions the same way.
#include "cpu/helper_partition.hpp"

#include "ujit/ujit.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

bool nan_last_less(double a, double b) { return a < b || (std::isnan(b) && !std::isnan(a)); }

// Checks the contract for the row `got` (n items) at the sorted positions `at`.
void check_partitioned(const std::vector<double>& got, const std::vector<double>& original,
                       const std::vector<int64_t>& at) {
    std::vector<double> sorted = original;
    std::sort(sorted.begin(), sorted.end(), nan_last_less);
    std::vector<double> same = got;
    std::sort(same.begin(), same.end(), nan_last_less);
    for (size_t i = 0; i < sorted.size(); ++i)  // a permutation of the row
        CHECK((same[i] == sorted[i] || (std::isnan(same[i]) && std::isnan(sorted[i]))));
    for (int64_t p : at) {
        double pivot = got[p];
        CHECK((pivot == sorted[p] || (std::isnan(pivot) && std::isnan(sorted[p]))));
        for (int64_t i = 0; i < p; ++i) CHECK_FALSE(nan_last_less(pivot, got[i]));
        for (size_t i = p + 1; i < got.size(); ++i) CHECK_FALSE(nan_last_less(got[i], pivot));
    }
}

}  // namespace

TEST_CASE("partition: kth items in sorted place, the rest on their sides", "[cpu][partition]") {
    std::mt19937_64 rng(37);
    for (size_t n : {1u, 2u, 5u, 17u, 100u, 1000u}) {
        std::vector<double> row(n);
        for (double& v : row) v = static_cast<double>(rng() % 50) - 25.0;
        if (n > 3) row[n / 2] = std::numeric_limits<double>::quiet_NaN();
        for (std::vector<int64_t> kth : {std::vector<int64_t>{0},
                                         {static_cast<int64_t>(n) - 1},
                                         {-1},
                                         {static_cast<int64_t>(n / 2), 0, static_cast<int64_t>(n / 3)}}) {
            std::vector<double> got = row;
            int32_t status =
                ujit_rt_partition(got.data(), static_cast<int64_t>(n), 8, static_cast<int32_t>(ujit::DType::Float64),
                                  kth.data(), static_cast<int64_t>(kth.size()));
            REQUIRE(status == 0);
            std::vector<int64_t> at;
            for (int64_t k : kth) at.push_back(k < 0 ? k + static_cast<int64_t>(n) : k);
            check_partitioned(got, row, at);

            std::vector<int64_t> idx(n, -1);
            status =
                ujit_rt_argpartition(row.data(), static_cast<int64_t>(n), 8, static_cast<int32_t>(ujit::DType::Float64),
                                     kth.data(), static_cast<int64_t>(kth.size()), idx.data());
            REQUIRE(status == 0);
            std::vector<double> taken;
            for (int64_t i : idx) taken.push_back(row[static_cast<size_t>(i)]);
            check_partitioned(taken, row, at);
        }
    }
}

TEST_CASE("partition: strided rows and out-of-bounds kth", "[cpu][partition]") {
    // Every other item of 10, backwards: stride -16 from the last.
    std::vector<int32_t> data{9, 0, 3, 0, 7, 0, 1, 0, 5, 0};
    int64_t kth = 2;
    REQUIRE(ujit_rt_partition(&data[8], 5, -8, static_cast<int32_t>(ujit::DType::Int32), &kth, 1) == 0);
    CHECK(data[4] == 5);  // the row's third item (position 2 walking backwards) is the median
    for (int i = 1; i < 10; i += 2) CHECK(data[static_cast<size_t>(i)] == 0);  // untouched
    int64_t bad = 5;
    CHECK(ujit_rt_partition(data.data(), 5, 8, static_cast<int32_t>(ujit::DType::Int32), &bad, 1) == 1);
    bad = -6;
    CHECK(ujit_rt_partition(data.data(), 5, 8, static_cast<int32_t>(ujit::DType::Int32), &bad, 1) == 1);
}
