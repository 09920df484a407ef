// Record (structured dtype) arrays through the C++ API: ArrayRef::record names the Record type in
// Numba's spelling; field reads and writes, a record passed by reference, a kernel launched on
// record arrays (on the GPU, or the host device without one), and the errors. The expected
// values are what NumPy computes for the same bytes (the structs mirror NumPy's layouts).
#include <catch2/catch.hpp>

#include "ujit/cuda.hpp"
#include "ujit/ujit.hpp"

#include <cstdint>
#include <cstring>

using namespace ujit;
using Catch::Matchers::Contains;

namespace {

constexpr const char* kSource = R"(from numba import njit, cuda


@njit
def weigh(a):
    s = 0.0
    for i in range(a.shape[0]):
        a[i].n += 1
        s += a[i]['w'] * a[i].n + a[i].v[1]
    return s


@njit
def stamp(r, n):
    r.n = n
    r.v[0] = r.v[2] - 1


@njit
def first(a):
    return a[0]


@cuda.jit
def scale(a, r):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i].w = a[i].w * r.w
        a[i].v[2] = i
)";

// np.dtype([("n", "<i2"), ("w", "<f8"), ("v", "<f4", (3,))], align=True)
struct Item {
    int16_t n;
    double w;
    float v[3];
};
constexpr const char* kItem =
    "Record(n[type=int16;offset=0],w[type=float64;offset=8],v[type=nestedarray(float32, (3,));offset=16];32;True)";

ArrayRef records(Item* data, int64_t n) {
    ArrayRef a;
    a.data = data;
    a.shape = {n};
    a.record = kItem;
    a.record_size = sizeof(Item);
    return a;
}

}  // namespace

TEST_CASE("records: fields of a record array read and written through the C++ API", "[records]") {
    static_assert(sizeof(Item) == 32);
    Module m = Module::from_string(kSource, "records.py");
    Item items[3] = {{1, 0.5, {1, 2, 3}}, {2, 1.5, {4, 5, 6}}, {-3, 2.0, {7, 8, 9}}};
    double s = m.function("weigh")(records(items, 3)).as<double>();
    CHECK(s == 0.5 * 2 + 2 + 1.5 * 3 + 5 + 2.0 * -2 + 8);
    CHECK(items[0].n == 2);
    CHECK(items[2].n == -2);
    CHECK(items[1].v[1] == 5.0f);

    ArrayRef one = records(&items[1], 1);
    one.shape = {};  // one record, by reference
    m.function("stamp")(one, 40);
    CHECK(items[1].n == 40);
    CHECK(items[1].v[0] == 5.0f);
    CHECK(items[0].n == 2);
}

TEST_CASE("records: a kernel takes a record array and a record", "[records]") {
    Module m = Module::from_string(kSource, "records.py");
    Item items[5] = {};
    for (int i = 0; i < 5; ++i) items[i].w = i + 0.5;
    Item factor = {};
    factor.w = 4.0;
    ArrayRef r = records(&factor, 1);
    r.shape = {};
    cuda::launch(m.function("scale"), cuda::Dim3(2), cuda::Dim3(4), {records(items, 5), r});
    for (int i = 0; i < 5; ++i) {
        CHECK(items[i].w == (i + 0.5) * 4.0);
        CHECK(items[i].v[2] == float(i));
    }
}

TEST_CASE("records: what is refused", "[records]") {
    Module m = Module::from_string(kSource, "records.py");
    Item items[2] = {};
    ArrayRef wrong = records(items, 2);
    wrong.record_size = 24;
    CHECK_THROWS_WITH(m.function("weigh")(wrong), Contains("itemsize 24 differs from its type's, 32"));
    ArrayRef junk = records(items, 2);
    junk.record = "Record(n[type=int16;offset=0]";
    CHECK_THROWS_WITH(m.function("weigh")(junk), Contains("is not Numba's spelling of a Record"));
    CHECK_THROWS_WITH(m.function("first")(records(items, 2)),
                      Contains("ujit does not return records or record arrays from compiled code"));
}
