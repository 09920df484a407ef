// nparray's NumPy functions through the C++ API: np.ascontiguousarray of a strided argument is
// an owned C copy (of a C argument, the argument itself), a.ravel() of a transpose a copy in C
// order, a.transpose(axes) a borrowed view with permuted strides, a.view(np.int64) the same
// memory, np.ndindex / np.ndenumerate / np.nditer / a.flat loops, np.partition's contract and
// np.split's pieces; NumPy's results are the oracle, and nothing leaks.
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"

#include "ujit/ujit.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace ujit;

using ujit::test::Live;

namespace {

const char* kSource = "import numpy as np\n"
                      "from numba import njit\n"
                      "@njit\ndef every_other(a):\n    return np.ascontiguousarray(a[::2])\n"
                      "@njit\ndef contiguous(a):\n    return np.ascontiguousarray(a)\n"
                      "@njit\ndef ravel_t(m):\n    return m.T.ravel()\n"
                      "@njit\ndef swap(a, axes):\n    return a.transpose(axes)\n"
                      "@njit\ndef bits(a):\n    return a.view(np.int64)\n"
                      "@njit\ndef loops(m):\n"
                      "    s = 0\n"
                      "    for i, j in np.ndindex(m.shape):\n        s += i * 10 + j\n"
                      "    t = 0.0\n"
                      "    for (i, j), v in np.ndenumerate(m):\n        t += v * (i + 1)\n"
                      "    u = 0.0\n"
                      "    for w in np.nditer(m):\n        u += w.item()\n"
                      "    return s, t, u\n"
                      "@njit\ndef flat_walk(m):\n"
                      "    t = 0.0\n"
                      "    for i, v in enumerate(m.T.flat):\n        t += i * v\n"
                      "    m.flat[-1] = t\n"
                      "    return len(m.flat), m.flat[1]\n"
                      "@njit\ndef part(a, k):\n    return np.partition(a, k)\n"
                      "@njit\ndef pieces(a):\n    return len(np.array_split(a, 3)), np.split(a, (1, 3))[1]\n";

}  // namespace

TEST_CASE("nparray: np.ascontiguousarray copies only a non-contiguous array", "[driver][nparray]") {
    Live live;
    {
        Module m = Module::from_string(kSource, "arrangement.py");
        double a[6] = {0, 1, 2, 3, 4, 5};
        Value r = m.function("every_other")(ArrayRef::c_order(a, DType::Float64, {6}));
        REQUIRE(r.is_array());
        CHECK(r.owner());  // a new array of ujit's
        CHECK(r.array().shape == std::vector<int64_t>{3});
        CHECK(r.array().strides == std::vector<int64_t>{8});
        const double* d = static_cast<const double*>(r.array().data);
        CHECK(std::vector<double>(d, d + 3) == std::vector<double>{0, 2, 4});
        Value same = m.function("contiguous")(ArrayRef::c_order(a, DType::Float64, {6}));
        CHECK(same.array().data == a);  // already C: the argument itself
        CHECK_FALSE(same.owner());
    }
    CHECK(live.blocks() == 0);
}

TEST_CASE("nparray: ravel of a transpose, transpose with axes, view as int64", "[driver][nparray]") {
    Live live;
    {
        Module m = Module::from_string(kSource, "arrangement.py");
        double mat[6] = {0, 1, 2, 3, 4, 5};  // 2x3
        Value r = m.function("ravel_t")(ArrayRef::c_order(mat, DType::Float64, {2, 3}));
        const double* d = static_cast<const double*>(r.array().data);
        CHECK(std::vector<double>(d, d + 6) == std::vector<double>{0, 3, 1, 4, 2, 5});
        CHECK(r.owner());

        double cube[6] = {};  // shape (1, 2, 3), strides (48, 24, 8)
        Value t = m.function("swap")(ArrayRef::c_order(cube, DType::Float64, {1, 2, 3}),
                                     Value(Value::Tuple{Value(1), Value(0), Value(2)}));
        CHECK(t.array().data == cube);
        CHECK(t.array().shape == std::vector<int64_t>{2, 1, 3});
        CHECK(t.array().strides == std::vector<int64_t>{24, 48, 8});

        double ones[3] = {1, 1, 1};
        Value v = m.function("bits")(ArrayRef::c_order(ones, DType::Float64, {3}));
        CHECK(v.array().dtype == DType::Int64);
        CHECK(static_cast<const int64_t*>(v.array().data)[0] == 4607182418800017408);
    }
    CHECK(live.blocks() == 0);
}

TEST_CASE("nparray: n-d loops, partition and split", "[driver][nparray]") {
    Live live;
    {
        Module m = Module::from_string(kSource, "arrangement.py");
        double mat[6] = {1, 2, 3, 4, 5, 6};  // 2x3
        Value r = m.function("loops")(ArrayRef::c_order(mat, DType::Float64, {2, 3}));
        REQUIRE(r.is_tuple());
        CHECK(r.tuple()[0].as<int64_t>() == 0 + 1 + 2 + 10 + 11 + 12);
        CHECK(r.tuple()[1].as<double>() == 1 + 2 + 3 + 2 * (4 + 5 + 6));
        CHECK(r.tuple()[2].as<double>() == 21.0);

        // a.flat: the transpose's items in C order (1 4 2 5 3 6), then the matrix's last item
        Value f = m.function("flat_walk")(ArrayRef::c_order(mat, DType::Float64, {2, 3}));
        CHECK(f.tuple()[0].as<int64_t>() == 6);
        CHECK(f.tuple()[1].as<double>() == 2.0);
        CHECK(mat[5] == 0 * 1 + 1 * 4 + 2 * 2 + 3 * 5 + 4 * 3 + 5 * 6);

        int64_t a[4] = {5, 3, 1, 4};
        Value p = m.function("part")(ArrayRef::c_order(a, DType::Int64, {4}), 2);
        const int64_t* q = static_cast<const int64_t*>(p.array().data);
        CHECK(q[2] == 4);
        CHECK(std::max(q[0], q[1]) <= 4);
        CHECK(q[3] >= 4);
        CHECK(a[0] == 5);  // the argument is untouched

        double v[7] = {0, 1, 2, 3, 4, 5, 6};
        Value s = m.function("pieces")(ArrayRef::c_order(v, DType::Float64, {7}));
        CHECK(s.tuple()[0].as<int64_t>() == 3);
        CHECK(s.tuple()[1].array().data == v + 1);  // a view: v[1:3]
        CHECK(s.tuple()[1].array().shape == std::vector<int64_t>{2});
    }
    CHECK(live.blocks() == 0);
}
