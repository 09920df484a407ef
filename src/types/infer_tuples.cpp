// Tuple operations beyond indexing: t[lo:hi:step] (constant bounds, Numba's static_getitem)
// and t + t2 (Numba's TupleAdd); other operators on tuples are refused as Numba refuses them.
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/named_tuples.hpp"
#include "types/tuple_slices.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

namespace {

// The operator module's name of op, as Numba's "No implementation" error names the function.
const char* operator_name(BinOp op) {
    switch (op) {
    case BinOp::Add: return "add";
    case BinOp::Sub: return "sub";
    case BinOp::Mul: return "mul";
    case BinOp::Div: return "truediv";
    case BinOp::FloorDiv: return "floordiv";
    case BinOp::Mod: return "mod";
    case BinOp::Pow: return "pow";
    case BinOp::LShift: return "lshift";
    case BinOp::RShift: return "rshift";
    case BinOp::BitAnd: return "and_";
    case BinOp::BitOr: return "or_";
    case BinOp::BitXor: return "xor";
    case BinOp::MatMul: return "matmul";
    }
    return "?";
}

}  // namespace

// t[lo:hi:step]: Numba's static_getitem, bounds constant (literals or constants), any tuple.
// The positions taken go to F.constants under the slice's id, a UniTuple of int64.
const Type* Inferrer::tuple_slice(const Slice* slice, const Type* tuple) {
    auto bound = [&](const Expr* e) -> std::optional<int64_t> {
        if (!e) return std::nullopt;
        const Type* t = expr(e);
        std::optional<ConstValue> k = t ? constant_of(e) : std::nullopt;
        if (k && k->type->is_none()) return std::nullopt;
        if (!k || !k->type->is_int()) error(e->loc, tuple_slice_refusal(tuple->str(), slice->step ? 3 : 2));
        return k->i;
    };
    std::optional<int64_t> lo = bound(slice->lower), hi = bound(slice->upper), step = bound(slice->step);
    if (step == 0) error(slice->step->loc, "slice step cannot be zero");
    std::vector<int64_t> picks =
        slice_positions(static_cast<int64_t>(tuple->elements().size()), lo, hi, step.value_or(1));
    ConstValue positions;
    std::vector<const Type*> items;
    for (int64_t i : picks) {
        positions.elems.push_back(const_int(i));
        items.push_back(tuple->elements()[static_cast<size_t>(i)]);
    }
    positions.type = types::tuple(std::vector<const Type*>(picks.size(), int64()));
    fn_.constants[slice->id] = positions;
    return types::tuple(items);
}

// t + t2: a tuple of both's items (a UniTuple when they share one type). Named tuples, and
// every other operator (`t * 2` included), have no implementation in Numba.
const Type* Inferrer::tuple_binary(const Binary* b, const Type* l, const Type* r) {
    if (b->op == BinOp::Add && l->is_tuple() && r->is_tuple() && !is_named_tuple(l) && !is_named_tuple(r)) {
        std::vector<const Type*> items = l->elements();
        items.insert(items.end(), r->elements().begin(), r->elements().end());
        return types::tuple(items);
    }
    error(b->loc, fmt::format("No implementation of function Function(<built-in function {}>) found for signature: "
                              "{}({}, {})",
                              operator_name(b->op), operator_name(b->op), l->str(), r->str()));
}

}  // namespace ujit::types
