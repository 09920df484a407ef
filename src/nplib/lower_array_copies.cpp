// Indexing that copies (NumPy's advanced indexing, as Numba supports it): a[mask] with a
// boolean array of a's shape gives a new 1-D array of the selected items in C order (an
// integer-array index: nplib/lower_fancy_index.cpp).
#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"

namespace ujit::codegen {

using namespace syntax;
using nplib::ArrayExpr;
using types::Type;

llvm::Value* FunctionLowering::masked_copy(const Subscript* e) {
    const Type* at = type_of(e->value);
    const Type* rt = type_of(e);
    llvm::Value* arr = expr(e->value);
    std::vector<ArrayExpr*> leaves;
    std::unique_ptr<ArrayExpr> mask = array_expr_tree(e->index, leaves);
    std::vector<llvm::Value*> dims;
    for (int k = 0; k < at->ndim(); ++k) dims.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
    std::vector<TypedValue> arrays = leaf_views(leaves, dims, e->index->loc, /*into=*/true);
    arrays.push_back({arr, at});
    auto selected = [&](const std::vector<llvm::Value*>& ptrs) {
        return truth(b, array_expr_element(*mask, ptrs), mask->elem_type());
    };
    // Two passes: count, then copy (the mask is evaluated again rather than stored).
    llvm::AllocaInst* count = entry_alloca(b.getInt64Ty(), "mask.count");
    b.CreateStore(b.getInt64(0), count);
    elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& ptrs) {
        llvm::Value* n = b.CreateLoad(b.getInt64Ty(), count);
        b.CreateStore(b.CreateAdd(n, b.CreateZExt(selected(ptrs), b.getInt64Ty())), count);
    });
    llvm::Value* out = allocate_array(rt, {b.CreateLoad(b.getInt64Ty(), count)}, e->loc, "boolean-mask indexing");
    llvm::Type* st = storage_type(mod.ctx, at->dtype());
    llvm::Value* data = array_data(b, out);
    b.CreateStore(b.getInt64(0), count);
    elementwise_loop(dims, arrays, [&](const std::vector<llvm::Value*>& ptrs) {
        llvm::BasicBlock* take = new_block("mask.take");
        llvm::BasicBlock* next = new_block("mask.next");
        b.CreateCondBr(selected(ptrs), take, next);
        b.SetInsertPoint(take);
        llvm::Value* n = b.CreateLoad(b.getInt64Ty(), count);
        b.CreateStore(b.CreateLoad(st, ptrs.back()), b.CreateGEP(st, data, n));
        b.CreateStore(b.CreateAdd(n, b.getInt64(1)), count);
        b.CreateBr(next);
        b.SetInsertPoint(next);
    });
    return out;
}

}  // namespace ujit::codegen
