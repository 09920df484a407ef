// Calls with a starred argument, f(a, *t) (syntax::Starred, types/infer_spread.cpp): t is
// evaluated once, then the spread call of its length runs with t's items as arguments, each
// read from t as `t[i]` would be (borrowed, as any item of a tuple).
#include "codegen/lower_context.hpp"

#include "syntax/internal_error.hpp"

namespace ujit::codegen {

using namespace syntax;

llvm::Value* FunctionLowering::spread_call(const Call* e, const Starred* star) {
    const Type* t = type_of(star->value);
    const size_t n = t->elements().size();
    UJIT_INTERNAL_ASSERT(n < star->spread.size(), e->loc, "a starred tuple longer than its spread calls");
    spread_tuples_[star] = expr(star->value);
    llvm::Value* v = expr(star->spread[n]);
    spread_tuples_.erase(star);
    return v;
}

llvm::Value* FunctionLowering::star_item(const StarItem* e) {
    auto it = spread_tuples_.find(e->from);
    UJIT_INTERNAL_ASSERT(it != spread_tuples_.end(), e->loc, "an item of a starred argument outside its call");
    const Type* t = type_of(e->from->value);
    const Type* item = t->elements()[e->index];
    if (item->is_none()) return nullptr;  // None has no run-time data
    return convert_or_fail(b.CreateExtractValue(it->second, e->index), item, type_of(e), e->loc);
}

}  // namespace ujit::codegen
