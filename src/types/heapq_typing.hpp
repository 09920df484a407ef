// heapq's functions on lists, typed as Numba's numba/cpython/heapq.py types them (the callee
// is the namespace "heapq.NAME", as numba.literal_unroll is): the heap is a list (reflected or
// numba.typed) of items that '<' orders, and what is pushed has the heap's item type exactly;
// nlargest/nsmallest take an integer count and a list or 1-D array and return a new list.
// codegen/lower_heapq.hpp lowers what this records.
#pragma once

#include "syntax/ast.hpp"
#include "types/type.hpp"

#include <functional>
#include <string>
#include <vector>

namespace ujit::types {

// What typing a heapq call needs of the inferrer.
struct HeapqTyping {
    std::function<const Type*(const syntax::Expr*)> expr;  // the expression's type (null: not known yet)
    // The list `receiver` (of type `list`, item type undecided) takes items of type `item`.
    std::function<void(const syntax::Expr*, const Type*, const Type*, syntax::SourceLoc)> refine_list;
    std::function<void(syntax::SourceLoc, const std::string&)> error;  // throws
    bool final_pass = false;
};

// Whether `path` ("heapq.heappush") is one of the heapq functions ujit compiles.
bool is_heapq_function(const std::string& path);

// The type of the call `c` of `path`; `operands` gets what lowering converts the arguments to.
// Null when an argument's type is not known yet.
const Type* heapq_call_type(const syntax::Call* c, const std::string& path, const HeapqTyping& h,
                            std::vector<const Type*>* operands);

}  // namespace ujit::types
