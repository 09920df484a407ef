// np.random.exponential, standard_exponential, shuffle, permutation, choice and multinomial (typed by
// nplib/random_typing.cpp), and the random module's gauss, normalvariate, randint, randrange,
// expovariate and getrandbits (typed by types/infer_call.cpp), as Numba computes them: the
// draws come from the thread's generators in NumPy's (np.random) or CPython's (random) order
// (cpu/helper_np_random.hpp, cpu/helper_random_module.hpp).
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_context.hpp"
#include "cpu/helper_np_distributions.hpp"
#include "cpu/helper_np_random.hpp"
#include "nplib/random_distributions.hpp"

#include <fmt/format.h>

namespace ujit::codegen {

using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::random_extra(BuiltinId id, const std::vector<TypedValue>& args, const Type* rt,
                                            syntax::SourceLoc loc) {
    llvm::Type* i64 = b.getInt64Ty();
    llvm::Type* ptr = b.getPtrTy();
    llvm::Type* f64 = b.getDoubleTy();
    // The dimensions a size= argument gives (an integer or a tuple of them; none without one).
    auto size_shape = [&](const TypedValue& size) {
        std::vector<llvm::Value*> shape;
        if (size.v && size.t->is_tuple())
            for (unsigned k = 0; k < size.t->elements().size(); ++k) shape.push_back(b.CreateExtractValue(size.v, k));
        else if (size.v)
            shape.push_back(size.v);
        return shape;
    };
    // The new array of a size= argument (rt an array), or null.
    auto sized = [&](const TypedValue& size, const char* what) -> llvm::Value* {
        return rt->is_array() ? allocate_array(rt, size_shape(size), loc, what) : nullptr;
    };
    // A 1-D array's data, length and stride, or the population arange(n) (null data) of an integer.
    struct Source {
        llvm::Value *data, *n, *stride, *itemsize;
    };
    auto source = [&](const TypedValue& a) -> Source {
        if (!a.t->is_array()) return {llvm::ConstantPointerNull::get(b.getPtrTy()), a.v, b.getInt64(8), b.getInt64(8)};
        return {array_data(b, a.v), array_dim(b, a.v, 0), array_stride(b, a.v, 0),
                b.getInt64(a.t->dtype()->itemsize())};
    };
    switch (id) {
    case BuiltinId::NpRandomExponential:
    case BuiltinId::NpRandomStdExponential: {
        bool scaled = id == BuiltinId::NpRandomExponential;
        llvm::Value* scale = scaled && args[0].v ? args[0].v : llvm::ConstantFP::get(f64, 1.0);
        if (llvm::Value* out = sized(args[scaled ? 1 : 0], "np.random.exponential()")) {
            llvm::FunctionCallee fill =
                runtime_call("ujit_rt_np_random_fill", b.getVoidTy(), {b.getInt32Ty(), ptr, i64, f64, f64});
            b.CreateCall(fill, {b.getInt32(UJIT_NP_EXPONENTIAL), array_data(b, out), array_size(out, rt), scale,
                                llvm::ConstantFP::get(f64, 0.0)});
            return out;
        }
        // NumPy's legacy_exponential: scale * -log(1 - random())
        llvm::Value* r = mod.target.emit_random(b, BuiltinId::NpRandomRandom, {});
        llvm::Value* e = b.CreateFNeg(
            math(BuiltinId::MathLog, {b.CreateFSub(llvm::ConstantFP::get(f64, 1.0), r)}, types::float64(), loc));
        return b.CreateFMul(scale, e);
    }
    case BuiltinId::NpRandomShuffle: {
        Source s = source(args[0]);
        llvm::FunctionCallee f = runtime_call("ujit_rt_np_random_shuffle", b.getVoidTy(), {ptr, i64, i64, i64});
        b.CreateCall(f, {s.data, s.n, s.stride, s.itemsize});
        return nullptr;
    }
    case BuiltinId::NpRandomPermutation: {
        Source s = source(args[0]);
        raise_if(b.CreateICmpSLT(s.n, b.getInt64(0)), "ValueError", "negative dimensions are not allowed", loc);
        llvm::Value* out = allocate_array(rt, {s.n}, loc, "np.random.permutation()");
        llvm::FunctionCallee f = runtime_call("ujit_rt_np_random_permute", b.getVoidTy(), {ptr, i64, i64, i64, ptr});
        b.CreateCall(f, {s.data, s.n, s.stride, s.itemsize, array_data(b, out)});
        return out;
    }
    case BuiltinId::NpRandomChoice: {
        Source s = source(args[0]);
        llvm::Value* replace = args[2].v ? args[2].v : b.getTrue();
        llvm::Value* out = sized(args[1], "np.random.choice()");
        const Type* item = rt->is_array() ? rt->dtype() : rt;
        llvm::Value* dest = out ? array_data(b, out) : entry_alloca(storage_type(mod.ctx, item), "choice");
        llvm::Value* m = out ? array_size(out, rt) : b.getInt64(1);
        llvm::FunctionCallee f =
            runtime_call("ujit_rt_np_random_choice", b.getInt32Ty(), {ptr, i64, i64, i64, ptr, i64, b.getInt32Ty()});
        llvm::Value* status = b.CreateCall(f, {s.data, s.n, s.stride, s.itemsize, dest, m,
                                               b.CreateZExt(truth(b, replace, types::boolean()), b.getInt32Ty())});
        raise_if(b.CreateICmpEQ(status, b.getInt32(1)), "ValueError", "a must be non-empty", loc);
        raise_if(b.CreateICmpEQ(status, b.getInt32(2)), "ValueError",
                 "Cannot take a larger sample than population when 'replace=False'", loc);
        if (out) return out;
        return from_storage(b, b.CreateLoad(storage_type(mod.ctx, item), dest), item);
    }
    case BuiltinId::NpRandomMultinomial: {
        // pvals as contiguous float64 (a copy of an array or list, a tuple on the stack), then
        // the counts shaped size + (len(pvals),), drawn by the runtime (Numba's multinomial_inner).
        const TypedValue& pv = args[1];
        const Type* f64_array = types::array(types::float64(), 1, types::Layout::C);
        llvm::Value* probs = nullptr;
        llvm::Value* k = nullptr;
        if (pv.t->is_tuple()) {
            const unsigned m = static_cast<unsigned>(pv.t->elements().size());
            llvm::AllocaInst* slot = entry_alloca(llvm::ArrayType::get(f64, m), "pvals");
            for (unsigned j = 0; j < m; ++j)
                b.CreateStore(b.CreateExtractValue(pv.v, j),
                              b.CreateConstGEP2_32(slot->getAllocatedType(), slot, 0, j));
            probs = slot;
            k = b.getInt64(m);
        } else {
            llvm::Value* c = pv.t->is_list() ? array_from_list(pv.v, pv.t, f64_array, loc)
                                             : concatenated({pv}, types::float64(), loc).v;
            probs = array_data(b, c);
            k = array_dim(b, c, 0);
        }
        std::vector<llvm::Value*> shape = size_shape(args[2]);
        shape.push_back(k);
        llvm::Value* out = allocate_array(rt, shape, loc, "np.random.multinomial()");
        llvm::FunctionCallee f = runtime_call("ujit_rt_np_multinomial", b.getInt32Ty(), {i64, ptr, i64, ptr, i64});
        llvm::Value* status = b.CreateCall(f, {args[0].v, probs, k, array_data(b, out), array_size(out, rt)});
        raise_if(b.CreateICmpEQ(status, b.getInt32(1)), "ValueError", "binomial(): n <= 0", loc);
        raise_if(b.CreateICmpEQ(status, b.getInt32(2)), "ValueError", "binomial(): p outside of [0, 1]", loc);
        return out;
    }
    default:
        if (const nplib::Distribution* d = nplib::distribution_of(id)) {
            // The runtime checks the parameters, then draws one value into a slot or size= of
            // them into a new array; a failed check is its row's ValueError.
            const size_t size_at = d->params.names.size() - 1;
            llvm::Value* p[3];
            for (size_t i = 0; i < 3; ++i)
                p[i] = i < size_at && args[i].v ? args[i].v : llvm::ConstantFP::get(f64, d->defaults[i]);
            llvm::Type* item = d->integer_result ? i64 : f64;
            llvm::Value* out = sized(args[size_at], "np.random draw");
            llvm::Value* dest = out ? array_data(b, out) : entry_alloca(item, "draw");
            llvm::Value* n = out ? array_size(out, rt) : b.getInt64(1);
            llvm::FunctionCallee f =
                runtime_call("ujit_rt_np_distribution", b.getInt32Ty(), {b.getInt32Ty(), f64, f64, f64, ptr, i64});
            llvm::Value* status = b.CreateCall(f, {b.getInt32(d->kind), p[0], p[1], p[2], dest, n});
            const char* messages[2] = {nullptr, nullptr};
            switch (d->kind) {
#define UJIT_NP_DIST_MESSAGES(name, is_int, e1, e2)                                                                    \
    case UJIT_NP_DIST_##name:                                                                                          \
        messages[0] = e1;                                                                                              \
        messages[1] = e2;                                                                                              \
        break;
                UJIT_NP_DISTRIBUTIONS(UJIT_NP_DIST_MESSAGES)
#undef UJIT_NP_DIST_MESSAGES
            }
            for (int k = 0; k < 2; ++k)
                if (messages[k]) raise_if(b.CreateICmpEQ(status, b.getInt32(k + 1)), "ValueError", messages[k], loc);
            return out ? out : b.CreateLoad(item, dest);
        }
        break;
    }
    syntax::internal_error(loc, fmt::format("{} lowered as a np.random draw", types::builtin_name(id)));
}

llvm::Value* FunctionLowering::random_module_call(const syntax::Call* e, BuiltinId id) {
    std::vector<llvm::Value*> v;
    std::vector<const Type*> t;
    call_operands(e, v, t);
    llvm::Type* f64 = b.getDoubleTy();
    llvm::Type* i64 = b.getInt64Ty();
    switch (id) {
    case BuiltinId::RandomGauss:
    case BuiltinId::RandomNormalvariate: {  // Numba's _gauss_impl: mu + sigma * gauss
        llvm::Value* g = b.CreateCall(runtime_call("ujit_rt_random_gauss", f64, {}));
        return b.CreateFAdd(v[0], b.CreateFMul(v[1], g));
    }
    case BuiltinId::RandomExpovariate: {  // CPython and Numba: -log(1 - random()) / lambd
        llvm::Value* r = mod.target.emit_random(b, BuiltinId::RandomRandom, {});
        llvm::Value* l =
            math(BuiltinId::MathLog, {b.CreateFSub(llvm::ConstantFP::get(f64, 1.0), r)}, types::float64(), e->loc);
        return b.CreateFDiv(b.CreateFNeg(l), v[0]);
    }
    case BuiltinId::RandomGetrandbits: {
        llvm::Value* bad = b.CreateOr(b.CreateICmpSLT(v[0], b.getInt64(1)), b.CreateICmpSGT(v[0], b.getInt64(64)));
        raise_if(bad, "OverflowError", "getrandbits() limited to 64 bits", e->loc);  // Numba's message
        return b.CreateCall(runtime_call("ujit_rt_random_getrandbits", i64, {i64}), {v[0]});
    }
    case BuiltinId::RandomRandint:
    case BuiltinId::RandomRandrange: {
        llvm::Value *start = b.getInt64(0), *stop = nullptr, *step = b.getInt64(1);
        if (id == BuiltinId::RandomRandint) {  // randint(a, b) is randrange(a, b + 1)
            start = v[0];
            stop = b.CreateAdd(v[1], b.getInt64(1));
        } else if (v.size() == 1) {
            stop = v[0];
        } else {
            start = v[0];
            stop = v[1];
            if (v.size() == 3) step = v[2];
        }
        llvm::AllocaInst* out = entry_alloca(i64, "randrange");
        llvm::Value* status =
            b.CreateCall(runtime_call("ujit_rt_random_randrange", b.getInt32Ty(), {i64, i64, i64, b.getPtrTy()}),
                         {start, stop, step, out});
        raise_if(b.CreateICmpEQ(status, b.getInt32(1)), "ValueError", "empty range for randrange()", e->loc);
        raise_if(b.CreateICmpEQ(status, b.getInt32(2)), "ValueError", "zero step for randrange()", e->loc);
        return b.CreateLoad(i64, out);
    }
    default: break;
    }
    syntax::internal_error(e->loc, fmt::format("{} lowered as a random module call", types::builtin_name(id)));
}

}  // namespace ujit::codegen
