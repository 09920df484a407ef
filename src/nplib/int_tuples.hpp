// Tuples of integers as nplib's typing and lowering take them (axes, shapes, indices): the
// check that a type is one, the int64 tuple its lowering reads, and the int64 items of such
// a value (or the one integer it stands for).
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace ujit::nplib {

inline bool int_tuple(const types::Type* t) {
    if (!t->is_tuple()) return false;
    for (const types::Type* e : t->elements())
        if (!e->is_int()) return false;
    return true;
}

// A tuple of integers as the operand the lowering reads: int64 items.
inline const types::Type* int64_tuple(const types::Type* t) {
    return types::tuple(std::vector<const types::Type*>(t->elements().size(), types::int64()));
}

// The items of a value `v` of type `t` typed int64_tuple (or the one integer it is).
inline std::vector<llvm::Value*> int64_items(llvm::IRBuilder<>& b, llvm::Value* v, const types::Type* t) {
    if (!t->is_tuple()) return {v};
    std::vector<llvm::Value*> out;
    for (unsigned k = 0; k < t->elements().size(); ++k) out.push_back(b.CreateExtractValue(v, k));
    return out;
}

}  // namespace ujit::nplib
