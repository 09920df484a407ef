// np.isin(element, test_elements, assume_unique, invert) (typed by nplib/arrangement_typing.cpp):
// the test elements flattened into a sorted copy; then for integers whose values span little
// (NumPy's kind='table' heuristic) a table of which values are present, one lookup per element,
// else for each element a binary search (np.searchsorted's, lower_search.cpp) and one
// comparison in the promoted type. Equal means ==, so a NaN is in nothing, as in NumPy's and
// Numba's sort-based _in1d. assume_unique only promises something NumPy may use; the result is
// the same without it.
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
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < rt->ndim(); ++k) dims.push_back(array_dim(b, element.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, dims, loc, "np.isin()"), rt};
    llvm::Value* m = array_dim(b, sorted.v, 0);
    // The binary search: where each element would go in the sorted copy (np.searchsorted, an
    // int64 array of element's shape), then one comparison there in searchsorted's type.
    auto by_search = [&] {
        const Type* pos_t =
            element.t->is_array() ? types::array(types::int64(), element.t->ndim(), Layout::C) : types::int64();
        llvm::Value* positions = searchsorted(sorted, element, false, pos_t, loc);
        const Type* ct = types::promote(tdt->is_bool() ? types::int64() : tdt, edt->is_bool() ? types::int64() : edt);
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
        if (!element.t->is_array()) {  // a 0-d result
            b.CreateStore(to_storage(b, found(element.v, positions), types::boolean()), array_data(b, out.v));
            return;
        }
        llvm::Type* est = storage_type(mod.ctx, edt);
        auto store = [&](const std::vector<llvm::Value*>& p) {
            llvm::Value* x = from_storage(b, b.CreateLoad(est, p[0]), edt);
            llvm::Value* hit = found(x, b.CreateLoad(b.getInt64Ty(), p[1]));
            b.CreateStore(to_storage(b, hit, types::boolean()), p[2]);
        };
        if (rt->ndim() == 0) return store({array_data(b, element.v), array_data(b, positions), array_data(b, out.v)});
        elementwise_loop(dims, {element, {positions, pos_t}, out}, store);
    };
    auto small_int = [](const Type* t) { return t->is_bool() || (t->is_int() && (t->is_signed() || t->bits() < 64)); };
    if (!element.t->is_array() || rt->ndim() == 0 || !small_int(tdt) || !small_int(edt)) {
        by_search();
        return out.v;
    }
    // Integers whose values span little: NumPy's table (kind='table'), one lookup per element;
    // else (or with no test elements) the binary search.
    llvm::BasicBlock* check = new_block("isin.span");
    llvm::BasicBlock* table = new_block("isin.table");
    llvm::BasicBlock* search = new_block("isin.search");
    llvm::BasicBlock* done = new_block("isin.done");
    b.CreateCondBr(b.CreateICmpSGT(m, b.getInt64(0)), check, search);
    b.SetInsertPoint(check);
    auto item = [&](llvm::Value* i) {
        return convert_or_fail(lane_element(array_data(b, sorted.v), b.getInt64(tdt->itemsize()), i, tdt, tdt, loc),
                               tdt, types::int64(), loc);
    };
    llvm::Value* lo = item(b.getInt64(0));
    llvm::Value* hi = item(b.CreateSub(m, b.getInt64(1)));
    llvm::Value* span = b.CreateSub(hi, lo);  // from 0 to 2**64 - 1: compared unsigned
    llvm::Value* n = b.getInt64(1);
    for (llvm::Value* d : dims) n = b.CreateMul(n, d);
    llvm::Value* budget = b.CreateMul(b.CreateAdd(n, m), b.getInt64(6));  // NumPy's heuristic, about
    b.CreateCondBr(b.CreateICmpULE(span, budget), table, search);
    b.SetInsertPoint(table);
    const Type* table_t = types::array(types::boolean(), 1, Layout::C);
    llvm::Value* present = allocate_array(table_t, {b.CreateAdd(span, b.getInt64(1))}, loc, "np.isin()");
    llvm::Value* bytes = array_data(b, present);
    b.CreateMemSet(bytes, b.getInt8(0), b.CreateAdd(span, b.getInt64(1)), llvm::MaybeAlign(1));
    counted_range(m, [&](llvm::Value* i) {
        b.CreateStore(b.getInt8(1), b.CreateGEP(b.getInt8Ty(), bytes, b.CreateSub(item(i), lo)));
    });
    llvm::Type* est = storage_type(mod.ctx, edt);
    elementwise_loop(dims, {element, out}, [&](const std::vector<llvm::Value*>& p) {
        llvm::Value* x = convert_or_fail(from_storage(b, b.CreateLoad(est, p[0]), edt), edt, types::int64(), loc);
        llvm::Value* at = b.CreateSub(x, lo);
        llvm::Value* inside = b.CreateICmpULE(at, span);
        llvm::Value* mark =
            b.CreateLoad(b.getInt8Ty(), b.CreateGEP(b.getInt8Ty(), bytes, b.CreateSelect(inside, at, b.getInt64(0))));
        llvm::Value* hit = b.CreateAnd(inside, b.CreateICmpNE(mark, b.getInt8(0)));
        if (invert) hit = b.CreateXor(hit, invert);
        b.CreateStore(to_storage(b, hit, types::boolean()), p[1]);
    });
    b.CreateBr(done);
    b.SetInsertPoint(search);
    by_search();
    b.CreateBr(done);
    b.SetInsertPoint(done);
    return out.v;
}

}  // namespace ujit::codegen
