// CUDA builtins: every one goes to Target::emit_cuda_builtin (thread indices, grid,
// barriers, atomics) or Target::emit_array_storage (shared/local arrays); the CPU target
// returns null for them and the user gets a located error.
//
// What emit_cuda_builtin receives (also documented in target.hpp):
//   - values (cuda.threadIdx.x, cuda.laneid, ...): no args; result_type as typed (int32).
//   - cuda.grid(n)/gridsize(n): args = {i64 constant n}; result int64 or UniTuple(int64 x n).
//   - syncthreads/threadfence*: no args, result none (the return value is ignored);
//     syncthreads_{count,and,or}: args = {i32 predicate}.
//   - cuda.atomic.OP(ary, idx, val[, val2]): args = {pointer to the element (indices already
//     applied, negatives wrapped), val converted to the dtype[, val2]}; arg_types =
//     {array type, dtype[, dtype]}; result_type = the dtype (the old value).
#include "codegen/lower_context.hpp"

#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

namespace {

bool is_atomic(BuiltinId id) { return id >= BuiltinId::CudaAtomicAdd && id <= BuiltinId::CudaAtomicDec; }

}  // namespace

llvm::Value* FunctionLowering::cuda_value(BuiltinId id, const Type* result, SourceLoc loc) {
    llvm::Value* v = mod.target.emit_cuda_builtin(b, id, {}, {}, result);
    if (!v) unsupported(loc, fmt::format("{} is only available in CUDA kernels and device functions", types::builtin_name(id)));
    return v;
}

llvm::Value* FunctionLowering::cuda_call(const Call* e, BuiltinId id) {
    if (id == BuiltinId::CudaSharedArray) return cuda_array_storage(e, true);
    if (id == BuiltinId::CudaLocalArray) return cuda_array_storage(e, false);
    if (is_atomic(id)) return cuda_atomic(e, id);
    const Type* rt = type_of(e);
    std::vector<llvm::Value*> args;
    std::vector<const Type*> arg_types;
    call_operands(e, args, arg_types);
    llvm::Value* v = mod.target.emit_cuda_builtin(b, id, args, arg_types, rt);
    if (rt->is_none()) return nullptr;
    if (!v) unsupported(e->loc, fmt::format("{}() is only available in CUDA kernels and device functions", types::builtin_name(id)));
    return v;
}

llvm::Value* FunctionLowering::cuda_array_storage(const Call* e, bool shared) {
    const Type* at = type_of(e);
    const types::ConstValue* shape = fn.constant(e);
    if (!at->is_array() || !shape)
        unsupported(e->loc, "the shape of a CUDA shared or local array must be a constant");
    std::vector<int64_t> dims;
    if (shape->type->is_tuple()) {
        for (const types::ConstValue& d : shape->elems) dims.push_back(d.i);
    } else {
        dims.push_back(shape->i);
    }
    uint64_t count = 1;
    for (int64_t d : dims) {
        if (d < 0) unsupported(e->loc, "array dimensions must not be negative");
        count *= static_cast<uint64_t>(d);
    }
    const Type* dtype = at->dtype();
    llvm::Value* p = mod.target.emit_array_storage(b, shared, storage_type(mod.ctx, dtype), count);
    if (!p) unsupported(e->loc, "CUDA shared and local arrays are only available in CUDA kernels and device functions");
    // C order: the last dimension is contiguous.
    std::vector<llvm::Value*> shape_v(dims.size()), strides_v(dims.size());
    int64_t stride = dtype->itemsize();
    for (size_t k = dims.size(); k-- > 0;) {
        shape_v[k] = b.getInt64(dims[k]);
        strides_v[k] = b.getInt64(stride);
        stride *= dims[k];
    }
    if (p->getType()->getPointerAddressSpace() != 0) p = b.CreateAddrSpaceCast(p, b.getPtrTy());
    return make_array(b, at, p, shape_v, strides_v);
}

llvm::Value* FunctionLowering::cuda_atomic(const Call* e, BuiltinId id) {
    if (e->args.size() < 3)
        unsupported(e->loc, fmt::format("{}() takes an array, an index and a value", types::builtin_name(id)));
    const Type* at = type_of(e->args[0]);
    if (!at->is_array()) unsupported(e->args[0]->loc, "the first argument of an atomic operation must be an array");
    llvm::Value* arr = expr(e->args[0]);
    const Type* elem = nullptr;
    llvm::Value* view = nullptr;
    llvm::Value* p = element_pointer(arr, at, e->args[1], e->loc, &elem, &view);
    if (view) unsupported(e->args[1]->loc, "an atomic operation needs one index per dimension");
    std::vector<llvm::Value*> args{p};
    std::vector<const Type*> arg_types{at};
    for (size_t i = 2; i < e->args.size(); ++i) {
        args.push_back(expr_as(e->args[i], elem));
        arg_types.push_back(elem);
    }
    llvm::Value* v = mod.target.emit_cuda_builtin(b, id, args, arg_types, elem);
    if (!v) unsupported(e->loc, fmt::format("{}() is only available in CUDA kernels and device functions", types::builtin_name(id)));
    return convert_or_fail(v, elem, type_of(e), e->loc);
}

}  // namespace ujit::codegen
