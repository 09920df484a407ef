// Signature and type strings as Numba writes them, and their errors with columns.
#include "types_test_util.hpp"

using namespace ujit::types;
using namespace ujit::types::test;

namespace {
const ujit::syntax::SourceLoc kLoc{5, 10};
Signature sig(const std::string& s) { return parse_signature(s, kLoc); }
const Type* ty(const std::string& s) { return parse_type(s, kLoc); }
Error sig_error(const std::string& s) {
    return error_of([&] { sig(s); });
}
}  // namespace

TEST_CASE("signatures with scalars", "[types]") {
    Signature s = sig("float32(float32, float32)");
    CHECK(s.ret == float32());
    CHECK(s.args == std::vector<const Type*>{float32(), float32()});
    CHECK(s.str() == "float32(float32, float32)");
    s = sig("f8(i4, i4)");
    CHECK(s.ret == float64());
    CHECK(s.args == std::vector<const Type*>{int32(), int32()});
    s = sig("(int64, int64)");
    CHECK(s.ret == nullptr);
    CHECK(s.args.size() == 2);
    CHECK(s.str() == "(int64, int64)");
    s = sig("  int16 ( int16 ,int16 )  ");
    CHECK(s.ret == integer(16, true));
    CHECK(sig("float64()").args.empty());
    CHECK(sig("void()").ret == none());
    // A Python tuple's trailing comma, as numba-cuda's tests write `(int32[:],)`.
    CHECK(sig("(int32[:],)").args == std::vector<const Type*>{array(int32(), 1, Layout::A)});
    CHECK(sig("void(int32, float32 , )").args.size() == 2);
    CHECK_THAT(sig_error("void(,)").message, Catch::Contains("expected a type name"));
}

TEST_CASE("array types and layouts", "[types]") {
    CHECK(ty("float32[:]") == array(float32(), 1, Layout::A));
    CHECK(ty("float32[::1]") == array(float32(), 1, Layout::C));
    CHECK(ty("float32[:, :]") == array(float32(), 2, Layout::A));
    CHECK(ty("float32[:, ::1]") == array(float32(), 2, Layout::C));
    CHECK(ty("float32[::1, :]") == array(float32(), 2, Layout::F));
    CHECK(ty("int64[:,:,::1]") == array(int64(), 3, Layout::C));
    CHECK(ty("array(float64, 2d, F)") == array(float64(), 2, Layout::F));
    Signature s = sig("void(float32[:], float32[:, :])");
    CHECK(s.ret == none());
    CHECK(s.args == std::vector<const Type*>{array(float32(), 1, Layout::A), array(float32(), 2, Layout::A)});
    s = sig("int64[:](int64[:])");
    CHECK(s.ret == array(int64(), 1, Layout::A));
}

TEST_CASE("tuple types", "[types]") {
    CHECK(ty("UniTuple(float64, 2)") == tuple({float64(), float64()}));
    CHECK(ty("Tuple(int64, float64)") == tuple({int64(), float64()}));
    CHECK(ty("Tuple(int64, UniTuple(f4, 2))") == tuple({int64(), tuple({float32(), float32()})}));
    CHECK(sig("UniTuple(float32, 2)(float32, float32)").ret == tuple({float32(), float32()}));
    // Numba's constructor form: one sequence of the element types
    CHECK(ty("Tuple((float64, int64))") == tuple({float64(), int64()}));
    CHECK(ty("Tuple([int64, UniTuple(f4, 2)])") == tuple({int64(), tuple({float32(), float32()})}));
    CHECK(ty("Tuple((int64,))") == tuple({int64()}));
    CHECK(sig("Tuple((float64, int64))(float64[:])").ret == tuple({float64(), int64()}));
}

TEST_CASE("signature errors point at the column", "[types]") {
    Error e = sig_error("float32(float32, flot32)");
    CHECK(e.line == 5);
    CHECK(e.col == 10 + 17);
    CHECK_THAT(e.message, Catch::Contains("unknown type 'flot32'"));
    e = sig_error("float32(float32");
    CHECK(e.col == 10 + 15);
    CHECK_THAT(e.message, Catch::Contains("expected ',' or ')'"));
    e = sig_error("float32");
    CHECK_THAT(e.message, Catch::Contains("expected '('"));
    e = sig_error("float32(void)");
    CHECK(e.col == 10 + 8);
    CHECK_THAT(e.message, Catch::Contains("'void' is only allowed as the return type"));
    e = sig_error("float32(float32[:, 1])");
    CHECK(e.col == 10 + 19);
    e = sig_error("void(float32[::1, ::1])");
    CHECK_THAT(e.message, Catch::Contains("'::1'"));
    e = sig_error("float32(float32) junk");
    CHECK(e.col == 10 + 17);
    e = sig_error("UniTuple(float32, 0)(int64)");
    CHECK_THAT(e.message, Catch::Contains("between 1 and 64"));
    e = sig_error("Tuple((int64 float64))(int64)");
    CHECK_THAT(e.message, Catch::Contains("expected ')' or ']' closing the tuple's types"));
    e = error_of([] { parse_type("", kLoc); });
    CHECK_THAT(e.message, Catch::Contains("expected a type name"));
}
