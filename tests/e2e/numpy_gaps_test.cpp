// The ordinary NumPy calls of gaps1 and gaps2 (np.take, broadcast_to, swapaxes, moveaxis,
// fill_diagonal, logspace, geomspace, nanargmax, isreal, sinc, cbrt, ediff1d, vander, tri,
// triu_indices, rot90, delete, union1d, intersect1d, setdiff1d, a.clip, sum over a tuple of axes)
// through the C++ API: one function that uses them all on arrays it makes gives NumPy's total
// (`python3` of the same source, NumPy 1.24) and, with the raises below, leaves no block or
// header alive (the allocation counter; LeakSanitizer in the ASan step).
// tests/python/test_numpy_gaps.py checks each call against NumPy.
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"
#include "ujit/ujit.hpp"

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(import numpy as np


def gaps_sum(n):
    a = np.arange(n * 1.0).reshape(2, n // 2)
    s = 0.0
    s += np.take(a, np.array([0, 3, -1])).sum() + a.take([1, 2]).sum()
    s += np.broadcast_to(a[0], (3, n // 2)).sum()
    s += np.swapaxes(a, 0, 1)[1, 0] + np.moveaxis(a, 0, -1)[0, 1]
    m = np.zeros((3, 3))
    np.fill_diagonal(m, np.array([1.0, 2.0]))
    s += m.sum()
    s += np.logspace(0, 2, 3).sum() + np.geomspace(1, 8, 4).sum()
    s += np.nanargmax(a) + np.nanargmin(a) + np.isreal(a).sum() + np.iscomplex(a).sum() + np.sinc(a).sum()
    s += np.cbrt(a).sum()
    s += np.ediff1d(a).sum() + np.vander(a[0]).sum() + np.tri(3, 4, 1).sum()
    s += np.triu_indices(3)[1].sum() + np.tril_indices(4, -1)[0].sum() + np.rot90(a)[0, 0] + np.rot90(a, 3)[0, 1]
    s += np.delete(a, np.array([0, 1])).sum() + np.delete(a, -1).sum()
    s += np.union1d(a[0], a[1]).sum() + np.intersect1d(a[0], a[0]).sum() + np.setdiff1d(a[0], a[1]).size
    s += a.clip(1, 3).sum() + a.sum(axis=(0, 1)) + np.arange(24.0).reshape(2, 3, 4).sum(axis=(0, 2))[1]
    return s


def take_bad(k):
    return np.take(np.arange(3.0) * 2, k)


def delete_bad(k):
    a = np.arange(4.0)
    return np.delete(a + 1.0, np.array([0, k])).sum()


def geom_bad(x):
    t = np.zeros(5)
    return np.geomspace(x, 2.0, 4).sum() + t.sum()
)";

}  // namespace

TEST_CASE("gaps: NumPy calls on arrays the function makes give NumPy's values and leak nothing", "[e2e][nplib]") {
    Module m = Module::from_string(kSource, "gaps.py");
    Function total = m.function("gaps_sum");
    CHECK(total(int64_t{6}).as<double>() == Approx(386.99954761884715).epsilon(1e-12));  // NumPy
    test::Live live;
    for (int k = 0; k < 5; ++k) CHECK(total(int64_t{10}).as<double>() == Approx(1060.8096832175036).epsilon(1e-12));
    CHECK_THROWS_WITH(m.function("take_bad")(int64_t{3}), Contains("IndexError: Index out of bounds"));
    CHECK_THROWS_WITH(m.function("delete_bad")(int64_t{4}), Contains("IndexError"));
    CHECK(m.function("delete_bad")(int64_t{-1}).as<double>() == 5.0);  // [2, 3] of [1, 2, 3, 4]
    CHECK_THROWS_WITH(m.function("geom_bad")(0.0), Contains("ValueError: Geometric sequence cannot include zero"));
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}
