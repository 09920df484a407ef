// np.random's distributions (typed by nplib/library_typing): draws from the thread's
// np.random generator through the runtime (cpu/helper_np_random.hpp), in NumPy's order.
#include "codegen/lower_context.hpp"

#include "codegen/llvm_types.hpp"

namespace ujit::codegen {

using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::random_draw(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                           syntax::SourceLoc loc) {
    if (id == BuiltinId::NpRandomRandint) {
        // randint(low, high) draws from [low, high); randint(n) from [0, n).
        llvm::Type* it = value_type(mod.ctx, rt);
        llvm::Value* low = args[1].v ? args[0].v : llvm::ConstantInt::get(it, 0);
        llvm::Value* high = args[1].v ? args[1].v : args[0].v;
        llvm::Value* n = b.CreateSub(high, low);
        llvm::Value* empty = rt->is_signed() ? b.CreateICmpSLE(n, llvm::ConstantInt::get(it, 0))
                                             : b.CreateICmpEQ(n, llvm::ConstantInt::get(it, 0));
        raise_if(empty, "ValueError", "empty range for randrange()", loc);  // Numba's message
        llvm::Value* low64 = rt->is_signed() ? b.CreateSExt(low, b.getInt64Ty()) : b.CreateZExt(low, b.getInt64Ty());
        llvm::Value* n64 = b.CreateZExt(n, b.getInt64Ty());  // n > 0: its bits are its value
        if (rt->bits() == 64) {
            low64 = low;
            n64 = n;
        }
        llvm::FunctionCallee draw =
            runtime_call("ujit_rt_np_random_randint", b.getInt64Ty(), {b.getInt64Ty(), b.getInt64Ty()});
        return b.CreateTrunc(b.CreateCall(draw, {low64, n64}), it);
    }
    llvm::Value* g = b.CreateCall(runtime_call("ujit_rt_np_random_gauss", b.getDoubleTy(), {}));
    if (id != BuiltinId::NpRandomNormal) return g;
    // Numba's _gauss_impl: loc + scale * gauss, loc and scale defaulting to 0.0 and 1.0.
    llvm::Value* loc_v = args[0].v ? args[0].v : llvm::ConstantFP::get(b.getDoubleTy(), 0.0);
    llvm::Value* scale = args[1].v ? args[1].v : llvm::ConstantFP::get(b.getDoubleTy(), 1.0);
    return b.CreateFAdd(loc_v, b.CreateFMul(scale, g));
}

}  // namespace ujit::codegen
