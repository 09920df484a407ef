// Numba's operator typing rules (numba/core/typing/builtins.py, the integer-typing NBEP,
// NumPy's promote_types) as tables.
#include "types_test_util.hpp"

using namespace ujit::types;
using ujit::syntax::BinOp;
using ujit::syntax::CmpOp;
using ujit::syntax::UnaryOp;

namespace {
const Type* i8() { return integer(8, true); }
const Type* i16() { return integer(16, true); }
const Type* u8() { return integer(8, false); }
const Type* u32() { return integer(32, false); }
}  // namespace

TEST_CASE("types are interned and spelled like Numba", "[types]") {
    CHECK(integer(32, true) == int32());
    CHECK(tuple({int64(), int64()}) == tuple({int64(), int64()}));
    CHECK(tuple({int64(), int64()})->str() == "UniTuple(int64 x 2)");
    CHECK(tuple({int64(), float64()})->str() == "Tuple(int64, float64)");
    CHECK(array(float32(), 2, Layout::C)->str() == "array(float32, 2d, C)");
    CHECK(array(float32(), 1, Layout::A) != array(float32(), 1, Layout::C));
    CHECK(boolean()->str() == "bool");
    CHECK(none()->str() == "none");
    CHECK(complex(64)->dtype() == float32());
    CHECK(complex(128)->itemsize() == 16);
    CHECK(integer(16, false)->str() == "uint16");
    CHECK(dtype_obj(float32())->scalar() == float32());
    CHECK(builtin_func(BuiltinId::MathSqrt)->builtin() == BuiltinId::MathSqrt);
    CHECK(std::string(builtin_name(BuiltinId::CudaThreadIdxY)) == "cuda.threadIdx.y");
    CHECK(std::string(builtin_name(BuiltinId::CudaAtomicAnd)) == "cuda.atomic.and_");
}

TEST_CASE("scalar names", "[types]") {
    CHECK(scalar_from_name("f4") == float32());
    CHECK(scalar_from_name("f8") == float64());
    CHECK(scalar_from_name("i4") == int32());
    CHECK(scalar_from_name("intp") == int64());
    CHECK(scalar_from_name("u1") == u8());
    CHECK(scalar_from_name("b1") == boolean());
    CHECK(scalar_from_name("c16") == complex(128));
    CHECK(scalar_from_name("complex64") == complex(64));
    CHECK(scalar_from_name("float") == nullptr);
    CHECK(scalar_from_name("floa32") == nullptr);
}

TEST_CASE("integer arithmetic widens to 64 bits", "[types]") {
    auto add = [](const Type* a, const Type* b) { return binary_op_types(BinOp::Add, a, b); };
    CHECK(add(int32(), int32()).result == int64());
    CHECK(add(int32(), int32()).operand == int64());
    CHECK(add(i8(), i16()).result == int64());
    CHECK(add(u8(), u32()).result == uint64());
    CHECK(add(u8(), int32()).result == int64());
    CHECK(add(int64(), uint64()).result == int64());
    CHECK(add(boolean(), boolean()).result == int64());
    CHECK(binary_op_types(BinOp::Mul, uint64(), uint64()).result == uint64());
    CHECK(binary_op_types(BinOp::FloorDiv, int32(), int64()).result == int64());
    CHECK(binary_op_types(BinOp::Mod, i16(), i16()).result == int64());
}

TEST_CASE("mixed int and float follow NumPy promotion", "[types]") {
    auto add = [](const Type* a, const Type* b) { return binary_op_types(BinOp::Add, a, b).result; };
    CHECK(add(float32(), float32()) == float32());
    CHECK(add(float32(), int64()) == float64());  // the float64 trap: x + 1
    CHECK(add(float32(), int32()) == float64());
    CHECK(add(float32(), i16()) == float32());
    CHECK(add(i8(), float32()) == float32());
    CHECK(add(u8(), float32()) == float32());
    CHECK(add(float32(), float64()) == float64());
    CHECK(add(float32(), boolean()) == float32());
    CHECK(add(complex(64), float32()) == complex(64));
    CHECK(add(complex(64), float64()) == complex(128));
    CHECK(add(complex(64), int64()) == complex(128));
}

TEST_CASE("true division", "[types]") {
    auto div = [](const Type* a, const Type* b) { return binary_op_types(BinOp::Div, a, b); };
    CHECK(div(int64(), int64()).result == float64());
    CHECK(div(int64(), int64()).operand == float64());
    CHECK(div(int32(), i8()).result == float64());
    CHECK(div(float32(), float32()).result == float32());
    CHECK(div(float32(), i16()).result == float32());
    CHECK(div(float32(), int64()).result == float64());
    CHECK(binary_op_types(BinOp::FloorDiv, complex(128), complex(128)).result == nullptr);
    CHECK(binary_op_types(BinOp::Mod, complex(128), float64()).result == nullptr);
}

TEST_CASE("power", "[types]") {
    auto pw = [](const Type* a, const Type* b) { return binary_op_types(BinOp::Pow, a, b); };
    CHECK(pw(int64(), int64()).result == int64());
    CHECK(pw(int32(), int32()).result == int64());
    OpTypes f32i = pw(float32(), int64());
    CHECK(f32i.result == float32());
    CHECK(f32i.operand == float32());
    CHECK(f32i.rhs_operand == int64());
    CHECK(pw(float64(), int32()).result == float64());
    CHECK(pw(float32(), float32()).result == float32());
    CHECK(pw(float32(), float64()).result == float64());
    CHECK(pw(int64(), float64()).result == float64());
    CHECK(pw(int64(), float64()).rhs_operand == nullptr);
}

TEST_CASE("shifts and bitwise operators", "[types]") {
    CHECK(binary_op_types(BinOp::LShift, int32(), int64()).result == int64());
    CHECK(binary_op_types(BinOp::RShift, u8(), int64()).result == uint64());
    CHECK(binary_op_types(BinOp::LShift, float64(), int64()).result == nullptr);
    CHECK(binary_op_types(BinOp::BitAnd, boolean(), boolean()).result == boolean());
    CHECK(binary_op_types(BinOp::BitOr, boolean(), int32()).result == int64());
    CHECK(binary_op_types(BinOp::BitXor, u32(), u8()).result == uint64());
    CHECK(binary_op_types(BinOp::BitAnd, float32(), float32()).result == nullptr);
}

TEST_CASE("comparisons give bool", "[types]") {
    OpTypes r = compare_op_types(CmpOp::Lt, float32(), int64());
    CHECK(r.result == boolean());
    CHECK(r.operand == float64());
    CHECK(compare_op_types(CmpOp::Lt, int32(), int32()).operand == int32());
    CHECK(compare_op_types(CmpOp::Eq, float32(), float32()).operand == float32());
    CHECK(compare_op_types(CmpOp::Lt, complex(128), complex(128)).result == nullptr);
    CHECK(compare_op_types(CmpOp::Eq, complex(128), complex(128)).result == boolean());
    CHECK(compare_op_types(CmpOp::Lt, tuple({int64()}), int64()).result == nullptr);
}

TEST_CASE("unary operators", "[types]") {
    CHECK(unary_op_types(UnaryOp::Neg, int32()).result == int64());
    CHECK(unary_op_types(UnaryOp::Neg, u8()).result == uint64());
    CHECK(unary_op_types(UnaryOp::Neg, boolean()).result == int64());
    CHECK(unary_op_types(UnaryOp::Neg, float32()).result == float32());
    CHECK(unary_op_types(UnaryOp::Invert, boolean()).result == boolean());
    CHECK(unary_op_types(UnaryOp::Invert, i16()).result == int64());
    CHECK(unary_op_types(UnaryOp::Invert, float64()).result == nullptr);
    CHECK(unary_op_types(UnaryOp::Not, float64()).result == boolean());
}

TEST_CASE("promotion, unification and conversion", "[types]") {
    CHECK(promote(int32(), int64()) == int64());
    CHECK(promote(int32(), int32()) == int32());
    CHECK(promote(int64(), uint64()) == float64());
    CHECK(promote(u8(), i8()) == i16());
    CHECK(promote(u32(), int32()) == int64());
    CHECK(promote(int64(), float32()) == float64());
    CHECK(promote(boolean(), i8()) == i8());
    CHECK(unify(int64(), float64()) == float64());
    CHECK(unify(tuple({int64(), float32()}), tuple({float64(), float32()})) == tuple({float64(), float32()}));
    CHECK(unify(tuple({int64()}), tuple({int64(), int64()})) == nullptr);
    CHECK(unify(tuple({int64()}), float64()) == nullptr);
    CHECK(unify(array(float32(), 1, Layout::C), array(float32(), 1, Layout::F)) == array(float32(), 1, Layout::A));
    CHECK(unify(none(), int64()) == nullptr);
    CHECK(can_convert(float64(), i16()));
    CHECK_FALSE(can_convert(complex(128), float64()));
    CHECK(can_convert(tuple({int64(), int64()}), tuple({float64(), float32()})));
    CHECK_FALSE(can_convert(tuple({int64()}), int64()));
    CHECK(can_convert(array(float32(), 1, Layout::C), array(float32(), 1, Layout::A)));
    CHECK_FALSE(can_convert(array(float32(), 1, Layout::A), array(float32(), 1, Layout::C)));
}
