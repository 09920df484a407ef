// np.random's draws (typed by nplib/library_typing) from the thread's np.random generator:
// random()/rand()/uniform() inline (Target::emit_random), the others through the runtime
// (cpu/helper_np_random.hpp), and the size= forms fill a new C array in NumPy's order.
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_np_random.hpp"
#include "types/builtins.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::random_draw(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                           syntax::SourceLoc loc) {
    llvm::Type* f64 = b.getDoubleTy();
    auto given = [&](size_t i, double otherwise) -> llvm::Value* {
        return i < args.size() && args[i].v ? args[i].v : llvm::ConstantFP::get(f64, otherwise);
    };
    // The shape of the result: the size argument (randn/rand: every argument).
    std::vector<llvm::Value*> shape;
    if (rt->is_array()) {
        bool dims_only = id == BuiltinId::NpRandomRandn || id == BuiltinId::NpRandomRand;
        for (size_t i = dims_only ? 0 : args.size() - 1; i < args.size(); ++i) {
            const TypedValue& s = args[i];
            if (!s.v) continue;
            if (s.t->is_tuple())
                for (unsigned k = 0; k < s.t->elements().size(); ++k) shape.push_back(b.CreateExtractValue(s.v, k));
            else
                shape.push_back(s.v);
        }
    }
    llvm::Value* out = nullptr;
    llvm::Value* count = nullptr;
    if (rt->is_array()) {
        out = allocate_array(rt, shape, loc, fmt::format("{}()", types::builtin_name(id)));
        count = array_size(out, rt);
    }

    if (id == BuiltinId::NpRandomRandint) {
        // randint(low, high) draws from [low, high); randint(n) from [0, n).
        const Type* it = rt->is_array() ? rt->dtype() : rt;
        llvm::Type* lt = value_type(mod.ctx, it);
        llvm::Value* low = args[1].v ? args[0].v : llvm::ConstantInt::get(lt, 0);
        llvm::Value* high = args[1].v ? args[1].v : args[0].v;
        llvm::Value* n = b.CreateSub(high, low);
        llvm::Value* empty = it->is_signed() ? b.CreateICmpSLE(n, llvm::ConstantInt::get(lt, 0))
                                             : b.CreateICmpEQ(n, llvm::ConstantInt::get(lt, 0));
        raise_if(empty, "ValueError", "empty range for randrange()", loc);  // Numba's message
        llvm::Value* low64 =
            it->is_signed() ? b.CreateSExtOrTrunc(low, b.getInt64Ty()) : b.CreateZExtOrTrunc(low, b.getInt64Ty());
        llvm::Value* n64 = b.CreateZExtOrTrunc(n, b.getInt64Ty());  // n > 0: its bits are its value
        if (it->bits() == 64) n64 = n;
        if (out) {
            llvm::FunctionCallee fill =
                runtime_call("ujit_rt_np_random_fill_int", b.getVoidTy(),
                             {b.getPtrTy(), b.getInt64Ty(), b.getInt32Ty(), b.getInt64Ty(), b.getInt64Ty()});
            b.CreateCall(fill, {array_data(b, out), count, b.getInt32(it->itemsize()), low64, n64});
            return out;
        }
        llvm::FunctionCallee draw =
            runtime_call("ujit_rt_np_random_randint", b.getInt64Ty(), {b.getInt64Ty(), b.getInt64Ty()});
        return b.CreateTrunc(b.CreateCall(draw, {low64, n64}), lt);
    }

    if (out) {
        int32_t kind = UJIT_NP_NORMAL;
        llvm::Value *p1 = llvm::ConstantFP::get(f64, 0.0), *p2 = llvm::ConstantFP::get(f64, 1.0);
        if (id == BuiltinId::NpRandomRandom || id == BuiltinId::NpRandomRand) kind = UJIT_NP_RANDOM;
        if (id == BuiltinId::NpRandomUniform || id == BuiltinId::NpRandomNormal) {
            kind = id == BuiltinId::NpRandomUniform ? UJIT_NP_UNIFORM : UJIT_NP_NORMAL;
            p1 = given(0, 0.0);
            p2 = given(1, 1.0);
        }
        llvm::FunctionCallee fill = runtime_call("ujit_rt_np_random_fill", b.getVoidTy(),
                                                 {b.getInt32Ty(), b.getPtrTy(), b.getInt64Ty(), f64, f64});
        b.CreateCall(fill, {b.getInt32(kind), array_data(b, out), count, p1, p2});
        return out;
    }
    switch (id) {
    case BuiltinId::NpRandomRandom:
    case BuiltinId::NpRandomRand: return mod.target.emit_random(b, id, {});
    case BuiltinId::NpRandomUniform: return mod.target.emit_random(b, id, {given(0, 0.0), given(1, 1.0)});
    default: break;
    }
    llvm::Value* g = b.CreateCall(runtime_call("ujit_rt_np_random_gauss", f64, {}));
    if (id != BuiltinId::NpRandomNormal) return g;
    // Numba's _gauss_impl: loc + scale * gauss, loc and scale defaulting to 0.0 and 1.0.
    return b.CreateFAdd(given(0, 0.0), b.CreateFMul(given(1, 1.0), g));
}

}  // namespace ujit::codegen
