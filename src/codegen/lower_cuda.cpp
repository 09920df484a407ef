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
//   - cuda.cg.this_grid(): no args, result GridGroup (an i64 handle); g.sync(): args = {the
//     group}, result int32. Only a cooperative launch on a GPU can synchronize a grid: a
//     target without it (kernels compiled for the CPU) returns null for sync().
#include "codegen/lower_context.hpp"

#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "types/builtins.hpp"
#include "types/cache_hints.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

// Elements of padding after each row of a shared array. Shared memory has 32 banks of 4
// bytes; with rows of a multiple of 64 bytes a column falls into one or two banks, so a
// warp reading down a column (the transpose of a tile) is serialized up to 32 ways. One
// extra element per row (CUDA's classic TILE_DIM + 1) spreads a column over all banks.
// The array's shape and C order are unchanged, only the row stride grows, which no
// program can see (ujit types no `.strides`; if it ever does, it must report Numba's
// unpadded strides or turn this off). Padded arrays total at most 40 KiB per module, so
// the padding adds at most 1.2 KiB to the shared memory Numba would use.
int64_t FunctionLowering::shared_row_padding(const std::vector<int64_t>& dims, int64_t itemsize) {
    constexpr uint64_t kBankRowBytes = 64, kPaddedBudget = 40 * 1024;
    if (dims.size() < 2 || dims.back() <= 0 || (uint64_t(dims.back()) * itemsize) % kBankRowBytes != 0) return 0;
    uint64_t rows = 1;
    for (size_t k = 0; k + 1 < dims.size() && rows <= kPaddedBudget; ++k) rows *= uint64_t(dims[k]);
    if (rows > kPaddedBudget || uint64_t(dims.back()) > kPaddedBudget) return 0;  // no overflow below
    uint64_t padded_bytes = rows * uint64_t(dims.back() + 1) * uint64_t(itemsize);
    if (mod.padded_shared_bytes + padded_bytes > kPaddedBudget) return 0;
    mod.padded_shared_bytes += padded_bytes;
    return 1;
}

llvm::Value* FunctionLowering::cuda_value(BuiltinId id, const Type* result, SourceLoc loc) {
    llvm::Value* v = mod.target.emit_cuda_builtin(b, id, {}, {}, result);
    if (!v)
        unsupported(loc,
                    fmt::format("{} is only available in CUDA kernels and device functions", types::builtin_name(id)));
    return v;
}

llvm::Value* FunctionLowering::cuda_call(const Call* e, BuiltinId id) {
    if (id == BuiltinId::CudaSharedArray) return cuda_array_storage(e, true);
    if (id == BuiltinId::CudaLocalArray) return cuda_array_storage(e, false);
    if (types::is_atomic(id)) return cuda_atomic(e, id);
    if (types::is_cache_hint(id)) return cache_hint_access(e, id);
    if (id == BuiltinId::CudaConstArrayLike) return expr(e->args[0]);  // the frozen array: constant memory
    if (llvm::Value* v = cuda_intrinsic(e, id)) return v;
    if (llvm::Value* v = fp16_call(e, id)) return v;
    const Type* rt = type_of(e);
    std::vector<llvm::Value*> args;
    std::vector<const Type*> arg_types;
    call_operands(e, args, arg_types);
    if (id == BuiltinId::CudaCgThisGrid || id == BuiltinId::CudaGridGroupSync) {  // coop
        if (id == BuiltinId::CudaGridGroupSync) {  // g.sync(): the group is the receiver
            const Expr* group = cast<Attribute>(e->callee)->value;
            args = {expr(group)};
            arg_types = {type_of(group)};
        }
        if (llvm::Value* v = mod.target.emit_cuda_builtin(b, id, args, arg_types, rt)) return v;
        unsupported(e->loc, "cuda.cg grid groups need a cooperative launch on a CUDA GPU: kernels compiled for the "
                            "CPU (no usable CUDA device here) cannot synchronize their grid");
    }
    llvm::Value* v = mod.target.emit_cuda_builtin(b, id, args, arg_types, rt);
    if (rt->is_none()) return nullptr;
    if (!v)
        unsupported(e->loc, fmt::format("{}() is only available in CUDA kernels and device functions",
                                        types::builtin_name(id)));
    return v;
}

namespace {
// alignment= of cuda.shared.array / cuda.local.array (the third argument or the keyword),
// as type inference checked and recorded it; 0 when there is none (or it is None).
uint64_t array_alignment_of(const types::TypedFunction& fn, const Call* e) {
    const Expr* a = e->args.size() > 2 ? e->args[2] : nullptr;
    for (const Keyword& k : e->keywords)
        if (k.name == "alignment") a = k.value;
    const types::ConstValue* v = a ? fn.constant(a) : nullptr;
    return v && v->type && v->type->is_int() ? uint64_t(v->i) : 0;
}
}  // namespace

llvm::Value* FunctionLowering::cuda_array_storage(const Call* e, bool shared) {
    const Type* at = type_of(e);
    const types::ConstValue* shape = fn.constant(e);
    if (!at->is_array() || !shape) unsupported(e->loc, "the shape of a CUDA shared or local array must be a constant");
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
    // C order: the last dimension is contiguous; rows may be padded (shared_row_padding).
    int64_t pad = shared ? shared_row_padding(dims, dtype->itemsize()) : 0;
    if (pad) count = count / static_cast<uint64_t>(dims.back()) * static_cast<uint64_t>(dims.back() + pad);
    llvm::Value* p =
        mod.target.emit_array_storage(b, shared, storage_type(mod.ctx, dtype), count, array_alignment_of(fn, e));
    if (!p) unsupported(e->loc, "CUDA shared and local arrays are only available in CUDA kernels and device functions");
    std::vector<llvm::Value*> shape_v(dims.size()), strides_v(dims.size());
    int64_t stride = dtype->itemsize();
    for (size_t k = dims.size(); k-- > 0;) {
        shape_v[k] = b.getInt64(dims[k]);
        strides_v[k] = b.getInt64(stride);
        stride *= dims[k] + (k + 1 == dims.size() ? pad : 0);
    }
    // Dynamic shared memory (a 1-D shape 0): as long as the launch's sharedmem allows, so
    // that its slices are distinct (Numba's fix of its issue 5073).
    if (shared && count == 0 && dims.size() == 1) {
        if (llvm::Value* bytes = mod.target.emit_dynamic_shared_bytes(b))
            shape_v[0] = b.CreateUDiv(bytes, b.getInt64(dtype->itemsize()), "dynamic_shared_len");
    }
    if (p->getType()->getPointerAddressSpace() != 0) p = b.CreateAddrSpaceCast(p, b.getPtrTy());
    return make_array(b, at, p, shape_v, strides_v);
}

namespace {

bool has_float_index(const Type* t) {
    if (!t->is_tuple()) return t->is_float();
    const auto& el = t->elements();
    return std::any_of(el.begin(), el.end(), [](const Type* x) { return x->is_float(); });
}

}  // namespace

// An atomic's index with float components (a tuple unified from int and float elements, as
// test_atomics builds one): Numba casts each component to intp (fptosi); ordinary
// indexing rejects floats at typing. Negative indices wrap as everywhere.
llvm::Value* FunctionLowering::float_indexed_pointer(llvm::Value* arr, const Type* at, const Expr* index) {
    const Type* it = type_of(index);
    llvm::Value* v = expr(index);
    std::vector<const Type*> parts = it->is_tuple() ? it->elements() : std::vector<const Type*>{it};
    if (static_cast<int>(parts.size()) != at->ndim())
        unsupported(index->loc, "an atomic operation needs one index per dimension");
    llvm::Value* offset = b.getInt64(0);
    for (unsigned k = 0; k < parts.size(); ++k) {
        llvm::Value* x = it->is_tuple() ? b.CreateExtractValue(v, k) : v;
        const Type* t = parts[k];
        llvm::Value* i = t->is_float()  ? b.CreateFPToSI(x, b.getInt64Ty())
                         : t->is_bool() ? b.CreateZExt(x, b.getInt64Ty())
                                        : b.CreateIntCast(x, b.getInt64Ty(), t->is_signed());
        llvm::Value* dim = array_dim(b, arr, k);
        if (!t->is_int() || t->is_signed())
            i = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, dim), i);
        offset = b.CreateAdd(offset, b.CreateMul(i, array_stride(b, arr, k)));
    }
    return b.CreateGEP(b.getInt8Ty(), array_data(b, arr), offset, "elem.ptr");
}

llvm::Value* FunctionLowering::cuda_atomic(const Call* e, BuiltinId id) {
    UJIT_INTERNAL_ASSERT(e->args.size() >= 3, e->loc,
                         fmt::format("{}() typed without an array, an index and a value", types::builtin_name(id)));
    const Type* at = type_of(e->args[0]);
    if (!at->is_array()) unsupported(e->args[0]->loc, "the first argument of an atomic operation must be an array");
    llvm::Value* arr = expr(e->args[0]);
    const Type* elem = at->dtype();
    llvm::Value* p = nullptr;
    size_t first_value = 2;
    if (id == BuiltinId::CudaAtomicCompareAndSwap) {  // cas on the first element: no index
        p = array_data(b, arr);
        if (p->getType()->getPointerAddressSpace() != 0) p = b.CreateAddrSpaceCast(p, b.getPtrTy());
        id = BuiltinId::CudaAtomicCas;
        first_value = 1;
    } else if (has_float_index(type_of(e->args[1]))) {
        p = float_indexed_pointer(arr, at, e->args[1]);
    } else {
        llvm::Value* view = nullptr;
        p = element_pointer(arr, at, e->args[1], e->loc, &elem, &view);
        if (view) unsupported(e->args[1]->loc, "an atomic operation needs one index per dimension");
    }
    std::vector<llvm::Value*> args{p};
    std::vector<const Type*> arg_types{at};
    for (size_t i = first_value; i < e->args.size(); ++i) {
        args.push_back(expr_as(e->args[i], elem));
        arg_types.push_back(elem);
    }
    llvm::Value* v = mod.target.emit_cuda_builtin(b, id, args, arg_types, elem);
    if (!v)
        unsupported(e->loc, fmt::format("{}() is only available in CUDA kernels and device functions",
                                        types::builtin_name(id)));
    return convert_or_fail(v, elem, type_of(e), e->loc);
}

}  // namespace ujit::codegen
