// Numba's Optional(T) (numba/core/types/misc.py Optional, NoneType.unify, and the templates
// that retry a call with Optional arguments unpacked) as ujit's typing rules.
#include "types_test_util.hpp"

#include "types/optional_rules.hpp"

using namespace ujit::types;
using ujit::syntax::BinOp;
using ujit::syntax::CmpOp;
using ujit::syntax::UnaryOp;

TEST_CASE("None meets a value as Optional, spelled as Numba spells it", "[types][optional]") {
    const Type* oi = optional(int64());
    CHECK(oi->str() == "OptionalType(int64)");
    CHECK(oi->optional_of() == int64());
    CHECK(optional(oi) == oi);  // Optional(Optional(T)) = Optional(T)
    CHECK(optional(none()) == none());
    CHECK(unify_or_optional(none(), int64()) == oi);
    CHECK(unify_or_optional(int64(), none()) == oi);
    CHECK(unify_or_optional(oi, none()) == oi);
    CHECK(unify_or_optional(oi, float64()) == optional(float64()));  // the payloads unify
    CHECK(unify_or_optional(optional(int32()), optional(int64())) == oi);
    CHECK(unify_or_optional(none(), none()) == none());
    CHECK(unify_or_optional(int64(), float64()) == float64());  // no None: unify's answer
    CHECK(unify_or_optional(none(), list_of(int64())) == nullptr);  // not lowered by ujit yet
    CHECK(unify(none(), int64()) == nullptr);  // containers' items keep unify's rule
    CHECK(optional_struct(oi) == tuple({int64(), boolean()}));
}

TEST_CASE("an Optional converts where its payload does", "[types][optional]") {
    const Type* oi = optional(int64());
    CHECK(can_convert(none(), oi));
    CHECK(can_convert(int32(), oi));
    CHECK(can_convert(oi, float64()));  // checked at run time
    CHECK(can_convert(oi, optional(float64())));
    CHECK_FALSE(can_convert(optional(complex(128)), float64()));
}

TEST_CASE("operators take an Optional's payload, `is None` and `== None` test presence", "[types][optional]") {
    const Type* oi = optional(int64());
    CHECK(binary_op_types(BinOp::Add, oi, int64()).result == int64());
    CHECK(binary_op_types(BinOp::Div, int64(), oi).result == float64());
    CHECK(unary_op_types(UnaryOp::Neg, oi).result == int64());
    CHECK(compare_op_types(CmpOp::Lt, oi, float64()).operand == float64());
    for (CmpOp op : {CmpOp::Is, CmpOp::IsNot, CmpOp::Eq, CmpOp::Ne}) {
        CHECK(compare_op_types(op, oi, none()).operand == oi);
        CHECK(compare_op_types(op, none(), oi).result == boolean());
    }
}
