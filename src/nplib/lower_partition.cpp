// np.partition / np.argpartition (typed by nplib/arrangement_typing.cpp): a new C array, each
// row along the last axis partitioned by the CPU runtime (cpu/helper_partition.hpp) at the kth
// positions (a number, a tuple or a 1-D array of them, gathered into one int64 buffer), as
// Numba's np_partition / np_argpartition. Numba's ValueError "kth out of bounds"; a row the
// runtime cannot buffer is a MemoryError.
#include "codegen/abi.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "nplib/runtime_dtype.hpp"

namespace ujit::codegen {

using types::BuiltinId;
using types::Layout;
using types::Type;

llvm::Value* FunctionLowering::partitioned(BuiltinId id, TypedValue a, TypedValue kth, const Type* rt,
                                           syntax::SourceLoc loc) {
    const bool arg = id == BuiltinId::NpArgpartition;
    const char* what = arg ? "np.argpartition()" : "np.partition()";
    // The kth positions as int64 items at one pointer.
    llvm::Value* positions = nullptr;
    llvm::Value* count = nullptr;
    if (kth.t->is_array()) {
        const Type* it = types::array(types::int64(), 1, Layout::C);
        count = array_dim(b, kth.v, 0);
        llvm::Value* copy = allocate_array(it, {count}, loc, what);
        copy_array({copy, it}, kth, loc);
        positions = array_data(b, copy);
    } else {
        std::vector<llvm::Value*> items;
        if (kth.t->is_tuple())
            for (unsigned i = 0; i < kth.t->elements().size(); ++i) items.push_back(b.CreateExtractValue(kth.v, i));
        else
            items.push_back(kth.v);
        llvm::ArrayType* buffer_t = llvm::ArrayType::get(b.getInt64Ty(), items.size());
        llvm::AllocaInst* buffer = entry_alloca(buffer_t, "kth");
        for (size_t i = 0; i < items.size(); ++i)
            b.CreateStore(items[i], b.CreateConstInBoundsGEP2_64(buffer_t, buffer, 0, i));
        positions = buffer;
        count = b.getInt64(static_cast<int64_t>(items.size()));
    }
    const int nd = a.t->ndim();
    const unsigned last = static_cast<unsigned>(nd - 1);
    std::vector<llvm::Value*> shape;
    for (int k = 0; k < nd; ++k) shape.push_back(array_dim(b, a.v, static_cast<unsigned>(k)));
    TypedValue out{allocate_array(rt, shape, loc, what), rt};
    if (!arg) copy_array(out, a, loc);
    TypedValue rows = arg ? a : out;  // partition works in the copy, argpartition reads a
    llvm::Value* n = shape[last];
    llvm::Value* stride = array_stride(b, rows.v, last);
    llvm::Value* dtype = b.getInt32(nplib::runtime_dtype(a.t->dtype()));
    llvm::Type* i32 = b.getInt32Ty();
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Type* ptr = b.getPtrTy();
    llvm::FunctionCallee f = arg ? runtime_call("ujit_rt_argpartition", i32, {ptr, i64, i64, i32, ptr, i64, ptr})
                                 : runtime_call("ujit_rt_partition", i32, {ptr, i64, i64, i32, ptr, i64});
    auto row = [&](llvm::Value* from, llvm::Value* into) {
        std::vector<llvm::Value*> call_args{from, n, stride, dtype, positions, count};
        if (arg) call_args.push_back(into);
        llvm::Value* status = b.CreateCall(f, call_args);
        raise_if(b.CreateICmpEQ(status, b.getInt32(1)), "ValueError", "kth out of bounds", loc);
        check_error(b.CreateICmpEQ(status, b.getInt32(2)), int(RuntimeError::AllocationFailed), loc);
    };
    if (nd == 1) {
        row(array_data(b, rows.v), array_data(b, out.v));
        return out.v;
    }
    // The rows' first items: views of every axis but the last, of the source and the result.
    std::vector<llvm::Value*> dims(shape.begin(), shape.end() - 1);
    auto heads = [&](TypedValue x) -> TypedValue {
        std::vector<llvm::Value*> strides;
        for (unsigned k = 0; k < last; ++k) strides.push_back(array_stride(b, x.v, k));
        const Type* t = types::array(x.t->dtype(), nd - 1, Layout::A);
        return {make_view(b, x.v, t, array_data(b, x.v), dims, strides), t};
    };
    elementwise_loop(dims, {heads(rows), heads(out)}, [&](const std::vector<llvm::Value*>& p) { row(p[0], p[1]); });
    return out.v;
}

}  // namespace ujit::codegen
