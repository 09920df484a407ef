// sum(iterable[, start]) over a tuple, and sum/min/max over whatever iter_source reads (a
// range, a 1-D array, a list, a dict, a set, a dict view; min/max of a tuple is
// lower_calls.cpp's min_max): Numba's overloads, an accumulator updated item by item
// (types/infer_iter.cpp typed the result).
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::iterable_reduce(const Call* e, BuiltinId id) {
    const Type* rt = type_of(e);
    const Expr* arg = e->args[0];
    const bool is_sum = id == BuiltinId::Sum;
    llvm::AllocaInst* acc = entry_alloca(value_type(mod.ctx, rt), "acc");
    // Numba's loop body: `acc += x` for sum, `if x op acc: acc = x` for min/max.
    auto combine = [&](llvm::Value* x, const Type* xt) {
        llvm::Value* cur = b.CreateLoad(acc->getAllocatedType(), acc);
        if (is_sum) {
            TypedValue s = binary_values(BinOp::Add, cur, rt, x, xt, nullptr, e->loc);
            b.CreateStore(convert_or_fail(s.v, s.t, rt, e->loc), acc);
            return;
        }
        x = convert_or_fail(x, xt, rt, e->loc);
        llvm::Value* take = compare_values(id == BuiltinId::Max ? CmpOp::Gt : CmpOp::Lt, x, rt, cur, rt, e->loc);
        b.CreateStore(b.CreateSelect(take, x, cur), acc);
    };
    if (is_sum) {
        llvm::Value* start =
            e->args.size() == 2 ? expr_as(e->args[1], rt) : convert_or_fail(b.getInt64(0), types::int64(), rt, e->loc);
        b.CreateStore(start, acc);
    }
    const Type* at = type_of(arg);
    if (at->is_tuple()) {
        UJIT_INTERNAL_ASSERT(is_sum, e->loc, "min/max of a tuple goes through min_max");
        llvm::Value* tv = expr(arg);
        for (unsigned i = 0; i < at->elements().size(); ++i) combine(b.CreateExtractValue(tv, i), at->elements()[i]);
        return b.CreateLoad(acc->getAllocatedType(), acc);
    }
    if (at->is_generator()) {  // gen: typing allows sum() only
        each_generator_item(arg, nullptr, [&](llvm::Value* x) { combine(x, at->yield_type()); });
        return b.CreateLoad(acc->getAllocatedType(), acc);
    }
    IterSource src = iter_source(arg);
    if (!is_sum) {
        // Numba takes the first item with next(), which raises StopIteration when empty.
        raise_if(b.CreateICmpSLE(src.length, b.getInt64(0)), "StopIteration", "", e->loc);
        b.CreateStore(convert_or_fail(src.item(b.getInt64(0)), src.item_type, rt, e->loc), acc);
    }
    counted_range(src.length, [&](llvm::Value* k) { combine(src.item(k), src.item_type); });
    return b.CreateLoad(acc->getAllocatedType(), acc);
}

}  // namespace ujit::codegen
