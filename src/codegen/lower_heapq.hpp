// heapq's heap functions (types/heapq_typing.hpp), as CPython's Lib/heapq.py and Numba's port
// of it (numba/cpython/heapq.py) write them: _siftdown and _siftup over the list's items in
// place. Sifting moves items between slots of one list, so no reference count changes; only
// what enters (a pushed item) or leaves (a popped one, owned by the statement) is counted.
// The list operations come from the function's lowering (codegen/lower_calls.cpp), as
// LibdeviceLowering's do.
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <functional>
#include <string>

namespace ujit::codegen {

struct HeapqLowering {
    llvm::IRBuilder<>& b;
    const types::Type* list_type;  // the heap's, or the list nsmallest/nlargest return
    std::function<llvm::Value*(size_t i, const types::Type* t)> arg{};  // the call's argument i, as t
    std::function<llvm::Value*(llvm::Value* list)> size{};
    std::function<void(llvm::Value* list, llvm::Value* n)> set_size{};
    std::function<llvm::Value*(llvm::Value* list, llvm::Value* i)> load{};  // the item, its count unchanged
    std::function<llvm::Value*(llvm::Value* list, llvm::Value* i)> slot{};  // where the item is stored
    std::function<void(llvm::Value* list, llvm::Value* i, llvm::Value* v)> store_new{};  // the list takes a reference
    std::function<void(llvm::Value* list, llvm::Value* v)> append{};  // the list takes a reference
    std::function<llvm::Value*(llvm::Value* a, llvm::Value* c)> less{};  // i1: a < c
    std::function<void(llvm::Value* cond, const char* class_name, const char* message)> raise_if{};
    std::function<void(llvm::Value* v)> own{};  // the statement holds v's one reference
    std::function<void(llvm::Value* v)> incref{};  // one more reference to v
    std::function<llvm::BasicBlock*(const std::string&)> new_block{};
    std::function<llvm::AllocaInst*(llvm::Type*, const std::string&)> entry_alloca{};
    std::function<void(llvm::Value* n, const std::function<void(llvm::Value*)>& per_i)> counted_range{};
    // nsmallest/nlargest: a new list of the items of argument 1 sorted as sorted() sorts them,
    // reversed in place, and the release of the reference a slot holds.
    std::function<llvm::Value*()> sorted_items{};
    std::function<void(llvm::Value* list)> reverse{};
    std::function<void(llvm::Value* list, llvm::Value* i)> release_item{};
};

// heapq.NAME(...) ("heappush", ...): the popped item, the new list of nsmallest/nlargest, or
// null (heappush, heapify).
llvm::Value* lower_heapq_call(HeapqLowering& L, const std::string& name);

}  // namespace ujit::codegen
