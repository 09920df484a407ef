// Arrays that compiled functions return (issue 18, item 1): through the C++ API a returned
// array is a Value that owns it (ArrayOwner: one reference to the block compiled code
// allocated) or, for an argument or a view of one, borrows the caller's memory. NumPy's
// slicing rules are the oracle for the views' geometry.
#include <catch2/catch.hpp>

#include "support/live_allocations.hpp"

#include "nrt/nrt.h"
#include "pipeline/marshal.hpp"
#include "types/type.hpp"
#include "ujit/ujit.hpp"

#include <cstring>
#include <vector>

using namespace ujit;

using ujit::test::Live;

namespace {

const char* kSource = "from numba import njit\n"
                      "@njit\ndef tail(a):\n    return a[1:]\n"
                      "@njit\ndef same(a):\n    return a\n"
                      "@njit\ndef parts(a, m):\n    return a[::2], a.shape[0], (m[1], m.T)\n"
                      "@njit\ndef backwards(a):\n    return a[::-1]\n";

}  // namespace

TEST_CASE("array results: a view of an argument borrows the caller's memory", "[driver][array-result]") {
    Module m = Module::from_string(kSource, "views.py");
    double a[5] = {0.5, 1.0, 2.0, 3.0, 4.0};
    Value r = m.function("tail")(ArrayRef::c_order(a, DType::Float64, {5}));
    REQUIRE(r.is_array());
    CHECK(r.array().data == a + 1);  // a[1:] of NumPy: the same memory, one item on
    CHECK(r.array().dtype == DType::Float64);
    CHECK(r.array().shape == std::vector<int64_t>{4});
    CHECK(r.array().strides == std::vector<int64_t>{8});
    CHECK_FALSE(r.owner());  // borrowed: nothing of ujit's keeps it alive
    CHECK_FALSE(r.array().readonly);

    Value s = m.function("same")(ArrayRef::c_order(a, DType::Float64, {5}));
    CHECK(s.array().data == a);
    CHECK(s.array().shape == std::vector<int64_t>{5});

    Value b = m.function("backwards")(ArrayRef::c_order(a, DType::Float64, {5}));
    CHECK(b.array().data == a + 4);  // a[::-1]: starts at the last item, stride -8
    CHECK(b.array().strides == std::vector<int64_t>{-8});
}

TEST_CASE("array results: tuples hold arrays and scalars, nested", "[driver][array-result]") {
    Module m = Module::from_string(kSource, "views.py");
    int32_t a[5] = {1, 2, 3, 4, 5};
    int64_t mat[6] = {1, 2, 3, 4, 5, 6};  // 2x3, C order
    Value r =
        m.function("parts")(ArrayRef::c_order(a, DType::Int32, {5}), ArrayRef::c_order(mat, DType::Int64, {2, 3}));
    REQUIRE(r.is_tuple());
    REQUIRE(r.tuple().size() == 3);
    const ArrayRef& even = r.tuple()[0].array();
    CHECK(even.data == a);
    CHECK(even.dtype == DType::Int32);
    CHECK(even.shape == std::vector<int64_t>{3});
    CHECK(even.strides == std::vector<int64_t>{8});
    CHECK(r.tuple()[1].as<int64_t>() == 5);
    const Value& inner = r.tuple()[2];
    REQUIRE(inner.is_tuple());
    const ArrayRef& row = inner.tuple()[0].array();
    CHECK(row.data == mat + 3);
    CHECK(row.shape == std::vector<int64_t>{3});
    const ArrayRef& t = inner.tuple()[1].array();  // m.T: shape (3, 2), strides (8, 24)
    CHECK(t.data == mat);
    CHECK(t.shape == std::vector<int64_t>{3, 2});
    CHECK(t.strides == std::vector<int64_t>{8, 24});
}

TEST_CASE("array results: a read-only argument gives a read-only view", "[driver][array-result][readonly]") {
    Module m = Module::from_string(kSource, "views.py");
    double a[3] = {1, 2, 3};
    ArrayRef ro = ArrayRef::c_order(a, DType::Float64, {3});
    ro.readonly = true;
    Value r = m.function("tail")(ro);
    CHECK(r.array().readonly);
    CHECK(m.function("tail").compile("(readonly array(float64, 1d, C))").signature() ==
          "readonly array(float64, 1d, C)(readonly array(float64, 1d, C))");
}

TEST_CASE("array results: the raw entry point returns the array struct through `out`", "[driver][array-result]") {
    Module m = Module::from_string(kSource, "views.py");
    auto spec = m.function("tail").compile("(float64[:])");
    struct Result {  // codegen/abi.hpp: data, shape[1], strides[1], owner
        double* data;
        int64_t shape, stride;
        void* owner;
    } out{};
    double a[4] = {1, 2, 3, 4};
    spec.pointer<void(Result*, double*, int64_t, int64_t)>()(&out, a, 4, 8);
    CHECK(out.data == a + 1);
    CHECK(out.shape == 3);
    CHECK(out.stride == 8);
    CHECK(out.owner == nullptr);
    Value r = spec.call({ArrayRef::c_order(a, DType::Float64, {4})});  // the packed wrapper too
    CHECK(r.array().data == a + 1);
}

TEST_CASE("ArrayOwner: copies share one reference each, the last one frees", "[driver][array-result][nrt]") {
    Live live;
    {
        ujit_nrt_meminfo* mi = ujit_nrt_allocate(64, 16);
        REQUIRE(mi);
        ArrayOwner o = ArrayOwner::adopt(mi);  // takes the reference allocate gave
        CHECK(ujit_nrt_refcount(mi) == 1);
        {
            ArrayOwner copy = o;
            CHECK(ujit_nrt_refcount(mi) == 2);
            ArrayOwner moved = std::move(copy);
            CHECK(ujit_nrt_refcount(mi) == 2);
            CHECK_FALSE(copy);  // NOLINT(bugprone-use-after-move): moved-from is empty
            moved = o;          // assigning the same block keeps the count right
            CHECK(ujit_nrt_refcount(mi) == 2);
            moved = moved;  // self-assignment too
            CHECK(ujit_nrt_refcount(mi) == 2);
        }
        CHECK(ujit_nrt_refcount(mi) == 1);
        Value v(ArrayRef::c_order(ujit_nrt_data(mi), DType::Float64, {8}), o);
        Value w = v;  // copying a Value shares the memory
        CHECK(ujit_nrt_refcount(mi) == 3);
        CHECK(w.owner().meminfo() == mi);
        CHECK(live.blocks() == 1);
    }
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}

TEST_CASE("array results: read_value adopts each array's reference, tuples included", "[driver][array-result][nrt]") {
    // The storage a packed wrapper writes for Tuple(array(float64, 1d, C), int64,
    // array(int32, 2d, C)), with owners made as compiled code makes them.
    Live live;
    const types::Type* a1 = types::array(types::floating(64), 1, types::Layout::C);
    const types::Type* a2 = types::array(types::integer(32, true), 2, types::Layout::C);
    const types::Type* t = types::tuple({a1, types::integer(64, true), a2});
    REQUIRE(pipeline::c_size(t) == 32 + 8 + 48);
    ujit_nrt_meminfo* m1 = ujit_nrt_allocate(3 * 8, 16);
    ujit_nrt_meminfo* m2 = ujit_nrt_allocate(2 * 2 * 4, 16);
    alignas(16) uint8_t storage[88] = {};
    auto put = [&](size_t off, const auto& x) { std::memcpy(storage + off, &x, sizeof x); };
    put(0, ujit_nrt_data(m1));
    put(8, int64_t(3));
    put(16, int64_t(8));
    put(24, m1);
    put(32, int64_t(42));
    put(40, ujit_nrt_data(m2));
    put(48, int64_t(2));
    put(56, int64_t(2));
    put(64, int64_t(8));
    put(72, int64_t(4));
    put(80, m2);
    {
        Value v = pipeline::read_value(storage, t);
        CHECK(live.blocks() == 2);
        CHECK(v.tuple()[0].owner().meminfo() == m1);
        CHECK(v.tuple()[0].array().shape == std::vector<int64_t>{3});
        CHECK(v.tuple()[1].as<int64_t>() == 42);
        CHECK(v.tuple()[2].owner().meminfo() == m2);
        CHECK(v.tuple()[2].array().strides == std::vector<int64_t>{8, 4});
        CHECK(ujit_nrt_refcount(m1) == 1);  // adopted, not incremented
        Value first = v.tuple()[0];         // outlives the tuple
        v = Value();
        CHECK(live.blocks() == 1);
        CHECK(first.array().data == ujit_nrt_data(m1));
    }
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}

TEST_CASE("array results: an array compiled code allocates is owned by the Value", "[driver][array-result][nrt]") {
    Module m = Module::from_string("import numpy as np\nfrom numba import njit\n"
                                   "@njit\ndef make(n):\n    return np.arange(n) * 0.5\n"
                                   "@njit\ndef halves(n):\n    a = np.zeros(n)\n    return a[::2], n, a\n",
                                   "owned.py");
    m.function("make")(1);  // compiled (and its first result freed) before counting
    m.function("halves")(1);
    Live live;
    {
        Value r = m.function("make")(5);
        REQUIRE(r.owner());
        CHECK(live.blocks() == 1);  // the product; arange's temporary is gone
        CHECK(static_cast<const double*>(r.array().data)[4] == 2.0);
        CHECK(ujit_nrt_refcount(static_cast<ujit_nrt_meminfo*>(r.owner().meminfo())) == 1);
        Value copy = r;
        r = Value();
        CHECK(live.blocks() == 1);
        CHECK(static_cast<const double*>(copy.array().data)[1] == 0.5);
    }
    CHECK(live.blocks() == 0);
    {
        Value t = m.function("halves")(4);  // a view and its base: one block, two references
        const ArrayOwner& view = t.tuple()[0].owner();
        REQUIRE(view);
        CHECK(view.meminfo() == t.tuple()[2].owner().meminfo());
        CHECK(ujit_nrt_refcount(static_cast<ujit_nrt_meminfo*>(view.meminfo())) == 2);
        CHECK(t.tuple()[0].array().shape == std::vector<int64_t>{2});
        CHECK(t.tuple()[0].array().strides == std::vector<int64_t>{16});
        CHECK(live.blocks() == 1);
    }
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}

// `prev, cur = cur, prev` with a string made per inner iteration: the first store freed the
// array the second still had to store, and the strings reused its block (the corpus's
// edit_distance answered 5 for 3). Under ASan a use after free; here also the count.
TEST_CASE("array results: unpacking the targets' own arrays keeps each alive", "[driver][array-result][nrt]") {
    Module m = Module::from_string("import numpy as np\nfrom numba import njit\n"
                                   "@njit\ndef edit_distance(s, t):\n"
                                   "    prev = np.arange(len(t) + 1)\n"
                                   "    cur = np.zeros(len(t) + 1, dtype=np.int64)\n"
                                   "    for i in range(1, len(s) + 1):\n"
                                   "        cur[0] = i\n"
                                   "        for j in range(1, len(t) + 1):\n"
                                   "            cost = 0 if s[i - 1] == t[j - 1] else 1\n"
                                   "            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)\n"
                                   "        prev, cur = cur, prev\n"
                                   "    return prev[len(t)]\n"
                                   "@njit\ndef rotate(n):\n"
                                   "    a = np.full(2, 1.0)\n    b = np.full(2, 2.0)\n    c = np.full(2, 3.0)\n"
                                   "    for _ in range(n):\n"
                                   "        a, (b, c) = b, (c, a)\n"
                                   "        a[0] += np.ones(1)[0]\n"
                                   "    return a[0] * 100 + b[0] * 10 + c[0]\n",
                                   "unpack.py");
    Function f = m.function("edit_distance");
    Function rotate = m.function("rotate");
    CHECK(f("kitten", "sitting").scalar().i == 3);  // compiled before the count starts
    CHECK(rotate(int64_t(4)).scalar().f == 442.0);  // CPython gives 442.0
    Live live;
    for (int k = 0; k < 20; ++k) {
        CHECK(f("kitten", "sitting").scalar().i == 3);
        CHECK(f("flaw", "lawn").scalar().i == 2);
        CHECK(rotate(int64_t(4)).scalar().f == 442.0);
    }
    CHECK(live.blocks() == 0);
    CHECK(live.headers() == 0);
}
