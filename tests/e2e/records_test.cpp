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

TEST_CASE("records: device arrays of records: copies, views, kernels", "[records]") {
    Module m = Module::from_string(kSource, "records.py");
    Item items[5] = {};
    for (int i = 0; i < 5; ++i) {
        items[i].n = int16_t(i);
        items[i].w = i + 0.5;
        items[i].v[0] = float(10 * i);
    }
    cuda::DeviceArray d = cuda::to_device(records(items, 5));
    CHECK(d.is_record());
    CHECK(d.record() == kItem);
    CHECK(d.itemsize() == int64_t(sizeof(Item)));
    CHECK(d.nbytes() == sizeof items);
    CHECK(d.strides() == std::vector<int64_t>{32});

    Item factor = {};
    factor.w = 4.0;
    ArrayRef one = records(&factor, 1);
    one.shape = {};
    cuda::DeviceArray r = cuda::to_device(one);  // one record, passed by reference
    CHECK(r.ndim() == 0);
    cuda::launch(m.function("scale"), cuda::Dim3(2), cuda::Dim3(4), {d, r});

    Item back[5] = {};
    d.copy_to_host(records(back, 5));
    for (int i = 0; i < 5; ++i) {
        CHECK(back[i].n == i);
        CHECK(back[i].w == (i + 0.5) * 4.0);
        CHECK(back[i].v[2] == float(i));
        CHECK(back[i].v[0] == float(10 * i));
    }

    // A strided view of records (d[1::2]), a field as numbers (d['w']), a new array.
    cuda::DeviceArray odd = d.view(32, {2}, {64});
    CHECK(odd.is_record());
    Item two[2] = {};
    odd.copy_to_host(records(two, 2));
    CHECK(two[0].w == 1.5 * 4.0);
    CHECK(two[1].w == 3.5 * 4.0);
    cuda::DeviceArray w = d.view(8, {5}, {32}, DType::Float64);
    CHECK(!w.is_record());
    Array ws = w.copy_to_host();
    CHECK(ws.data<double>()[4] == 4.5 * 4.0);
    cuda::DeviceArray fresh = cuda::device_array({2}, kItem, sizeof(Item));
    fresh.copy_from(odd);
    Item again[2] = {};
    fresh.copy_to_host(records(again, 2));
    CHECK(std::memcmp(again, two, sizeof two) == 0);
    cuda::DeviceArray halves =
        fresh.view_records(0, {4}, {16}, "Record(a[type=float64;offset=0],b[type=int64;offset=8];16;False)", 16);
    CHECK(halves.itemsize() == 16);
    CHECK(halves.size() == 4);

    CHECK_THROWS_WITH(d.copy_to_host(), Contains("makes no Array"));
    Item wrong[5] = {};
    ArrayRef small = records(wrong, 5);
    small.record_size = 24;
    CHECK_THROWS_WITH(d.copy_to_host(small), Contains("records of 24 bytes"));
    CHECK_THROWS_WITH(cuda::device_array({2}, "", 8), Contains("Record type's spelling"));
    CHECK_THROWS_WITH(d.view_records(0, {1}, {32}, kItem, 0), Contains("itemsize of 1 to 65535"));
}
