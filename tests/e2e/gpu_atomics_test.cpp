// cuda.atomic.* end to end on a real GPU ([gpu]), every thread on the same element
// (contention), for each element type ujit types them for. The checks don't depend on the
// order the hardware picks: the multiset of old values an operation returns is fixed (add:
// 0..n-1; inc: the wrap-around sequence) or constrained (cas: one winner).
#include <algorithm>
#include <cmath>
#include <limits>

#include "gpu_check.hpp"
#include "gpu_sources.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;

namespace {

Function kernel(const char* name) { return kernels_module().function(name); }

template <class T> DeviceArray device_of(std::vector<T> v) {
    Array a(dtype_of<T>(), {int64_t(v.size())});
    std::copy(v.begin(), v.end(), a.data<T>());
    return to_device(a.ref());
}

template <class T> std::vector<T> sorted(std::vector<T> v) {
    std::sort(v.begin(), v.end());
    return v;
}

template <class T> std::vector<T> iota_from(T first, int64_t n) {
    std::vector<T> v(n);
    for (int64_t i = 0; i < n; ++i) v[i] = T(first + T(i));
    return v;
}

template <class T> const char* type_label() { return dtype_name(dtype_of<T>()); }

// add and sub under full contention: each old value is seen by exactly one thread.
template <class T> void check_add_sub() {
    INFO(type_label<T>());
    const int64_t n = 1 << 16;  // exact in float32 too
    DeviceArray counter = device_of<T>({T(0)});
    DeviceArray olds = device_array({n}, dtype_of<T>());
    launch(kernel("atomic_add_old"), Dim3(blocks_for(n, 256)), Dim3(256), {counter, olds, scalar<T>(T(1))});
    CHECK(from_device<T>(counter)[0] == T(n));
    CHECK(mismatch(sorted(from_device<T>(olds)), iota_from<T>(T(0), n)) == "");

    DeviceArray down = device_of<T>({T(n)});
    launch(kernel("atomic_sub_old"), Dim3(blocks_for(n, 256)), Dim3(256), {down, olds, scalar<T>(T(1))});
    CHECK(from_device<T>(down)[0] == T(0));
    CHECK(mismatch(sorted(from_device<T>(olds)), iota_from<T>(T(1), n)) == "");
}

template <class T> std::vector<T> minmax_inputs(int64_t n) {
    Rng rng(sizeof(T) * 31 + std::is_signed_v<T>);
    std::vector<T> v(n);
    for (auto& x : v) {
        if constexpr (std::is_floating_point_v<T>)
            x = T(rng.uniform(-1e3, 1e3));
        else if constexpr (std::is_signed_v<T>)
            x = T(rng.integer(-1000000, 1000000));
        else
            x = T(rng.next());  // the full range: unsigned compares matter above 2^31 / 2^63
    }
    return v;
}

template <class T> void check_minmax() {
    INFO(type_label<T>());
    const int64_t n = 100000;
    std::vector<T> x = minmax_inputs<T>(n);
    T lo, hi;
    if constexpr (std::is_floating_point_v<T>) {
        lo = -std::numeric_limits<T>::infinity();
        hi = std::numeric_limits<T>::infinity();
    } else {
        lo = std::numeric_limits<T>::lowest();
        hi = std::numeric_limits<T>::max();
    }
    DeviceArray res = device_of<T>({lo, hi});
    launch(kernel("atomic_minmax"), Dim3(blocks_for(n, 256)), Dim3(256), {device_of<T>(x), res});
    std::vector<T> got = from_device<T>(res);
    CHECK(got[0] == *std::max_element(x.begin(), x.end()));
    CHECK(got[1] == *std::min_element(x.begin(), x.end()));
}

template <class T> void check_nanminmax() {
    INFO(type_label<T>());
    const int64_t n = 100000;
    std::vector<T> x = minmax_inputs<T>(n);
    for (int64_t i = 0; i < n; i += 7) x[i] = std::numeric_limits<T>::quiet_NaN();
    T lo = std::numeric_limits<T>::infinity(), hi = -lo;
    for (T v : x)
        if (!std::isnan(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    // The array starts as NaN: the first number replaces it.
    DeviceArray res = device_of<T>({std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::quiet_NaN()});
    launch(kernel("atomic_nanminmax"), Dim3(blocks_for(n, 256)), Dim3(256), {device_of<T>(x), res});
    std::vector<T> got = from_device<T>(res);
    CHECK(got[0] == hi);
    CHECK(got[1] == lo);
}

template <class T> void check_exch() {
    INFO(type_label<T>());
    const int64_t n = 1 << 16;
    DeviceArray a = device_of<T>({T(0)});
    DeviceArray olds = device_array({n}, dtype_of<T>());
    launch(kernel("atomic_exch"), Dim3(blocks_for(n, 256)), Dim3(256), {a, olds});
    // The exchanges form one chain: the olds and the final value are 0, 1, ..., n.
    std::vector<T> all = from_device<T>(olds);
    all.push_back(from_device<T>(a)[0]);
    CHECK(mismatch(sorted(all), iota_from<T>(T(0), n + 1)) == "");
}

template <class T> void check_cas() {
    INFO(type_label<T>());
    const int64_t n = 1 << 16;
    DeviceArray a = device_of<T>({T(0)});
    DeviceArray olds = device_array({n}, dtype_of<T>());
    launch(kernel("atomic_cas"), Dim3(blocks_for(n, 256)), Dim3(256), {a, olds});
    // One thread swaps 0 for its i + 1; every other one finds the winner's value.
    T final_value = from_device<T>(a)[0];
    REQUIRE(final_value >= T(1));
    REQUIRE(final_value <= T(n));
    std::vector<T> got = from_device<T>(olds);
    int64_t winner = int64_t(final_value) - 1;
    CHECK(got[winner] == T(0));
    int64_t zeros = std::count(got.begin(), got.end(), T(0));
    int64_t losers = std::count(got.begin(), got.end(), final_value);
    CHECK(zeros == 1);
    CHECK(losers == n - 1);
}

template <class T> void check_bits() {
    INFO(type_label<T>());
    const int64_t n = 10000;
    Rng rng(99 + sizeof(T));
    std::vector<T> v(n);
    // Bit 0 always set and bit 1 set with high probability, so AND keeps bit 0 only.
    for (auto& x : v) x = T(rng.next() | 1);
    T all = T(~T(0)), any = T(0), parity = T(0);
    for (T x : v) {
        all = T(all & x);
        any = T(any | x);
        parity = T(parity ^ x);
    }
    DeviceArray res = device_of<T>({T(~T(0)), T(0), T(0)});
    launch(kernel("atomic_bits"), Dim3(blocks_for(n, 128)), Dim3(128), {device_of<T>(v), res});
    std::vector<T> got = from_device<T>(res);
    CHECK(got[0] == all);
    CHECK(got[1] == any);
    CHECK(got[2] == parity);
}

// inc: old >= limit ? 0 : old + 1; dec: old == 0 or old > limit ? limit : old - 1. Every
// thread applies the same function, so the olds are the first n values of its orbit.
template <class T> void check_inc_dec() {
    INFO(type_label<T>());
    const int64_t n = 1234;
    const T limit = T(99);
    std::vector<T> inc(n), dec(n);
    T vi = T(0), vd = T(0);
    for (int64_t i = 0; i < n; ++i) {
        inc[i] = vi;
        vi = vi >= limit ? T(0) : T(vi + 1);
        dec[i] = vd;
        vd = (vd == T(0) || vd > limit) ? limit : T(vd - 1);
    }
    CHECK(vi == T(n % 100));         // 34
    CHECK(vd == T((100 - n % 100) % 100));  // 66
    DeviceArray res = device_of<T>({T(0), T(0)});
    DeviceArray olds_inc = device_array({n}, dtype_of<T>()), olds_dec = device_array({n}, dtype_of<T>());
    launch(kernel("atomic_incdec"), Dim3(blocks_for(n, 64)), Dim3(64), {res, olds_inc, olds_dec, scalar<T>(limit)});
    std::vector<T> got = from_device<T>(res);
    CHECK(got[0] == vi);
    CHECK(got[1] == vd);
    CHECK(mismatch(sorted(from_device<T>(olds_inc)), sorted(inc)) == "");
    CHECK(mismatch(sorted(from_device<T>(olds_dec)), sorted(dec)) == "");

    // Values above the limit: inc wraps to 0, dec resets to the limit.
    DeviceArray high = device_of<T>({T(500), T(500)});
    DeviceArray one_inc = device_array({1}, dtype_of<T>()), one_dec = device_array({1}, dtype_of<T>());
    launch(kernel("atomic_incdec"), Dim3(1), Dim3(1), {high, one_inc, one_dec, scalar<T>(limit)});
    CHECK(from_device<T>(high) == std::vector<T>{T(0), limit});
    CHECK(from_device<T>(one_inc)[0] == T(500));
    CHECK(from_device<T>(one_dec)[0] == T(500));
}

}  // namespace

TEST_CASE("gpu: atomic.add and atomic.sub return each old value once under contention", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    check_add_sub<int32_t>();
    check_add_sub<int64_t>();
    check_add_sub<uint32_t>();
    check_add_sub<uint64_t>();
    check_add_sub<float>();
    check_add_sub<double>();
}

TEST_CASE("gpu: atomic.add of fractions in float32 and float64 sums exactly representable values", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    // 0.5 * n is exact, whatever the order of the additions.
    const int64_t n = 100000;
    DeviceArray c32 = device_of<float>({0.0f}), o32 = device_array({n}, DType::Float32);
    launch(kernel("atomic_add_old"), Dim3(blocks_for(n, 256)), Dim3(256), {c32, o32, scalar<float>(0.5f)});
    CHECK(from_device<float>(c32)[0] == 0.5f * float(n));
    DeviceArray c64 = device_of<double>({1.0}), o64 = device_array({n}, DType::Float64);
    launch(kernel("atomic_add_old"), Dim3(blocks_for(n, 256)), Dim3(256), {c64, o64, -0.25});
    CHECK(from_device<double>(c64)[0] == 1.0 - 0.25 * double(n));
}

TEST_CASE("gpu: atomic.max and atomic.min, signed, unsigned and floating", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    check_minmax<int32_t>();
    check_minmax<int64_t>();
    check_minmax<uint32_t>();
    check_minmax<uint64_t>();
    check_minmax<float>();
    check_minmax<double>();
}

TEST_CASE("gpu: atomic.nanmax and atomic.nanmin skip NaN", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    check_nanminmax<float>();
    check_nanminmax<double>();
}

TEST_CASE("gpu: atomic.exch chains every thread's value", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    check_exch<int32_t>();
    check_exch<int64_t>();
    check_exch<uint32_t>();
    check_exch<uint64_t>();
    check_exch<float>();
    check_exch<double>();
}

TEST_CASE("gpu: atomic.cas lets exactly one thread win", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    check_cas<int32_t>();
    check_cas<int64_t>();
    check_cas<uint32_t>();
    check_cas<uint64_t>();
}

TEST_CASE("gpu: atomic.and_, or_ and xor combine every thread's bits", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    check_bits<int32_t>();
    check_bits<int64_t>();
    check_bits<uint32_t>();
    check_bits<uint64_t>();
}

TEST_CASE("gpu: atomic.inc and atomic.dec wrap at the limit", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    check_inc_dec<uint32_t>();
    check_inc_dec<uint64_t>();
    check_inc_dec<int32_t>();
    check_inc_dec<int64_t>();
}

TEST_CASE("gpu: atomics on a 2-D array with a tuple index", "[gpu][atomic]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 100000;
    std::vector<int32_t> want(16, 0);
    for (int64_t i = 0; i < n; ++i) ++want[(i % 4) * 4 + (i / 4) % 4];
    Array counts = host_array<int32_t>({4, 4}, [](int64_t) { return 0; });
    launch(kernel("atomic_2d"), Dim3(blocks_for(n, 256)), Dim3(256), {counts, n});
    CHECK(mismatch(to_vector<int32_t>(counts), want) == "");
}
