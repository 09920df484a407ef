// The allocation primitive (FunctionLowering::allocate_array, lower_context.hpp): every array
// that compiled code creates is made here, as Numba's _empty_nd_impl makes it: the dimensions
// checked, the byte size computed without overflow, one block from the array runtime (header
// and data, src/nrt/nrt.h), C- or F-order strides, the header as the array's owner.
#include "codegen/abi.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/constructors.hpp"

#include <fmt/format.h>

#include <llvm/IR/Intrinsics.h>

namespace ujit::codegen {

using types::Type;

namespace {

// Data alignment: a cache line, so that vectorized loops over new arrays start aligned.
constexpr uint64_t kArrayAlign = 64;
// Where ujit_nrt_meminfo keeps the data pointer (nrt.cpp asserts it).
constexpr uint64_t kMeminfoDataOffset = 24;

llvm::FunctionCallee nrt_function(llvm::Module& m, const char* name, llvm::Type* ret,
                                  llvm::ArrayRef<llvm::Type*> params, bool reads_header_only) {
    llvm::FunctionCallee c = m.getOrInsertFunction(name, llvm::FunctionType::get(ret, params, false));
    auto* f = llvm::cast<llvm::Function>(c.getCallee());
    f->addFnAttr(llvm::Attribute::NoUnwind);
    f->addFnAttr(llvm::Attribute::WillReturn);
    if (reads_header_only) {
        f->setMemoryEffects(llvm::MemoryEffects::argMemOnly(llvm::ModRefInfo::Ref));
        f->addFnAttr(llvm::Attribute::NoFree);
    }
    return c;
}

}  // namespace

llvm::Value* FunctionLowering::allocate_array(const Type* t, const std::vector<llvm::Value*>& shape,
                                              syntax::SourceLoc loc, const std::string& what) {
    UJIT_INTERNAL_ASSERT(t->is_array() && static_cast<int>(shape.size()) == t->ndim(), loc,
                         "allocate_array: shape does not match " + t->str());
    if (!mod.target.counts_references()) unsupported(loc, nplib::cuda_allocation_error(what));
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Value* zero = b.getInt64(0);
    // Numba checks every dimension first, then the product and the byte size for overflow.
    llvm::Value* negative = b.getFalse();
    for (llvm::Value* d : shape) negative = b.CreateOr(negative, b.CreateICmpSLT(d, zero));
    check_error(negative, int(RuntimeError::NegativeDimensions), loc);
    llvm::Value* count = b.getInt64(1);
    llvm::Value* overflow = b.getFalse();
    auto multiply = [&](llvm::Value* x, llvm::Value* y) {
        llvm::Value* r = b.CreateBinaryIntrinsic(llvm::Intrinsic::smul_with_overflow, x, y);
        overflow = b.CreateOr(overflow, b.CreateExtractValue(r, 1));
        return b.CreateExtractValue(r, 0);
    };
    for (llvm::Value* d : shape) count = multiply(count, d);
    int64_t itemsize = t->dtype()->itemsize();
    llvm::Value* nbytes = multiply(count, b.getInt64(itemsize));
    check_error(overflow, int(RuntimeError::ArrayTooBig), loc);

    llvm::Type* ptr = b.getPtrTy();
    llvm::Value* mi = b.CreateCall(nrt_function(mod.m, "ujit_nrt_allocate", ptr, {i64, i64}, false),
                                   {nbytes, b.getInt64(kArrayAlign)}, "meminfo");
    check_error(b.CreateIsNull(mi), int(RuntimeError::AllocationFailed), loc);
    // The header's data pointer, read where nrt.cpp keeps it (it asserts the offset) rather
    // than through a call: a loop making a temporary per iteration pays one call less.
    llvm::Value* data = b.CreateLoad(ptr, b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), mi, kMeminfoDataOffset), "data");

    // Strides in bytes: the innermost axis (the last for C, the first for F) is one item apart.
    size_t n = shape.size();
    std::vector<llvm::Value*> strides(n);
    llvm::Value* step = b.getInt64(itemsize);
    bool fortran = t->layout() == types::Layout::F;
    for (size_t j = 0; j < n; ++j) {
        size_t k = fortran ? j : n - 1 - j;
        strides[k] = step;
        step = b.CreateMul(step, shape[k]);
    }
    llvm::Value* arr = make_array(b, t, data, shape, strides, mi);
    own_temporary(arr, t);
    return arr;
}

}  // namespace ujit::codegen
