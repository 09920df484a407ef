// @njit(boundscheck=True) on the CPU (issue 18, item 6): an index out of range raises
// IndexError naming the index, the axis and its size (NumPy's words) instead of reading or
// writing past the array; without it nothing is checked, as in Numba.
#include <catch2/catch.hpp>

#include "ujit/ujit.hpp"

#include <string>

using namespace ujit;
using Catch::Matchers::Equals;

namespace {

const char* kSource = "from numba import njit\n"
                      "@njit(boundscheck=True)\ndef get(a, i):\n    return a[i]\n"
                      "@njit(boundscheck=True)\ndef put(m, i, j, v):\n    m[i, j] = v\n"
                      "@njit(boundscheck=True)\ndef row_sum(m, i):\n    r = m[i]\n    return r[0] + r[1]\n"
                      "@njit\ndef unchecked(a, i):\n    return a[i]\n";

// The IndexError a call raises ("" when it raises none).
template <class... A> std::string index_error(const Function& f, A&&... args) {
    try {
        f(std::forward<A>(args)...);
    } catch (const Error& e) {
        CHECK(e.kind() == Error::Kind::Runtime);
        CHECK(e.exception_class() == "IndexError");
        return e.exception_message();
    }
    return "";
}

}  // namespace

TEST_CASE("boundscheck=True: an index out of range is NumPy's IndexError", "[driver][boundscheck]") {
    Module m = Module::from_string(kSource, "bounds.py");
    double a[3] = {1, 2, 3};
    ArrayRef ar = ArrayRef::c_order(a, DType::Float64, {3});
    CHECK(m.function("get")(ar, 2).as<double>() == 3.0);
    CHECK(m.function("get")(ar, -3).as<double>() == 1.0);  // negative indexes wrap first
    CHECK_THAT(index_error(m.function("get"), ar, 3), Equals("index 3 is out of bounds for axis 0 with size 3"));
    CHECK_THAT(index_error(m.function("get"), ar, -4), Equals("index -4 is out of bounds for axis 0 with size 3"));

    int64_t mat[6] = {};
    ArrayRef mr = ArrayRef::c_order(mat, DType::Int64, {2, 3});
    m.function("put")(mr, 1, 2, 7);
    CHECK(mat[5] == 7);
    CHECK_THAT(index_error(m.function("put"), mr, 1, 3, 9), Equals("index 3 is out of bounds for axis 1 with size 3"));
    CHECK_THAT(index_error(m.function("put"), mr, 2, 0, 9), Equals("index 2 is out of bounds for axis 0 with size 2"));
    CHECK_THAT(index_error(m.function("row_sum"), mr, 5), Equals("index 5 is out of bounds for axis 0 with size 2"));
    for (int64_t x : {mat[0], mat[1], mat[2], mat[3], mat[4]}) CHECK(x == 0);  // nothing written
}

TEST_CASE("boundscheck: off by default, as in Numba", "[driver][boundscheck]") {
    Module m = Module::from_string(kSource, "bounds.py");
    double a[6] = {0, 1, 2, 3, 4, 5};
    ArrayRef first3 = ArrayRef::c_order(a, DType::Float64, {3});  // a view: a[3] is still memory
    CHECK(m.function("unchecked")(first3, 3).as<double>() == 3.0);
    CHECK(m.function("get").compile("(float64[::1], int64)").llvm_ir().find("ujit_rt_raise") != std::string::npos);
    CHECK(m.function("unchecked").compile("(float64[::1], int64)").llvm_ir().find("ujit_rt_raise") ==
          std::string::npos);
}
