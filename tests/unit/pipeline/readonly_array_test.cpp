// Read-only arrays through the C++ API (issue 24, item 1): ArrayRef::readonly types as
// Numba's `readonly array(...)`, a store into one is Numba's compile error, and a read-only
// output (ufunc and gufunc `out`, a copy_to_host destination) is refused before anything
// is written.
#include <catch2/catch.hpp>

#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

#include "support/readonly_page.hpp"

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

const char* kSource = "from numba import njit, vectorize, guvectorize\n"
                      "@njit\ndef store(a, v):\n    a[0] = v\n"
                      "@njit\ndef total(a):\n    return a[0] + a[1]\n"
                      "@vectorize(['float64(float64)'])\ndef twice(x):\n    return 2.0 * x\n"
                      "@guvectorize(['void(float64[:], float64[:])'], '(n)->()')\n"
                      "def first(x, out):\n    out[0] = x[0]\n";

ArrayRef readonly_ref(const test::ReadOnlyPage& page) {
    ArrayRef a = ArrayRef::c_order(page.data, DType::Int64, {2});
    a.readonly = true;
    return a;
}

}  // namespace

TEST_CASE("read-only arrays: a store is a compile error, a read is not", "[driver][readonly]") {
    test::ReadOnlyPage page;
    Module m = Module::from_string(kSource, "ro.py");
    try {
        m.function("store")(readonly_ref(page), Value(7));
        FAIL("a store into a read-only array compiled");
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Compile);
        CHECK_THAT(e.what(), Contains("ro.py:4:5: error: Cannot modify readonly array of type: readonly array(int64, "
                                      "1d, C)"));
    }
    CHECK(page.data[0] == 3);
    CHECK(m.function("total")(readonly_ref(page)).as<int64_t>() == 7);
    int64_t writable[2] = {0, 0};
    m.function("store")(ArrayRef::c_order(writable, DType::Int64, {2}), Value(7));  // its own specialization
    CHECK(writable[0] == 7);
    CHECK(m.function("total").compile("(readonly array(int64, 1d, C))").signature() ==
          "int64(readonly array(int64, 1d, C))");
}

TEST_CASE("read-only arrays: refused as outputs, with NumPy's words", "[driver][readonly]") {
    Module m = Module::from_string(kSource, "ro.py");
    double in[2] = {1.0, 2.0};
    double out[2] = {0.0, 0.0};
    ArrayRef ro = ArrayRef::c_order(out, DType::Float64, {2});
    ro.readonly = true;
    ArrayRef x = ArrayRef::c_order(in, DType::Float64, {2});
    CHECK_THROWS_WITH(m.function("twice").vectorize_call({x}, ro), Contains("output array is read-only"));
    ArrayRef x2 = ArrayRef::c_order(in, DType::Float64, {2, 1});
    CHECK_THROWS_WITH(m.function("first").gufunc_call({x2}, {ro}), Contains("output array is read-only"));
    cuda::DeviceArray d = cuda::to_device(x);  // the host device where no GPU is usable
    CHECK_THROWS_WITH(d.copy_to_host(ro), Contains("copy_to_host destination is read-only"));
    CHECK(out[0] == 0.0);
    CHECK(out[1] == 0.0);
}
