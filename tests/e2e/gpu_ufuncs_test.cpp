// @vectorize(target='cuda') ufuncs end to end on a real GPU ([gpu]) through
// ujit::cuda::vectorize / vectorize_device / vectorize_into: host and device inputs,
// scalars, broadcasting, F-ordered and strided inputs, casting, dispatch among declared
// signatures, `out`, streams. Expected values in plain C++, float32 where the ufunc is.
#include <cmath>

#include "gpu_check.hpp"
#include "gpu_sources.hpp"
#include "unit/cudadrv/gpu_support.hpp"

using namespace ujit;
using namespace ujit::cuda;
using namespace ujit::gputest;
using Catch::Matchers::Contains;

namespace {
Function add_ufunc() { return example("add_ufunc").function("add_ufunc"); }
}  // namespace

TEST_CASE("gpu: add_ufunc on host arrays, device arrays and mixtures", "[gpu][e2e][ufunc]") {
    UJIT_REQUIRE_GPU();
    Function f = add_ufunc();
    const int64_t n = 1 << 20;
    Array a = host_array<float>({n}, [](int64_t i) { return float(i) * 0.001f; });
    Array b = host_array<float>({n}, [](int64_t i) { return float(n - i) * 0.5f; });
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = a.data<float>()[i] + b.data<float>()[i];

    Array r = vectorize(f, {a, b});
    CHECK(r.dtype() == DType::Float32);
    CHECK(r.shape() == std::vector<int64_t>{n});
    CHECK(mismatch(to_vector<float>(r), want) == "");

    DeviceArray da = to_device(a.ref()), db = to_device(b.ref());
    DeviceArray dr = vectorize_device(f, {da, db});
    CHECK(dr.dtype() == DType::Float32);
    CHECK(dr.shape() == std::vector<int64_t>{n});
    CHECK(mismatch(from_device<float>(dr), want) == "");

    CHECK(mismatch(to_vector<float>(vectorize(f, {da, b})), want) == "");
    CHECK(mismatch(from_device<float>(vectorize_device(f, {a, db})), want) == "");
}

TEST_CASE("gpu: add_ufunc with scalars and broadcasting", "[gpu][e2e][ufunc]") {
    UJIT_REQUIRE_GPU();
    Function f = add_ufunc();
    const int64_t n = 1000;
    Array a = host_array<float>({n}, [](int64_t i) { return float(i) * 0.1f; });
    // A Python float scalar casts to the float32 loop (value-based, like NumPy's scalars).
    Array r = vectorize(f, {a, 1.5});
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = a.data<float>()[i] + 1.5f;
    CHECK(r.dtype() == DType::Float32);
    CHECK(mismatch(to_vector<float>(r), want) == "");
    // Scalar first, and a typed float32 scalar, with a device array.
    DeviceArray da = to_device(a.ref());
    CHECK(mismatch(to_vector<float>(vectorize(f, {scalar<float>(1.5f), da})), want) == "");
    // Two scalars: a 0-d result.
    Array s = vectorize(f, {1.25, 2.0});
    CHECK(s.size() == 1);
    CHECK(s.shape().empty());
    CHECK(s.data<float>()[0] == 3.25f);

    // (64, 1) + (48,) → (64, 48); (3, 1, 5) device + (4, 1) host → (3, 4, 5).
    Array col = host_array<float>({64, 1}, [](int64_t i) { return float(i) * 100.0f; });
    Array row = host_array<float>({48}, [](int64_t j) { return float(j) * 0.5f; });
    Array g = vectorize(f, {col, to_device(row.ref())});
    CHECK(g.shape() == std::vector<int64_t>{64, 48});
    std::vector<float> gw(64 * 48);
    for (int64_t i = 0; i < 64; ++i)
        for (int64_t j = 0; j < 48; ++j) gw[i * 48 + j] = float(i) * 100.0f + float(j) * 0.5f;
    CHECK(mismatch(to_vector<float>(g), gw) == "");

    Array p = host_array<float>({3, 1, 5}, [](int64_t i) { return float(i); });          // p[i, 0, k] = 5i + k
    Array q = host_array<float>({4, 1}, [](int64_t j) { return float(j) * 1000.0f; });  // q[j, 0]
    DeviceArray pq = vectorize_device(f, {to_device(p.ref()), q});
    CHECK(pq.shape() == std::vector<int64_t>{3, 4, 5});
    std::vector<float> pqw(60);
    for (int64_t i = 0; i < 3; ++i)
        for (int64_t j = 0; j < 4; ++j)
            for (int64_t k = 0; k < 5; ++k) pqw[(i * 4 + j) * 5 + k] = float(5 * i + k) + float(j) * 1000.0f;
    CHECK(mismatch(from_device<float>(pq), pqw) == "");

    CHECK_THROWS_AS(vectorize(f, {host_array<float>({3}, [](int64_t) { return 0; }),
                                  host_array<float>({4}, [](int64_t) { return 0; })}),
                    Error);
}

TEST_CASE("gpu: add_ufunc on F-ordered and strided inputs gives a C-ordered result", "[gpu][e2e][ufunc]") {
    UJIT_REQUIRE_GPU();
    Function f = add_ufunc();
    const int64_t h = 50, w = 30;
    Array fo(DType::Float32, {h, w}, true);  // element (i, j) at i + j*h
    for (int64_t i = 0; i < h; ++i)
        for (int64_t j = 0; j < w; ++j) fo.data<float>()[i + j * h] = float(i * 100 + j);
    Array c = host_array<float>({h, w}, [](int64_t) { return 0.25f; });
    std::vector<float> want(h * w);
    for (int64_t i = 0; i < h; ++i)
        for (int64_t j = 0; j < w; ++j) want[i * w + j] = float(i * 100 + j) + 0.25f;

    CHECK(mismatch(to_vector<float>(vectorize(f, {fo, c})), want) == "");
    DeviceArray dfo = to_device(fo.ref());
    REQUIRE(dfo.is_f_contiguous());
    DeviceArray r = vectorize_device(f, {dfo, to_device(c.ref())});
    CHECK(r.is_c_contiguous());
    CHECK(mismatch(from_device<float>(r), want) == "");

    // Every third element of a 1-D host array.
    const int64_t n = 1000;
    Array wide = host_array<float>({3 * n}, [](int64_t i) { return i % 3 ? -1e9f : float(i / 3); });
    ArrayRef thirds = wide.ref();
    thirds.shape = {n};
    thirds.strides = {12};
    std::vector<float> tw(n);
    for (int64_t i = 0; i < n; ++i) tw[i] = float(i) + 2.0f;
    CHECK(mismatch(to_vector<float>(vectorize(f, {thirds, 2.0})), tw) == "");

    // A non-contiguous 2-D view: the left half of a (h, 2w) array.
    Array big = host_array<float>({h, 2 * w}, [&](int64_t k) {
        int64_t i = k / (2 * w), j = k % (2 * w);
        return j < w ? float(i * 100 + j) : -1e9f;
    });
    ArrayRef left = big.ref();
    left.shape = {h, w};
    left.strides = {2 * w * 4, 4};
    REQUIRE(!left.is_c_contiguous());
    REQUIRE(!left.is_f_contiguous());
    CHECK(mismatch(to_vector<float>(vectorize(f, {left, c})), want) == "");
    CHECK(mismatch(from_device<float>(vectorize_device(f, {c, left})), want) == "");
}

TEST_CASE("gpu: vectorize_into writes a given device array, and checks it", "[gpu][e2e][ufunc]") {
    UJIT_REQUIRE_GPU();
    Function f = add_ufunc();
    const int64_t n = 4096;
    Array a = host_array<float>({n}, [](int64_t i) { return float(i); });
    DeviceArray da = to_device(a.ref());
    DeviceArray out = device_array({n}, DType::Float32);
    vectorize_into(f, {da, da}, out);
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = 2.0f * float(i);
    CHECK(mismatch(from_device<float>(out), want) == "");
    // In place: out is also an input.
    vectorize_into(f, {out, 1.0}, out);
    for (auto& x : want) x += 1.0f;
    CHECK(mismatch(from_device<float>(out), want) == "");
    // Wrong shape or dtype: an error, and `out` keeps its values.
    CHECK_THROWS_WITH(vectorize_into(f, {da, da}, device_array({n + 1}, DType::Float32)),
                      Contains("ufunc output must be"));
    CHECK_THROWS_WITH(vectorize_into(f, {da, da}, device_array({n}, DType::Float64)), Contains("float32"));
    CHECK(mismatch(from_device<float>(out), want) == "");
}

TEST_CASE("gpu: ufunc inputs are cast by NumPy's safe rules to a declared signature", "[gpu][ufunc]") {
    UJIT_REQUIRE_GPU();
    Function f = add_ufunc();
    const int64_t n = 500;
    Array i16 = host_array<int16_t>({n}, [](int64_t i) { return int16_t(i - 250); });
    Array f32 = host_array<float>({n}, [](int64_t i) { return float(i) * 0.5f; });
    Array r = vectorize(f, {i16, f32});  // int16 → float32 is safe
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = float(i - 250) + float(i) * 0.5f;
    CHECK(r.dtype() == DType::Float32);
    CHECK(mismatch(to_vector<float>(r), want) == "");
    // The same inputs as device arrays (twice: the second call finds the cached dispatch,
    // which says these dtypes need casting), into a new and into a given output.
    DeviceArray di16 = to_device(i16.ref()), df32 = to_device(f32.ref());
    for (int rep = 0; rep < 2; ++rep) {
        DeviceArray dr = vectorize_device(f, {di16, df32});
        CHECK(dr.dtype() == DType::Float32);
        CHECK(mismatch(from_device<float>(dr), want) == "");
        DeviceArray into = device_array({n}, DType::Float32);
        vectorize_into(f, {di16, df32}, into);
        CHECK(mismatch(from_device<float>(into), want) == "");
    }
    // int32 → float32 is not safe: no loop for it.
    Array i32 = host_array<int32_t>({n}, [](int64_t i) { return int32_t(i); });
    for (int rep = 0; rep < 2; ++rep)
        CHECK_THROWS_WITH(vectorize_device(f, {to_device(i32.ref()), df32}),
                          Contains("not supported for the input types"));
    CHECK_THROWS_WITH(vectorize(f, {i32, f32}), Contains("not supported for the input types"));

    // Two declared signatures: the first one the inputs cast to safely runs.
    Function axpb = ufuncs_module().function("axpb");
    Array a32 = host_array<int32_t>({n}, [](int64_t i) { return int32_t(i) - 100; });
    Array ri = vectorize(axpb, {a32, a32});
    CHECK(ri.dtype() == DType::Int64);
    std::vector<int64_t> wi(n);
    for (int64_t i = 0; i < n; ++i) wi[i] = 3 * (i - 100);
    CHECK(mismatch(to_vector<int64_t>(ri), wi) == "");

    Array rf = vectorize(axpb, {f32, 0.25});  // float32 → float64 loop
    CHECK(rf.dtype() == DType::Float64);
    std::vector<double> wf(n);
    for (int64_t i = 0; i < n; ++i) wf[i] = double(float(i) * 0.5f) * 2.0 + 0.25;
    CHECK(mismatch(to_vector<double>(rf), wf) == "");

    Array a64 = host_array<int64_t>({n}, [](int64_t i) { return i; });
    DeviceArray rm = vectorize_device(axpb, {to_device(a64.ref()), 0.5});  // int64 + float → float64
    CHECK(rm.dtype() == DType::Float64);
    std::vector<double> wm(n);
    for (int64_t i = 0; i < n; ++i) wm[i] = double(i) * 2.0 + 0.5;
    CHECK(mismatch(from_device<double>(rm), wm) == "");
}

TEST_CASE("gpu: make_pulses and add_ufunc build the course's noisy waveform on the device", "[gpu][e2e][ufunc]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 1 << 20;
    const float period = float(n) / 23.0f, amplitude = 100.0f;
    Array t = host_array<float>({n}, [](int64_t i) { return float(i); });
    Rng rng(5);
    Array noise = host_array<float>({n}, [&](int64_t) { return float(rng.uniform(-1.0, 1.0)); });
    // max(sin(i / period) - 0.3, 0.0) * amplitude: i / period and sin in float32, the rest in
    // float64 (0.3 is a float64 literal), stored as float32.
    std::vector<float> pulses(n), waveform(n);
    for (int64_t i = 0; i < n; ++i) {
        float s = std::sin(t.data<float>()[i] / period);
        pulses[i] = float(std::max(double(s) - 0.3, 0.0) * double(amplitude));
        waveform[i] = pulses[i] + noise.data<float>()[i];
    }
    Function make_pulses = example("make_pulses").function("make_pulses");
    DeviceArray dt = to_device(t.ref());
    // Python float scalars for period and amplitude, as in the course.
    DeviceArray dp = vectorize_device(make_pulses, {dt, double(period), double(amplitude)});
    CHECK(dp.dtype() == DType::Float32);
    // libdevice's sinf vs the host's: a few float32 ulps of a value up to 1, times 100.
    CHECK(mismatch(from_device<float>(dp), pulses, 1e-5, 1e-4) == "");
    DeviceArray dw = vectorize_device(add_ufunc(), {dp, to_device(noise.ref())});
    CHECK(mismatch(from_device<float>(dw), waveform, 1e-5, 1e-4) == "");
}

TEST_CASE("gpu: polar_distance calls a device function returning a tuple", "[gpu][e2e][ufunc]") {
    UJIT_REQUIRE_GPU();
    const int64_t n = 100000;
    Rng rng(11);
    auto uni = [&](double lo, double hi) { return [&rng, lo, hi](int64_t) { return float(rng.uniform(lo, hi)); }; };
    Array rho1 = host_array<float>({n}, uni(0.5, 2.0)), theta1 = host_array<float>({n}, uni(-3.14, 3.14));
    Array rho2 = host_array<float>({n}, uni(0.5, 2.0)), theta2 = host_array<float>({n}, uni(-3.14, 3.14));
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) {
        float r1 = rho1.data<float>()[i], t1 = theta1.data<float>()[i];
        float r2 = rho2.data<float>()[i], t2 = theta2.data<float>()[i];
        float x1 = r1 * std::cos(t1), y1 = r1 * std::sin(t1);
        float x2 = r2 * std::cos(t2), y2 = r2 * std::sin(t2);
        float dx = x1 - x2, dy = y1 - y2;
        float s = dx * dx + dy * dy;      // float32 ** 2 stays float32
        want[i] = float(std::pow(double(s), 0.5));  // float32 ** 0.5 (float64) → float64
    }
    Function f = example("polar_distance_cuda").function("polar_distance");
    Array r = vectorize(f, {rho1, theta1, rho2, theta2});
    CHECK(r.dtype() == DType::Float32);
    CHECK(mismatch(to_vector<float>(r), want, 1e-5, 1e-5) == "");
    // Device inputs and a scalar theta2.
    DeviceArray dr = vectorize_device(f, {to_device(rho1.ref()), to_device(theta1.ref()), rho2, 0.0});
    std::vector<float> want0(n);
    for (int64_t i = 0; i < n; ++i) {
        float r1 = rho1.data<float>()[i], t1 = theta1.data<float>()[i], r2 = rho2.data<float>()[i];
        float dx = r1 * std::cos(t1) - r2, dy = r1 * std::sin(t1);
        want0[i] = float(std::sqrt(double(dx * dx + dy * dy)));
    }
    CHECK(mismatch(from_device<float>(dr), want0, 1e-5, 1e-5) == "");
}

TEST_CASE("gpu: ufuncs on a user stream, timed with events", "[gpu][ufunc]") {
    UJIT_REQUIRE_GPU();
    Function f = add_ufunc();
    const int64_t n = 1 << 20;
    Array a = host_array<float>({n}, [](int64_t i) { return float(i % 4096); });
    Stream s = Stream::create();
    LaunchOptions opts;
    opts.stream = s;
    DeviceArray da = to_device(a.ref(), s);
    Event start, stop;
    start.record(s);
    DeviceArray r = vectorize_device(f, {da, da}, opts);
    DeviceArray r2 = vectorize_device(f, {r, 1.0}, opts);  // a host scalar operand on the stream
    stop.record(s);
    stop.synchronize();
    CHECK(stop.elapsed_ms_since(start) >= 0.0f);
    std::vector<float> want(n);
    for (int64_t i = 0; i < n; ++i) want[i] = 2.0f * float(i % 4096) + 1.0f;
    CHECK(mismatch(to_vector<float>(r2.copy_to_host(s)), want) == "");
    Array host = vectorize(f, {da, da}, opts);
    for (auto& x : want) x -= 1.0f;
    CHECK(mismatch(to_vector<float>(host), want) == "");
}
