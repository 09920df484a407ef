// Tuples and arrays through the ABI of codegen/abi.hpp: expanded parameters, the hidden
// result pointer, byte strides, and the packed wrapper with ujit_array_view.
#include "codegen_fixture.hpp"

#include "ujit/ujit.h"

using namespace ujit;
using namespace ujit::codegen::test;
using types::float64;
using types::int64;
using types::Layout;

namespace {

const char* kData = R"(
def divmod_pair(a, b):
    return a // b, a % b

def swap(t):
    a, b = t
    return b, a

def weighted(a):
    s = 0.0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            s += a[i, j] * (i + 1)
    return s

def last(a):
    return a[-1]

def fill3(a):
    n = 0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            for k in range(a.shape[2]):
                a[i, j, k] = n
                n += 1
    return a.size * 10 + a.ndim

def iter_sum(a):
    s = 0
    for x in a:
        s += x
    return s

def bump(a, i):
    a[i] += 10
    return len(a)

def shape_of(a):
    return a.shape

def scale(a, k):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = a[i, j] * k
)";

}  // namespace

TEST_CASE("codegen: tuples are returned through the hidden pointer", "[codegen]") {
    auto dm = build(kData, "divmod_pair", {int64(), int64()});
    struct P {
        int64_t q, r;
    } p{};
    as<void (*)(P*, int64_t, int64_t)>(dm.entry)(&p, -7, 2);
    CHECK(p.q == -4);
    CHECK(p.r == 1);

    // A tuple argument is expanded; a mixed tuple result has C layout.
    auto sw = build(kData, "swap", {types::tuple({int64(), float64()})});
    struct R {
        double a;
        int64_t b;
    } r{};
    as<void (*)(R*, int64_t, double)>(sw.entry)(&r, 3, 0.5);
    CHECK(r.a == 0.5);
    CHECK(r.b == 3);
    // Through the packed wrapper: the argument is the C struct, the result too.
    struct In {
        int64_t a;
        double b;
    } in{9, 1.25};
    void* args[] = {&in};
    R out{};
    as<void (*)(void**, void*)>(sw.packed)(args, &out);
    CHECK(out.a == 1.25);
    CHECK(out.b == 9);
}

TEST_CASE("codegen: 2-D arrays with byte strides, entry and packed", "[codegen]") {
    auto w = build(kData, "weighted", {types::array(float64(), 2, Layout::A)});
    // A 4x6 buffer, viewed as its 4x3 every-other-column sub-array (strides 48, 16 bytes).
    double buf[4][6];
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 6; ++j) buf[i][j] = i * 10 + j;
    double expect = 0;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 3; ++j) expect += buf[i][2 * j] * (i + 1);
    auto f = as<double (*)(void*, int64_t, int64_t, int64_t, int64_t)>(w.entry);
    CHECK(f(buf, 4, 3, 48, 16) == expect);

    int64_t shape[] = {4, 3}, strides[] = {48, 16};
    ujit_array_view view{buf, shape, strides};
    void* args[] = {&view};
    double out = 0;
    as<void (*)(void**, void*)>(w.packed)(args, &out);
    CHECK(out == expect);
}

TEST_CASE("codegen: negative indices wrap, stores, size and ndim in 3-D", "[codegen]") {
    auto l = build(kData, "last", {types::array(int64(), 1, Layout::C)});
    int64_t v[] = {5, 6, 7};
    CHECK(as<int64_t (*)(void*, int64_t, int64_t)>(l.entry)(v, 3, 8) == 7);
    // reversed view (not contiguous: layout A): data at the last element, stride -8
    auto la = build(kData, "last", {types::array(int64(), 1, Layout::A)});
    CHECK(as<int64_t (*)(void*, int64_t, int64_t)>(la.entry)(v + 2, 3, -8) == 5);

    auto f3 = build(kData, "fill3", {types::array(types::int32(), 3, Layout::A)});
    int32_t cube[2][3][4] = {};
    // Fortran order over the same memory: strides (4, 8, 24) bytes for shape (2, 3, 4).
    auto f = as<int64_t (*)(void*, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t)>(f3.entry);
    CHECK(f(cube, 2, 3, 4, 4, 8, 24) == 24 * 10 + 3);
    const int32_t* flat = &cube[0][0][0];
    int n = 0;
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 3; ++j)
            for (int k = 0; k < 4; ++k) CHECK(flat[i + 2 * j + 6 * k] == n++);
}

TEST_CASE("codegen: iterating over an array, augmented element stores, len and shape", "[codegen]") {
    auto it = build(kData, "iter_sum", {types::array(int64(), 1, Layout::A)});
    int64_t v[] = {1, 100, 2, 200, 3, 300};
    CHECK(as<int64_t (*)(void*, int64_t, int64_t)>(it.entry)(v, 3, 16) == 6);

    auto bu = build(kData, "bump", {types::array(float64(), 1, Layout::C), int64()});
    double d[] = {1, 2, 3};
    CHECK(as<int64_t (*)(void*, int64_t, int64_t, int64_t)>(bu.entry)(d, 3, 8, -2) == 3);
    CHECK(d[1] == 12.0);

    auto sh = build(kData, "shape_of", {types::array(float64(), 2, Layout::C)});
    int64_t out[2] = {};
    as<void (*)(int64_t*, void*, int64_t, int64_t, int64_t, int64_t)>(sh.entry)(out, d, 7, 9, 72, 8);
    CHECK(out[0] == 7);
    CHECK(out[1] == 9);
}

TEST_CASE("codegen: C-contiguous arrays address the inner axis with the itemsize (vectorizes)", "[codegen]") {
    auto c = build(kData, "scale", {types::array(float64(), 2, Layout::C), float64()});
    CHECK(c.optimized_ir.find("x double>") != std::string::npos);
    double m[3][5];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 5; ++j) m[i][j] = i * 5 + j;
    as<void (*)(void*, int64_t, int64_t, int64_t, int64_t, double)>(c.entry)(m, 3, 5, 40, 8, 2.0);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 5; ++j) CHECK(m[i][j] == 2.0 * (i * 5 + j));
    // F order: the outer axis is the unit-stride one.
    auto f = build(kData, "scale", {types::array(float64(), 2, Layout::F), float64()});
    double fm[15];
    for (int k = 0; k < 15; ++k) fm[k] = k;
    as<void (*)(void*, int64_t, int64_t, int64_t, int64_t, double)>(f.entry)(fm, 3, 5, 8, 24, -1.0);
    for (int k = 0; k < 15; ++k) CHECK(fm[k] == -k);
}
