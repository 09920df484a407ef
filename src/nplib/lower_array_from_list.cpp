// np.array(l) / np.asarray(l) of nested lists (types/infer_alloc.cpp, array_of_list): the
// shape is read from the first item at each level (0 below an empty list), every list is
// checked against it (Numba's ValueError "incompatible sequence shape" for ragged lists),
// and the numbers are stored in C order, converted to the array's dtype; tuples at the
// bottom add their fixed dimensions.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

namespace ujit::codegen {

using namespace syntax;
using types::Type;

llvm::Value* FunctionLowering::array_from_list(llvm::Value* list, const Type* lt, const Type* rt, SourceLoc loc) {
    const Type* dt = rt->dtype();
    std::vector<const Type*> levels;  // the list type at each level
    const Type* leaf = lt;
    for (; leaf->is_list(); leaf = leaf->item()) levels.push_back(leaf);
    int64_t per_leaf = 1;  // numbers in one leaf (a tuple's, nested tuples included)
    std::vector<llvm::Value*> dims{list_size(list)};
    llvm::Value* first = list;  // the first list at the current level (valid where its dims are > 0)
    for (size_t level = 1; level < levels.size(); ++level) {
        llvm::AllocaInst* dim = entry_alloca(b.getInt64Ty(), "array.dim");
        llvm::AllocaInst* row = entry_alloca(value_type(mod.ctx, levels[level]), "array.first");
        b.CreateStore(b.getInt64(0), dim);
        llvm::BasicBlock* some = new_block("array.first.some");
        llvm::BasicBlock* next = new_block("array.first.next");
        b.CreateCondBr(b.CreateICmpSGT(dims.back(), b.getInt64(0)), some, next);
        b.SetInsertPoint(some);
        llvm::Value* item = list_load(first, levels[level - 1], b.getInt64(0));
        b.CreateStore(item, row);
        b.CreateStore(list_size(item), dim);
        b.CreateBr(next);
        b.SetInsertPoint(next);
        dims.push_back(b.CreateLoad(b.getInt64Ty(), dim));
        first = b.CreateLoad(value_type(mod.ctx, levels[level]), row);
    }
    for (const Type* t = leaf; t->is_tuple() && !t->elements().empty(); t = t->elements()[0]) {
        dims.push_back(b.getInt64(static_cast<int64_t>(t->elements().size())));
        per_leaf *= static_cast<int64_t>(t->elements().size());
    }
    llvm::Value* a = allocate_array(rt, dims, loc, "np.array()");
    llvm::Value* data = array_data(b, a);
    llvm::Type* storage = storage_type(mod.ctx, dt);
    std::function<void(llvm::Value*, const Type*, llvm::Value*)> store_leaf = [&](llvm::Value* v, const Type* t,
                                                                                  llvm::Value* at) {
        if (!t->is_tuple()) {
            b.CreateStore(to_storage(b, convert_or_fail(v, t, dt, loc), dt), b.CreateInBoundsGEP(storage, data, at));
            return;
        }
        int64_t inner = 1;  // numbers per element of this tuple
        for (const Type* u = t->elements().empty() ? nullptr : t->elements()[0]; u && u->is_tuple();
             u = u->elements().empty() ? nullptr : u->elements()[0])
            inner *= static_cast<int64_t>(u->elements().size());
        for (unsigned k = 0; k < t->elements().size(); ++k)
            store_leaf(b.CreateExtractValue(v, k), t->elements()[k], b.CreateAdd(at, b.getInt64(k * inner)));
    };
    std::function<void(size_t, llvm::Value*, llvm::Value*)> fill = [&](size_t level, llvm::Value* l,
                                                                       llvm::Value* base) {
        llvm::Value* n = list_size(l);
        if (level > 0) raise_if(b.CreateICmpNE(n, dims[level]), "ValueError", "incompatible sequence shape", loc);
        counted_range(n, [&](llvm::Value* k) {
            llvm::Value* at = b.CreateAdd(b.CreateMul(base, dims[level]), k);
            llvm::Value* item = list_load(l, levels[level], k);
            if (level + 1 < levels.size()) return fill(level + 1, item, at);
            store_leaf(item, levels[level]->item(), b.CreateMul(at, b.getInt64(per_leaf)));
        });
    };
    fill(0, list, b.getInt64(0));
    return a;
}

}  // namespace ujit::codegen
