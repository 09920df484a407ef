// The runtime of np.linalg's factorizations and np.cov (cpu/helper_lapack_decomp,
// helper_covariance) called as compiled code calls them: strided operands, C-ordered results,
// and the statuses that lowering turns into Numba's errors. Values worked by hand.
#include "cpu/helper_covariance.hpp"
#include "cpu/helper_lapack_decomp.hpp"
#include "cpu/lapack_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <vector>

namespace {
constexpr int64_t kD = sizeof(double);
}

TEST_CASE("lapack decomp: cholesky of a transposed operand, and a matrix that is not positive definite",
          "[cpu][lapack]") {
    REQUIRE(ujit::cpu::lapack_library().available);  // Debian's OpenBLAS, as the blas tests
    // [[4, 2], [2, 5]] = L L^T with L = [[2, 0], [1, 2]]; read through byte strides of its transpose
    std::vector<double> a{4, 2, 2, 5}, out(4, -1);
    REQUIRE(ujit_rt_linalg_cholesky(UJIT_LINALG_F64, 2, a.data(), kD, 2 * kD, out.data()) == UJIT_LINALG_OK);
    CHECK(out == std::vector<double>{2, 0, 1, 2});
    std::vector<double> bad{1, 2, 2, 1};
    CHECK(ujit_rt_linalg_cholesky(UJIT_LINALG_F64, 2, bad.data(), 2 * kD, kD, out.data()) ==
          UJIT_LINALG_NOT_POSITIVE_DEFINITE);
}

TEST_CASE("lapack decomp: statuses for empty, incompatible, non-finite and complex-eigenvalue operands",
          "[cpu][lapack]") {
    REQUIRE(ujit::cpu::lapack_library().available);  // Debian's OpenBLAS, as the blas tests
    std::vector<double> q(4), r(4), rot{0, -1, 1, 0}, w(2), v(4);
    CHECK(ujit_rt_linalg_qr(UJIT_LINALG_F64, 0, 2, q.data(), 2 * kD, kD, q.data(), r.data()) == UJIT_LINALG_EMPTY);
    CHECK(ujit_rt_linalg_eig(UJIT_LINALG_F64, 2, rot.data(), 2 * kD, kD, w.data(), v.data()) ==
          UJIT_LINALG_DOMAIN_CHANGE);
    std::vector<std::complex<double>> crot{0, -1, 1, 0}, cw(2), cv(4);
    REQUIRE(ujit_rt_linalg_eig(UJIT_LINALG_C128, 2, crot.data(), 32, 16, cw.data(), cv.data()) == UJIT_LINALG_OK);
    CHECK(std::abs(cw[0].imag()) == Approx(1.0));
    std::vector<double> nan{1, NAN, 0, 1};
    CHECK(ujit_rt_linalg_eigh(UJIT_LINALG_F64, 2, nan.data(), 2 * kD, kD, w.data(), nullptr) == UJIT_LINALG_NONFINITE);
    std::vector<double> eye{1, 0, 0, 1}, rhs{1, 2, 3}, x(2), res(1), s(2);
    int64_t count = -1;
    int32_t rank = -1;
    CHECK(ujit_rt_linalg_lstsq(UJIT_LINALG_F64, 2, 2, eye.data(), 2 * kD, kD, 3, 1, rhs.data(), kD, 0, -1.0, x.data(),
                               res.data(), &count, &rank, s.data()) == UJIT_LINALG_INCOMPATIBLE);
}

TEST_CASE("lapack decomp: lstsq of an overdetermined line fit, with its residual", "[cpu][lapack]") {
    REQUIRE(ujit::cpu::lapack_library().available);  // Debian's OpenBLAS, as the blas tests
    // y = 2x + 1 at x = 0, 1, 2 plus (0, 1, 0): least squares gives slope 2, intercept 4/3
    std::vector<double> a{0, 1, 1, 1, 2, 1}, y{1, 4, 5}, x(2), res(1), s(2);
    int64_t count = -1;
    int32_t rank = -1;
    REQUIRE(ujit_rt_linalg_lstsq(UJIT_LINALG_F64, 3, 2, a.data(), 2 * kD, kD, 3, 1, y.data(), kD, 0, -1.0, x.data(),
                                 res.data(), &count, &rank, s.data()) == UJIT_LINALG_OK);
    CHECK(rank == 2);
    CHECK(count == 1);
    CHECK(x[0] == Approx(2.0));
    CHECK(x[1] == Approx(4.0 / 3.0));
    CHECK(res[0] == Approx(2.0 / 3.0));  // (1 - 4/3)^2 + (4 - 10/3)^2 + (5 - 16/3)^2
}

TEST_CASE("covariance: np.cov and np.corrcoef of two variables", "[cpu][lapack]") {
    // rows (1, 2, 3) and (2, 4, 7): means 2 and 13/3; cov = [[1, 2.5], [2.5, 6.333...]]
    std::vector<double> x{1, 2, 3, 2, 4, 7}, out(4);
    ujit_rt_covariance(x.data(), 2, 3, 1.0, 0, 0, out.data());
    CHECK(out[0] == Approx(1.0));
    CHECK(out[1] == Approx(2.5));
    CHECK(out[3] == Approx(19.0 / 3.0));
    std::vector<double> y{1, 2, 3, 2, 4, 7};
    ujit_rt_covariance(y.data(), 2, 3, 1.0, 0, 1, out.data());
    CHECK(out[0] == 1.0);
    CHECK(out[1] == Approx(2.5 / std::sqrt(19.0 / 3.0)));
    std::vector<double> empty, nan_out(1);
    ujit_rt_covariance(empty.data(), 1, 0, 1.0, 0, 2, nan_out.data());
    CHECK(std::isnan(nan_out[0]));
}
