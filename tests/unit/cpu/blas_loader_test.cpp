#include "cpu/blas_loader.hpp"
#include "cpu/helper_linalg.hpp"
#include "cpu/helper_sort.hpp"
#include "support/source_dir.hpp"
#include "ujit/ujit.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

using namespace ujit::cpu;

TEST_CASE("blas: a library without CBLAS, or none, leaves the table empty with the reason", "[cpu][blas]") {
    BlasLoad none = load_blas("libujit-no-such-blas.so.0", false);
    CHECK_FALSE(none.available);
    CHECK(none.reason.find("libujit-no-such-blas.so.0") != std::string::npos);
    BlasLoad libc = load_blas("libc.so.6", false);  // opens, but has no cblas_ddot
    CHECK_FALSE(libc.available);
    CHECK(libc.reason.find("lacks the CBLAS entry points") != std::string::npos);
}

TEST_CASE("blas: UJIT_DISABLE_BLAS=1 disables it", "[cpu][blas]") {
    setenv("UJIT_DISABLE_BLAS", "1", 1);
    BlasLoad off = load_blas();
    unsetenv("UJIT_DISABLE_BLAS");
    CHECK_FALSE(off.available);
    CHECK(off.reason == "BLAS is disabled by UJIT_DISABLE_BLAS=1");
}

TEST_CASE("blas: Debian's OpenBLAS is found and computes ddot", "[cpu][blas]") {
    // tools/scripts/setup.sh installs libopenblas-dev: a machine without it fails here.
    BlasLoad l = load_blas("", false);
    REQUIRE(l.available);
    CHECK(l.library.find("openblas") != std::string::npos);
    std::vector<double> x{1, 2, 3}, y{4, 5, 6};
    CHECK(l.api.ddot(3, x.data(), 1, y.data(), 1) == 32.0);
    CHECK(l.api.ddot(3, x.data(), -1, y.data(), 1) == 28.0);  // BLAS's negative increment: x reversed
}

TEST_CASE("blas: NumPy's bundled ILP64 OpenBLAS is found on the search path and adapted", "[cpu][blas]") {
    // The fake has scipy-openblas64's names and 64-bit prototypes (tests/fixtures).
    std::string lib = ujit::test::built_fake_blas64();
    std::string dir = lib.substr(0, lib.rfind('/'));
    setenv("UJIT_BLAS_SEARCH_PATH", ("/no/such/dir:" + dir).c_str(), 1);
    std::vector<std::string> found = bundled_blas_libraries();
    unsetenv("UJIT_BLAS_SEARCH_PATH");
    CHECK(std::find(found.begin(), found.end(), lib) != found.end());
    BlasLoad l = load_blas(lib, false);
    REQUIRE(l.available);
    CHECK(l.ilp64);
    std::vector<double> x{1, 2, 3}, y{4, 5, 6};
    CHECK(l.api.ddot(3, x.data(), 1, y.data(), 1) == 32.0);
    CHECK(l.api.ddot(3, x.data(), -1, y.data(), 1) == 28.0);
    // [[1, 2], [3, 4]] @ [[5, 6], [7, 8]], row-major, through the int -> int64 thunk.
    std::vector<double> a{1, 2, 3, 4}, b{5, 6, 7, 8}, c(4, -1.0);
    l.api.dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, a.data(), 2, b.data(), 2, 0.0, c.data(), 2);
    CHECK(c == std::vector<double>{19, 22, 43, 50});
    std::vector<float> v{1, 1}, out(2, 0.0f), af{1, 2, 3, 4};
    l.api.sgemv(CblasRowMajor, CblasTrans, 2, 2, 2.0f, af.data(), 2, v.data(), 1, 0.0f, out.data(), 1);
    CHECK(out == std::vector<float>{8, 12});  // 2 * (column sums 4, 6)
    CHECK(load_blas("libopenblas.so.0", false).ilp64 == false);
}

TEST_CASE("blas: the search path's OpenBLAS (NumPy's own, in Python) comes before the system's", "[cpu][blas]") {
    // In a Python process the search path is numpy.libs: np.dot in compiled code then runs on
    // the library NumPy computes with, not on a system OpenBLAS that may be slower.
    std::string lib = ujit::test::built_fake_blas64();
    std::string dir = lib.substr(0, lib.rfind('/'));
    setenv("UJIT_BLAS_SEARCH_PATH", dir.c_str(), 1);
    std::vector<std::string> found = bundled_blas_libraries();
    BlasLoad l = load_blas("", false);
    unsetenv("UJIT_BLAS_SEARCH_PATH");
    REQUIRE(l.available);
    REQUIRE_FALSE(found.empty());
    CHECK(l.library == found.front());
    CHECK(l.library != "libopenblas.so.0");
}

TEST_CASE("blas: ujit_rt_dot over reversed and strided rows agrees with the loop", "[cpu][blas]") {
    std::vector<double> x{1, 2, 3, 4, 5, 6};
    double out = 0;
    // x[::-2] = [6, 4, 2] and x[::2] = [1, 3, 5]: 6 + 12 + 10
    ujit_rt_dot(int32_t(ujit::DType::Float64), 3, &x[5], -16, &x[0], 16, 0, &out);
    CHECK(out == 28.0);
}

TEST_CASE("sort: the runtime's kernels sort strided rows and argsort stably", "[cpu][sort]") {
    std::vector<int64_t> v{5, -1, 3, -1, 7, 0, 3, 2};
    ujit_rt_sort(v.data(), 4, 16, int32_t(ujit::DType::Int64));  // v[::2] = 5, 3, 7, 3
    CHECK(v == std::vector<int64_t>{3, -1, 3, -1, 5, 0, 7, 2});
    std::vector<double> d{2.0, NAN, 1.0, 2.0, -0.5, 1.0};
    std::vector<int64_t> idx(6);
    ujit_rt_argsort(d.data(), 6, 8, int32_t(ujit::DType::Float64), idx.data());
    CHECK(idx == std::vector<int64_t>{4, 2, 5, 0, 3, 1});  // ties in their order, the NaN last
}
