// parallel=True: prange loops run on the thread pool with Numba's semantics. The oracle for
// each pattern is the same loop computed serially here (what CPython runs for the source);
// floating-point sums are compared up to the order of the reduction.
#include <catch2/catch.hpp>

#include "ujit/threads.hpp"
#include "ujit/ujit.hpp"

#include <cmath>
#include <set>
#include <string>
#include <vector>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import math
import numpy as np
from numba import njit, prange, get_thread_id, get_num_threads, set_num_threads


@njit(parallel=True)
def fill(out):
    for i in prange(out.shape[0]):
        out[i] = math.sin(i) ** 2


@njit(parallel=True)
def reductions(a):
    s = 0.0
    p = 1.0
    lo = a[0]
    hi = a[0]
    bits = 0
    for i in prange(a.shape[0]):
        x = a[i]
        s += x
        p *= 1.0 + x * 1e-6
        lo = min(lo, x)
        hi = max(hi, x)
        bits |= 1 << (i % 40)
    return s, p, lo, hi, bits


@njit(parallel=True)
def stepped(out, start, stop, step):
    n = 0
    for i in prange(start, stop, step):
        out[i] = i * 2
        n += 1
    return n


@njit(parallel=True)
def nested(out):
    for i in prange(out.shape[0]):
        for j in prange(out.shape[1]):
            out[i, j] = i * 100 + j


@njit(parallel=True)
def raising(a, bad):
    s = 0
    for i in prange(a.shape[0]):
        if i == bad:
            raise ValueError("bad index")
        s += a[i]
    return s


@njit(parallel=True)
def divides(a, d):
    s = 0
    for i in prange(a.shape[0]):
        s += a[i] // d[i]
    return s




@njit(parallel=True)
def thread_ids(ids, work):
    for i in prange(ids.shape[0]):
        spin = 1.0  # enough work per iteration for the workers to wake and take chunks
        for k in range(work):
            spin = spin * 0.999 + i
        ids[i] = get_thread_id() + int(spin < 0)


@njit(parallel=True)
def counts():
    return get_num_threads()


@njit
def set_threads(n):
    set_num_threads(n)


@njit(parallel=True)
def column_sums(m, out):
    for i in prange(m.shape[0]):
        out += m[i]
)";

Module& module() {
    static Module m = Module::from_string(kSource, "prange_cases.py");
    return m;
}

}  // namespace

TEST_CASE("prange fill equals the serial loop", "[e2e][prange][threads]") {
    Array out(DType::Float64, {100003}), serial(DType::Float64, {100003});
    module().function("fill")(out);
    const int threads = ujit::get_num_threads();
    ujit::set_num_threads(1);
    module().function("fill")(serial);
    ujit::set_num_threads(threads);
    for (int64_t i = 0; i < out.size(); ++i) {
        // The same compiled loop on one thread: bit for bit. libm's sin: within an ulp or two
        // (the compiled loop calls a vectorized sin, the C library another one).
        REQUIRE(out.data<double>()[i] == serial.data<double>()[i]);
        REQUIRE(out.data<double>()[i] == Approx(std::pow(std::sin(double(i)), 2)).epsilon(1e-14));
    }
}

TEST_CASE("prange scalar reductions: + * min max |", "[e2e][prange][threads]") {
    Array a(DType::Float64, {50001});
    double s = 0, p = 1, lo = 1e300, hi = -1e300;
    int64_t bits = 0;
    for (int64_t i = 0; i < a.size(); ++i) {
        double x = std::sin(double(i) * 0.37) * 100;
        a.data<double>()[i] = x;
        s += x;
        p *= 1.0 + x * 1e-6;
        lo = std::min(lo, x);
        hi = std::max(hi, x);
        bits |= int64_t(1) << (i % 40);
    }
    Value r = module().function("reductions")(a);
    const Value::Tuple& t = r.tuple();
    CHECK(t[0].as<double>() == Approx(s).epsilon(1e-12));
    CHECK(t[1].as<double>() == Approx(p).epsilon(1e-12));
    CHECK(t[2].as<double>() == lo);
    CHECK(t[3].as<double>() == hi);
    CHECK(t[4].as<int64_t>() == bits);
}

TEST_CASE("prange with start, stop and step, negative too", "[e2e][prange][threads]") {
    for (auto [start, stop, step] : {std::tuple{3, 1000, 7}, std::tuple{999, -1, -3}, std::tuple{5, 5, 1}}) {
        Array out(DType::Int64, {1000});
        std::fill(out.data<int64_t>(), out.data<int64_t>() + 1000, -1);
        int64_t n = module().function("stepped")(out, start, stop, step).as<int64_t>();
        int64_t expect_n = 0;
        for (int i = start; step > 0 ? i < stop : i > stop; i += step) {
            ++expect_n;
            CHECK(out.data<int64_t>()[i] == i * 2);
        }
        CHECK(n == expect_n);
    }
}

TEST_CASE("nested prange: the outer loop runs in parallel, the inner one serially", "[e2e][prange][threads]") {
    Array out(DType::Int64, {37, 53});
    module().function("nested")(out);
    for (int64_t i = 0; i < 37; ++i)
        for (int64_t j = 0; j < 53; ++j) REQUIRE(out.data<int64_t>()[i * 53 + j] == i * 100 + j);
}

TEST_CASE("prange runs on more than one thread, and on one after set_num_threads(1)", "[e2e][prange][threads]") {
    int threads = get_num_threads();
    CHECK(module().function("counts")().as<int64_t>() == threads);
    Array ids(DType::Int64, {64});
    std::set<int64_t> seen;
    for (int attempt = 0; attempt < 20 && seen.size() < 2; ++attempt) {
        module().function("thread_ids")(ids, 200000);
        seen.insert(ids.data<int64_t>(), ids.data<int64_t>() + 64);
    }
    if (threads > 1) CHECK(seen.size() > 1);
    for (int64_t id : seen) CHECK((id >= 0 && id < threads));

    set_num_threads(1);
    CHECK(module().function("counts")().as<int64_t>() == 1);
    module().function("thread_ids")(ids, 1000);
    for (int64_t i = 0; i < 64; ++i) CHECK(ids.data<int64_t>()[i] == 0);
    set_num_threads(threads);
}

TEST_CASE("set_num_threads out of range is Numba's ValueError, in C++ and in compiled code", "[e2e][prange]") {
    int threads = get_num_threads();
    CHECK(threads >= 1);
    std::string message = "The number of threads must be between 1 and " + std::to_string(threads);
    for (int bad : {0, threads + 1}) {
        try {
            set_num_threads(bad);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Argument);
            CHECK(e.exception_class() == "ValueError");
            CHECK(e.exception_message() == message);
        }
        try {
            module().function("set_threads")(bad);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Runtime);
            CHECK(e.exception_class() == "ValueError");
            CHECK(e.exception_message() == message);
        }
    }
    CHECK(get_num_threads() == threads);
    module().function("set_threads")(1);  // this thread's count, as Numba's
    CHECK(get_num_threads() == 1);
    set_num_threads(threads);
    CHECK(get_num_threads() == threads);
}

TEST_CASE("a raise in a prange body reaches the caller as the same exception", "[e2e][prange][threads]") {
    Array a(DType::Int64, {10000});
    for (int64_t i = 0; i < 10000; ++i) a.data<int64_t>()[i] = i;
    CHECK(module().function("raising")(a, -1).as<int64_t>() == 10000LL * 9999 / 2);
    for (int64_t bad : {0, 4999, 9999}) {
        try {
            module().function("raising")(a, bad);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK(e.kind() == Error::Kind::Runtime);
            CHECK(e.exception_class() == "ValueError");
            CHECK(e.exception_message() == "bad index");
        }
    }
    Array d(DType::Int64, {10000});
    std::fill(d.data<int64_t>(), d.data<int64_t>() + 10000, 3);
    d.data<int64_t>()[7777] = 0;
    try {
        module().function("divides")(a, d);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.exception_class() == "ZeroDivisionError");
        CHECK_THAT(e.what(), Contains("prange_cases.py:59"));
    }
    // The module still works after a raise on a worker.
    CHECK(module().function("raising")(a, -1).as<int64_t>() == 10000LL * 9999 / 2);
}

TEST_CASE("a whole array updated in place is reduced across chunks", "[e2e][prange][threads]") {
    const int64_t rows = 3001, cols = 7;
    Array m(DType::Int64, {rows, cols}), out(DType::Int64, {cols});
    std::vector<int64_t> expect(cols, 5);
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
            m.data<int64_t>()[i * cols + j] = i * j - 3 * i;
            expect[static_cast<size_t>(j)] += i * j - 3 * i;
        }
    std::fill(out.data<int64_t>(), out.data<int64_t>() + cols, 5);
    module().function("column_sums")(m, out);
    CHECK(std::vector<int64_t>(out.data<int64_t>(), out.data<int64_t>() + cols) == expect);
}
