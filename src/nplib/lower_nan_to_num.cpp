// np.nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None) (typed by
// nplib/arrangement_typing.cpp), as Numba's nan_to_num_impl: integers and booleans are x
// itself; floats have NaN replaced by `nan`, +inf by `posinf` (default: the type's largest
// value) and -inf by `neginf` (default: its most negative); complex numbers have each part
// replaced so. Arrays are fixed in a copy, or in place with copy=False.
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/array_views.hpp"

#include <llvm/ADT/APFloat.h>

namespace ujit::codegen {

using types::Layout;
using types::Type;

llvm::Value* FunctionLowering::nan_to_num(const std::vector<TypedValue>& args, const Type* rt, syntax::SourceLoc loc) {
    TypedValue x = args[0];
    const Type* dt = x.t->is_array() ? x.t->dtype() : x.t;
    if (!dt->is_float() && !dt->is_complex()) return x.v;  // nothing to replace
    const Type* ft = dt->is_complex() ? types::floating(dt->bits() / 2) : dt;
    llvm::Type* fl = value_type(mod.ctx, ft);
    auto replacement = [&](const TypedValue& given, bool largest, bool negative) -> llvm::Value* {
        if (given.v) return convert_or_fail(given.v, given.t, ft, loc);
        if (!largest) return llvm::ConstantFP::get(fl, 0.0);
        return llvm::ConstantFP::get(fl, llvm::APFloat::getLargest(fl->getFltSemantics(), negative));
    };
    llvm::Value* nan = replacement(args[2], false, false);
    llvm::Value* posinf = replacement(args[3], true, false);
    llvm::Value* neginf = replacement(args[4], true, true);
    llvm::Value* inf = llvm::ConstantFP::getInfinity(fl);
    auto fix = [&](llvm::Value* v) {  // one float
        v = b.CreateSelect(b.CreateFCmpUNO(v, v), nan, v);
        v = b.CreateSelect(b.CreateFCmpOEQ(v, inf), posinf, v);
        return b.CreateSelect(b.CreateFCmpOEQ(v, b.CreateFNeg(inf)), neginf, v);
    };
    auto fix_value = [&](llvm::Value* v) {
        if (!dt->is_complex()) return fix(v);
        v = b.CreateInsertValue(v, fix(b.CreateExtractValue(v, 0)), 0);
        return b.CreateInsertValue(v, fix(b.CreateExtractValue(v, 1)), 1);
    };
    if (!x.t->is_array()) return fix_value(x.v);
    // The array to fix: a copy, or with copy=False (known at run time) x itself.
    auto copy = [&] {
        const Type* ct = types::array(dt, x.t->ndim(), Layout::C);
        std::vector<llvm::Value*> shape;
        for (int k = 0; k < x.t->ndim(); ++k) shape.push_back(array_dim(b, x.v, static_cast<unsigned>(k)));
        llvm::Value* out = allocate_array(ct, shape, loc, "np.nan_to_num()");
        copy_array({out, ct}, x, loc);
        return out;
    };
    // copy=False (known at run time) keeps x; the copy is a temporary of the statement.
    llvm::Value* out = args[1].v ? nplib::kept_or_made(b, b.CreateNot(args[1].v), x.v, copy) : copy();
    llvm::Type* st = storage_type(mod.ctx, dt);
    for_each_element({out, rt}, [&](llvm::Value* p) {
        llvm::Value* v = from_storage(b, b.CreateLoad(st, p), dt);
        b.CreateStore(to_storage(b, fix_value(v), dt), p);
    });
    return out;
}

}  // namespace ujit::codegen
