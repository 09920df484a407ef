// How ujit types look in LLVM, in registers and in memory.
//
//   type        value (registers)                     storage (memory, ABI structs)
//   none        void                                  -
//   bool        i1                                    i8 (0/1)
//   intN        iN                                    iN
//   float32/64  float/double                          float/double
//   complexN    {T, T} (re, im)                       {T, T}
//   UniTuple    [n x element value]                   [n x element storage]
//   tuple       {elements as values}                  {elements as storage}
//   array       {ptr data, [N x i64] shape, [N x i64] strides (bytes), ptr owner}   (same)
//   str         {ptr data (UTF-32 code points), i64 length, ptr owner}            (same; src/strings/str_abi.h)
//
// An array's owner is the ujit_nrt_meminfo (src/nrt/nrt.h) that keeps its memory alive:
// null for borrowed arrays (arguments, cuda.shared/local arrays), the header of a block
// compiled code allocated, or the owner of the array a view was made of.
//
// Storage structs use LLVM's natural layout, which is the C layout the driver marshals (an
// array of n T has the layout of a struct of n T).
#pragma once

#include "types/type.hpp"

#include <llvm/IR/IRBuilder.h>

#include <cstdint>
#include <vector>

namespace ujit::codegen {

llvm::Type* value_type(llvm::LLVMContext& ctx, const types::Type* t);
llvm::Type* storage_type(llvm::LLVMContext& ctx, const types::Type* t);
// Offset of element i of a stored tuple (a struct, or an array for a UniTuple); *et its type.
uint64_t element_offset(const llvm::DataLayout& dl, llvm::Type* storage, unsigned i, llvm::Type** et);
// Byte offsets of the nrt headers inside a stored value of type t, at `base`: an array's and a
// str's owner field, a list's, dict's or set's first field, a tuple's elements' in turn. Lists
// and dicts give these to their runtime, which releases what their items hold.
void header_offsets(const llvm::DataLayout& dl, llvm::Type* storage, const types::Type* t, uint64_t base,
                    std::vector<int64_t>& out);
// A str value's struct, the C struct ujit_str of src/strings/str_abi.h.
llvm::StructType* str_struct(llvm::LLVMContext& ctx);

// Value ↔ storage (bool i1 ↔ i8, recursively through tuples).
llvm::Value* to_storage(llvm::IRBuilder<>& b, llvm::Value* v, const types::Type* t);
llvm::Value* from_storage(llvm::IRBuilder<>& b, llvm::Value* v, const types::Type* t);

// Array struct accessors (array values are the struct described above).
llvm::Value* array_data(llvm::IRBuilder<>& b, llvm::Value* arr);
llvm::Value* array_dim(llvm::IRBuilder<>& b, llvm::Value* arr, unsigned k);
llvm::Value* array_stride(llvm::IRBuilder<>& b, llvm::Value* arr, unsigned k);
llvm::Value* array_owner(llvm::IRBuilder<>& b, llvm::Value* arr);
// A new array value; `owner` null (the default) makes it borrowed.
llvm::Value* make_array(llvm::IRBuilder<>& b, const types::Type* t, llvm::Value* data,
                        const std::vector<llvm::Value*>& shape, const std::vector<llvm::Value*>& strides,
                        llvm::Value* owner = nullptr);
// A view of `base` (an array value) typed `t`: new data pointer, shape and strides over base's
// memory, and base's owner. Every view is made here, so that it keeps base's memory alive.
llvm::Value* make_view(llvm::IRBuilder<>& b, llvm::Value* base, const types::Type* t, llvm::Value* data,
                       const std::vector<llvm::Value*>& shape, const std::vector<llvm::Value*>& strides);

}  // namespace ujit::codegen
