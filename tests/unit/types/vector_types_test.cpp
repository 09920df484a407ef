// numba-cuda's CUDA vector types (types/vector_types.hpp): the 40 types and their C names, the
// typing of their constructors (numbers and smaller vectors of the same base, as many lanes as
// the type has), .x/.y/.z/.w, device functions taking and returning them, and the errors.
#include "types/resolve.hpp"
#include "types/vector_types.hpp"
#include "types_test_util.hpp"

#include <catch2/catch.hpp>

using namespace ujit::types;
using namespace ujit::types::test;
using Catch::Matchers::Contains;

TEST_CASE("vector types: every name and C alias", "[types][vector]") {
    const char* bases[] = {"int8",   "int16",  "int32",  "int64",   "uint8",
                           "uint16", "uint32", "uint64", "float32", "float64"};
    for (const char* base : bases)
        for (int n = 1; n <= 4; ++n) {
            const std::string name = std::string(base) + "x" + std::to_string(n);
            INFO(name);
            const Type* v = vector_type_named(name);
            REQUIRE(v);
            CHECK(is_vector(v));
            CHECK(v->str() == name);
            CHECK(vector_base(v) == scalar_from_name(base));
            CHECK(vector_size(v) == n);
            CHECK(v->itemsize() == n * scalar_from_name(base)->itemsize());
            CHECK(v->is_value());
            CHECK(resolve_member("cuda", name).has_value());
        }
    // The C names, at LP64 widths (long and ulong are 64 bits), as numba-cuda maps them on Linux.
    CHECK(vector_type_named("float4") == vector_of(float32(), 4));
    CHECK(vector_type_named("double2") == vector_of(float64(), 2));
    CHECK(vector_type_named("char1") == vector_of(integer(8, true), 1));
    CHECK(vector_type_named("uchar4") == vector_of(integer(8, false), 4));
    CHECK(vector_type_named("short2") == vector_of(integer(16, true), 2));
    CHECK(vector_type_named("ushort3") == vector_of(integer(16, false), 3));
    CHECK(vector_type_named("int2") == vector_of(int32(), 2));
    CHECK(vector_type_named("uint3") == vector_of(integer(32, false), 3));
    CHECK(vector_type_named("long3") == vector_of(int64(), 3));
    CHECK(vector_type_named("longlong4") == vector_of(int64(), 4));
    CHECK(vector_type_named("ulong1") == vector_of(uint64(), 1));
    CHECK(vector_type_named("ulonglong2") == vector_of(uint64(), 2));
    for (const char* none : {"float5", "float0", "floatx4", "float16x2", "complex64x2", "boolx2", "x4", "4", "int"}) {
        INFO(none);
        CHECK(vector_type_named(none) == nullptr);
        CHECK_FALSE(resolve_member("cuda", none).has_value());
    }
    CHECK(vector_lane(vector_of(float32(), 4), "w") == 3);
    CHECK(vector_lane(vector_of(float32(), 2), "y") == 1);
    CHECK(vector_lane(vector_of(float32(), 2), "z") == -1);
    CHECK(vector_lane(vector_of(float32(), 4), "xy") == -1);
}

namespace {

const char* kSource = R"(from numba import cuda, float32, int16
from numba.cuda import float32x3, float2
from numba.cuda.vector_types import float32x3 as F3


@cuda.jit(device=True)
def cross(a, b):
    return float32x3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)


@cuda.jit
def kernel(out):
    u = float32x3(float2(1, 2), float32(3))
    w = cross(u, cuda.float3(1.5, cuda.float32x2(u.x, 0)))
    q = cuda.short4(w.x, cuda.short3(1, 2, 3))
    h = cuda.int16x1(q.x)
    t = tuple((u, w))
    for v in t:
        out[0] += v.x
    out[1] = h.x
    buf = cuda.local.array(2, F3)
    buf[1] = w
    out[2] = buf[1].z
)";

}  // namespace

TEST_CASE("vector types: constructors, lanes and device functions are typed", "[types][vector]") {
    Typed t = load(kSource);
    const TypedFunction& f = t.specialize("kernel", {array(float32(), 1, Layout::A)}, TargetKind::CUDA);
    const Type* f3 = vector_of(float32(), 3);
    CHECK(var(f, "u") == f3);
    CHECK(var(f, "w") == f3);
    CHECK(var(f, "q") == vector_of(integer(16, true), 4));
    CHECK(var(f, "h") == vector_of(integer(16, true), 1));
    CHECK(var(f, "t") == tuple({f3, f3}));
    CHECK(var(f, "v") == f3);
    CHECK(var(f, "buf") == array(f3, 1, Layout::C));  // numba-cuda's VectorType as an array dtype
}

TEST_CASE("vector types: misuse is a located error", "[types][vector]") {
    auto kernel_error = [](const std::string& body) {
        return type_error("from numba import cuda\n\n\n@cuda.jit\ndef k(out):\n" + body, "k",
                          {array(float32(), 1, Layout::A)}, TargetKind::CUDA);
    };
    Error e = kernel_error("    v = cuda.float32x3(1.0, cuda.float2(1, 2), 3)\n");
    CHECK(e.line == 6);
    CHECK(e.col == 9);
    CHECK_THAT(e.message, Contains("No implementation of function float32x3 found for signature: "
                                   "float32x3(float64, float32x2, int64)"));
    e = kernel_error("    v = cuda.float32x2()\n");
    CHECK_THAT(e.message, Contains("signature: float32x2()"));
    e = kernel_error("    v = cuda.float32x2(cuda.double2(1, 2))\n");
    CHECK_THAT(e.message, Contains("signature: float32x2(float64x2)"));
    e = kernel_error("    v = cuda.float32x2(1j, 2)\n");
    CHECK_THAT(e.message, Contains("signature: float32x2(complex128, int64)"));
    e = kernel_error("    v = cuda.float32x2(x=1, y=2)\n");
    CHECK_THAT(e.message, Contains("keyword arguments are not supported in calls to 'float32x2'"));
    e = kernel_error("    a = cuda.local.array(2, cuda.float2)\n");
    CHECK_THAT(e.message, Contains("the dtype of cuda.local.array() must be a type"));
    e = kernel_error("    out[0] = cuda.uint3(1, 2, 3).w\n");
    CHECK(e.col == 34);
    CHECK_THAT(e.message, Contains("Unknown attribute 'w' of type uint32x3"));
    e = kernel_error("    v = cuda.float2(1, 2)\n    v.x = out[0]\n");
    CHECK(e.line == 7);
    CHECK_THAT(e.message, Contains("Cannot resolve setattr: (float32x2).x = float32"));
    e = type_error("from numba import cuda, njit\n\n\n@njit\ndef f(x):\n    return cuda.float2(x, x).x\n", "f",
                   {float64()});
    CHECK_THAT(e.message, Contains("float32x2 is a CUDA vector type"));
}
