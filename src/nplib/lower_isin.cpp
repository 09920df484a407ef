// np.isin(element, test_elements, assume_unique, invert) (typed by nplib/arrangement_typing.cpp):
// the test elements flattened into a sorted copy, then for each element a binary search
// (np.searchsorted's, lower_search.cpp) and one comparison in the promoted type. Equal means
// ==, so a NaN is in nothing, as in NumPy's and Numba's sort-based _in1d. assume_unique only
// promises something NumPy may use; the result is the same without it.
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "types/rules.hpp"

namespace ujit::codegen {

using types::Layout;
using types::Type;

llvm::Value* FunctionLowering::isin(TypedValue element, TypedValue test, llvm::Value* invert, const Type* rt,
                                    syntax::SourceLoc loc) {
    const Type* tdt = test.t->is_array() ? test.t->dtype() : test.t;
    const Type* edt = element.t->is_array() ? element.t->dtype() : element.t;
    const Type* flat_t = types::array(tdt, 1, Layout::C);
    TypedValue sorted{nullptr, flat_t};
    if (test.t->is_array()) {
        sorted.v = flattened(test, flat_t, loc);
    } else {
        sorted.v = allocate_array(flat_t, {b.getInt64(1)}, loc, "np.isin()");
        b.CreateStore(to_storage(b, test.v, tdt), array_data(b, sorted.v));
    }
    sort_rows(sorted);
    // Where each element would go in the sorted copy (an int64 array of element's shape).
    const Type* pos_t =
        element.t->is_array() ? types::array(types::int64(), element.t->ndim(), Layout::C) : types::int64();
    llvm::Value* positions = searchsorted(sorted, element, false, pos_t, loc);
    // searchsorted's comparison type (bool as int64).
    const Type* ct = types::promote(tdt->is_bool() ? types::int64() : tdt, edt->is_bool() ? types::int64() : edt);
    llvm::Value* m = array_dim(b, sorted.v, 0);
    auto found = [&](llvm::Value* x, llvm::Value* p) -> llvm::Value* {
        llvm::Value* y = convert_or_fail(x, edt, ct, loc);
        llvm::BasicBlock* from = b.GetInsertBlock();
        llvm::BasicBlock* compare = new_block("isin.compare");
        llvm::BasicBlock* join = new_block("isin.join");
        b.CreateCondBr(b.CreateICmpSLT(p, m), compare, join);  // past the end: found nowhere
        b.SetInsertPoint(compare);
        llvm::Value* s = lane_element(array_data(b, sorted.v), b.getInt64(tdt->itemsize()), p, tdt, ct, loc);
        llvm::Value* eq = ct->is_float() ? b.CreateFCmpOEQ(s, y) : b.CreateICmpEQ(s, y);
        llvm::BasicBlock* compared = b.GetInsertBlock();
        b.CreateBr(join);
        b.SetInsertPoint(join);
        llvm::PHINode* hit = b.CreatePHI(b.getInt1Ty(), 2, "isin.hit");
        hit->addIncoming(b.getFalse(), from);
        hit->addIncoming(eq, compared);
        return invert ? b.CreateXor(hit, invert) : hit;
    };
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < rt->ndim(); ++k) dims.push_back(array_dim(b, element.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, dims, loc, "np.isin()"), rt};
    if (!element.t->is_array()) {  // a 0-d result
        b.CreateStore(to_storage(b, found(element.v, positions), types::boolean()), array_data(b, out.v));
        return out.v;
    }
    const Type* pt = pos_t;
    llvm::Type* est = storage_type(mod.ctx, edt);
    auto store = [&](const std::vector<llvm::Value*>& p) {
        llvm::Value* x = from_storage(b, b.CreateLoad(est, p[0]), edt);
        llvm::Value* hit = found(x, b.CreateLoad(b.getInt64Ty(), p[1]));
        b.CreateStore(to_storage(b, hit, types::boolean()), p[2]);
    };
    if (rt->ndim() == 0) {
        store({array_data(b, element.v), array_data(b, positions), array_data(b, out.v)});
        return out.v;
    }
    elementwise_loop(dims, {element, {positions, pt}, out}, store);
    return out.v;
}

}  // namespace ujit::codegen
