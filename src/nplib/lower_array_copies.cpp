// Indexing that copies (NumPy's advanced indexing, as Numba supports it): a[mask] with a
// boolean array of a's shape gives a new 1-D array of the selected items in C order;
// a[idx] with one integer array gives a new array of the rows it picks (negative indices
// wrap; an index out of range is IndexError, checked always, as NumPy does for these).
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

llvm::Value* FunctionLowering::take_rows(const Subscript* e) {
    const Type* at = type_of(e->value);
    const Type* it = type_of(e->index);
    const Type* rt = type_of(e);
    llvm::Value* arr = expr(e->value);
    llvm::Value* idx = expr(e->index);
    // The result: idx's shape, then a's shape after its first axis; C order.
    std::vector<llvm::Value*> dims, rest;
    for (int k = 0; k < it->ndim(); ++k) dims.push_back(array_dim(b, idx, static_cast<unsigned>(k)));
    llvm::Value* row_items = b.getInt64(1);
    for (int k = 1; k < at->ndim(); ++k) {
        rest.push_back(array_dim(b, arr, static_cast<unsigned>(k)));
        row_items = b.CreateMul(row_items, rest.back());
    }
    dims.insert(dims.end(), rest.begin(), rest.end());
    llvm::Value* out = allocate_array(rt, dims, e->loc, "indexing with an integer array");
    const Type* dt = at->dtype();
    llvm::Value* row_bytes = b.CreateMul(row_items, b.getInt64(dt->itemsize()));
    llvm::Value* size0 = array_dim(b, arr, 0);
    llvm::AllocaInst* j = entry_alloca(b.getInt64Ty(), "take.row");
    b.CreateStore(b.getInt64(0), j);
    std::vector<llvm::Value*> idx_dims(dims.begin(), dims.begin() + it->ndim());
    elementwise_loop(idx_dims, {{idx, it}}, [&](const std::vector<llvm::Value*>& ptrs) {
        const Type* idt = it->dtype();
        llvm::Value* raw = from_storage(b, b.CreateLoad(storage_type(mod.ctx, idt), ptrs[0]), idt);
        llvm::Value* i = convert_or_fail(raw, idt, types::int64(), e->loc);
        if (idt->is_signed()) i = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, size0), i);
        check_error_values(b.CreateICmpUGE(i, size0), int(RuntimeError::IndexOutOfBounds), e->index->loc,
                           {convert_or_fail(raw, idt, types::int64(), e->loc), b.getInt64(0), size0});
        llvm::Value* row = b.CreateLoad(b.getInt64Ty(), j);
        llvm::Value* dest = b.CreateGEP(b.getInt8Ty(), array_data(b, out), b.CreateMul(row, row_bytes));
        const Type* item_t = nullptr;
        llvm::Value* item = array_item0(arr, at, i, &item_t);
        if (at->ndim() == 1) {
            b.CreateStore(to_storage(b, item, dt), dest);
        } else {
            const Type* ct = types::array(dt, at->ndim() - 1, types::Layout::C);
            std::vector<llvm::Value*> strides(rest.size());
            llvm::Value* step = b.getInt64(dt->itemsize());
            for (size_t k = rest.size(); k-- > 0;) {
                strides[k] = step;
                step = b.CreateMul(step, rest[k]);
            }
            copy_array({make_view(b, out, ct, dest, rest, strides), ct}, {item, item_t}, e->loc);
        }
        b.CreateStore(b.CreateAdd(row, b.getInt64(1)), j);
    });
    return out;
}

}  // namespace ujit::codegen
