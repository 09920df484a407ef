// math.* through Target::emit_math (operands already converted to the float type), the
// functions that need no library (isnan/isinf/isfinite, fabs, copysign, floor/ceil/trunc
// to int64, degrees/radians, gcd), round() with Python's rounding, and print().
#include "codegen/lower_context.hpp"

#include "codegen/convert.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/print_items.hpp"
#include "nplib/ufunc_typing.hpp"

#include <fmt/format.h>

#include <llvm/IR/Intrinsics.h>

#include <numbers>

namespace ujit::codegen {

bool print_str_as_repr(llvm::IRBuilder<>& b, Target& target, std::string& format, std::vector<llvm::Value*>& args,
                       llvm::Value* v, const types::Type* t) {
    if (!t->is_str() || target.prints_floats_as_cuda()) return false;
    format += "%R";
    args.push_back(b.CreateExtractValue(v, 0));  // code points
    args.push_back(b.CreateExtractValue(v, 1));  // length
    return true;
}

using namespace syntax;
using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::math(BuiltinId id, std::vector<llvm::Value*> args, const Type* ty, SourceLoc loc) {
    llvm::Value* v = mod.target.emit_math(b, id, args, ty);
    if (!v)
        unsupported(loc, fmt::format("{}() on {} is not supported on this target", types::builtin_name(id), ty->str()));
    return v;
}

llvm::Value* FunctionLowering::call_math(const Call* e, BuiltinId id) {
    std::vector<llvm::Value*> args;
    std::vector<const Type*> arg_types;
    call_operands(e, args, arg_types);
    return math_values(id, std::move(args), arg_types, type_of(e), e->loc);
}

// A math builtin of operands already converted to `arg_types`, its result converted to `rt`
// (also one element of np.sqrt(a) etc. in an array expression).
llvm::Value* FunctionLowering::math_values(BuiltinId id, std::vector<llvm::Value*> args,
                                           const std::vector<const Type*>& arg_types, const Type* rt, SourceLoc loc) {
    UJIT_INTERNAL_ASSERT(!args.empty(), loc, fmt::format("{}() typed without arguments", types::builtin_name(id)));
    const Type* t = arg_types[0];
    llvm::Value* x = args[0];
    auto result = [&](llvm::Value* v, const Type* vt) { return convert_or_fail(v, vt, rt, loc); };
    auto c = [&](double v) { return llvm::ConstantFP::get(x->getType(), v); };

    if (auto twin = nplib::complex_twin(id); twin && t->is_complex()) {  // np.sin(z): NumPy's complex loops
        llvm::Value* z = cmath_values(*twin, {x}, t, loc);
        if (id == BuiltinId::MathLog2) {  // NumPy's nc_log2: log(z) / ln 2, part by part
            llvm::Value* inv = llvm::ConstantFP::get(b.CreateExtractValue(z, 0)->getType(), 1.0 / std::numbers::ln2);
            for (unsigned k = 0; k < 2; ++k)
                z = b.CreateInsertValue(z, b.CreateFMul(b.CreateExtractValue(z, k), inv), k);
        }
        return result(z, t);
    }
    switch (id) {
    case BuiltinId::MathIsnan:
    case BuiltinId::MathIsinf:
    case BuiltinId::MathIsfinite: {
        if (!t->is_float()) return result(b.getInt1(id == BuiltinId::MathIsfinite), types::boolean());
        llvm::Value* v;
        llvm::Value* inf = llvm::ConstantFP::getInfinity(x->getType());
        llvm::Value* mag = intrinsic(b, llvm::Intrinsic::fabs, {x});
        if (id == BuiltinId::MathIsnan)
            v = b.CreateFCmpUNO(x, x);
        else if (id == BuiltinId::MathIsinf)
            v = b.CreateFCmpOEQ(mag, inf);
        else
            v = b.CreateFCmpOLT(mag, inf);  // false for NaN too
        return result(v, types::boolean());
    }
    case BuiltinId::MathFloor:
    case BuiltinId::MathCeil:
    case BuiltinId::MathTrunc: {
        // Float op, then fptosi to int64 (the result type), like Numba.
        if (!t->is_float()) return result(x, t);
        return result(intrinsic(b, builtin_intrinsic(id), {x}), t);
    }
    case BuiltinId::MathFabs:
        if (!t->is_float()) break;
        return result(intrinsic(b, llvm::Intrinsic::fabs, {x}), t);
    case BuiltinId::MathCopysign:
        if (!t->is_float() || args.size() != 2) break;
        return result(intrinsic(b, llvm::Intrinsic::copysign, {x, convert_or_fail(args[1], arg_types[1], t, loc)}), t);
    case BuiltinId::MathDegrees:
        if (!t->is_float()) break;
        return result(b.CreateFMul(x, c(180.0 / std::numbers::pi)), t);
    case BuiltinId::MathRadians:
        if (!t->is_float()) break;
        return result(b.CreateFMul(x, c(std::numbers::pi / 180.0)), t);
    case BuiltinId::MathFrexp: {
        if (!t->is_float() || t->bits() < 32) break;
        // x = m * 2**e with 0.5 <= |m| < 1, read off the IEEE fields (a subnormal scaled by
        // 2**54 first); zero, inf and nan give (x, 0), as C's frexp and Python's.
        const bool f32 = t->bits() == 32;
        const unsigned mant = f32 ? 23 : 52;
        const int64_t field = f32 ? 0xff : 0x7ff, bias = f32 ? 126 : 1022;
        llvm::Type* fty = x->getType();
        llvm::Type* ity = f32 ? b.getInt32Ty() : b.getInt64Ty();
        llvm::Value* mag = intrinsic(b, llvm::Intrinsic::fabs, {x});
        llvm::Value* tiny = b.CreateFCmpOLT(mag, c(f32 ? 0x1p-126 : 0x1p-1022));
        llvm::Value* xs = b.CreateSelect(tiny, b.CreateFMul(x, c(0x1p54)), x);
        llvm::Value* bits = b.CreateBitCast(xs, ity);
        llvm::Value* biased = b.CreateAnd(b.CreateLShr(bits, mant), llvm::ConstantInt::get(ity, field));
        llvm::Value* e = b.CreateSub(b.CreateIntCast(biased, b.getInt32Ty(), false), b.getInt32(int32_t(bias)));
        e = b.CreateSub(e, b.CreateSelect(tiny, b.getInt32(54), b.getInt32(0)));
        llvm::Value* m_bits = b.CreateOr(b.CreateAnd(bits, llvm::ConstantInt::get(ity, ~(uint64_t(field) << mant))),
                                         llvm::ConstantInt::get(ity, uint64_t(bias) << mant));
        llvm::Value* m = b.CreateBitCast(m_bits, fty);
        llvm::Value* special = b.CreateOr(b.CreateFCmpOEQ(x, c(0.0)),
                                          b.CreateNot(b.CreateFCmpOLT(mag, llvm::ConstantFP::getInfinity(fty))));
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, rt));
        out = b.CreateInsertValue(out, b.CreateSelect(special, x, m), 0);
        return b.CreateInsertValue(out, b.CreateSelect(special, b.getInt32(0), e), 1);
    }
    case BuiltinId::MathModf: {
        if (!t->is_float() || t->bits() < 32) break;
        // C's modf: the integral part is trunc(x); the fractional part carries x's sign, and
        // is (+-)0 for an infinity; a nan gives (nan, nan).
        llvm::Value* whole = intrinsic(b, llvm::Intrinsic::trunc, {x});
        llvm::Value* inf =
            b.CreateFCmpOEQ(intrinsic(b, llvm::Intrinsic::fabs, {x}), llvm::ConstantFP::getInfinity(x->getType()));
        llvm::Value* frac = b.CreateSelect(inf, c(0.0), b.CreateFSub(x, whole));
        frac = intrinsic(b, llvm::Intrinsic::copysign, {frac, x});
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, rt));
        out = b.CreateInsertValue(out, frac, 0);
        return b.CreateInsertValue(out, whole, 1);
    }
    case BuiltinId::MathGcd: {
        if (!t->is_int() || args.size() != 2) break;
        // Euclid on magnitudes; gcd(0, 0) == 0.
        llvm::Type* ty = x->getType();
        llvm::Value* zero = llvm::ConstantInt::get(ty, 0);
        auto mag = [&](llvm::Value* v) {
            return t->is_signed() ? b.CreateSelect(b.CreateICmpSLT(v, zero), b.CreateNeg(v), v) : v;
        };
        llvm::Value* a0 = mag(x);
        llvm::Value* b0 = mag(convert_or_fail(args[1], arg_types[1], t, loc));
        llvm::BasicBlock* pre = b.GetInsertBlock();
        llvm::BasicBlock* loop = new_block("gcd.loop");
        llvm::BasicBlock* done = new_block("gcd.done");
        b.CreateCondBr(b.CreateICmpNE(b0, zero), loop, done);
        b.SetInsertPoint(loop);
        llvm::PHINode* pa = b.CreatePHI(ty, 2);
        llvm::PHINode* pb = b.CreatePHI(ty, 2);
        pa->addIncoming(a0, pre);
        pb->addIncoming(b0, pre);
        llvm::Value* r = b.CreateURem(pa, pb);
        pa->addIncoming(pb, loop);
        pb->addIncoming(r, loop);
        b.CreateCondBr(b.CreateICmpNE(r, zero), loop, done);
        b.SetInsertPoint(done);
        llvm::PHINode* g = b.CreatePHI(ty, 2);
        g->addIncoming(a0, pre);
        g->addIncoming(pb, loop);
        return result(g, t);
    }
    default: break;
    }
    if (!t->is_float()) unsupported(loc, fmt::format("{}() of {} is not supported", types::builtin_name(id), t->str()));
    for (size_t i = 1; i < args.size(); ++i)
        if (arg_types[i]->is_float()) args[i] = convert_or_fail(args[i], arg_types[i], t, loc);
    if (t->bits() == 16) {  // float16: neither libm nor libdevice has it; float32, rounded back (numba-cuda)
        for (llvm::Value*& a : args) a = b.CreateFPExt(a, b.getFloatTy());
        llvm::Type* narrow = t->is_bfloat16() ? b.getBFloatTy() : b.getHalfTy();  // bf16: bfloat16 the same way
        return result(b.CreateFPTrunc(math(id, args, types::float32(), loc), narrow), t);
    }
    return result(math(id, args, t, loc), t);
}

// round(x) → int64 with ties to even (llvm.rint, as Numba); round(x, n) → float with
// Numba's round_ndigits (CPython's algorithm without dtoa), computed in float64.
llvm::Value* FunctionLowering::round_call(const Call* e) {
    const Type* rt = type_of(e);
    if (e->args.empty() || e->args.size() > 2) unsupported(e->loc, "round() takes 1 or 2 arguments");
    const Type* xt = type_of(e->args[0]);
    if (e->args.size() == 1) {
        if (!xt->is_float()) return expr_as(e->args[0], rt);
        llvm::Value* x = expr(e->args[0]);
        return convert_or_fail(intrinsic(b, llvm::Intrinsic::rint, {x}), xt, rt, e->loc);
    }
    if (!xt->is_float()) {
        llvm::Value* x = expr(e->args[0]);
        expr(e->args[1]);
        return convert_or_fail(x, xt, rt, e->loc);
    }
    const Type* f64 = types::float64();
    llvm::Value* x = expr_as(e->args[0], f64);
    llvm::Value* n = index_value(e->args[1]);
    auto c = [&](double v) { return llvm::ConstantFP::get(b.getDoubleTy(), v); };
    llvm::Value* nonneg = b.CreateICmpSGE(n, b.getInt64(0));
    llvm::Value* big = b.CreateICmpSGT(n, b.getInt64(22));
    llvm::Value* e1 = b.CreateSelect(big, b.CreateSub(n, b.getInt64(22)), b.CreateSelect(nonneg, n, b.CreateNeg(n)));
    llvm::Value* pow1 = int_power_loop(c(10.0), e1, f64);
    llvm::Value* pow2 = b.CreateSelect(big, c(1e22), c(1.0));
    llvm::Value* y = b.CreateSelect(nonneg, b.CreateFMul(b.CreateFMul(x, pow1), pow2), b.CreateFDiv(x, pow1));
    llvm::Value* z = intrinsic(b, llvm::Intrinsic::round, {y});
    llvm::Value* half = b.CreateFCmpOEQ(intrinsic(b, llvm::Intrinsic::fabs, {b.CreateFSub(y, z)}), c(0.5));
    z = b.CreateSelect(half, b.CreateFMul(c(2.0), intrinsic(b, llvm::Intrinsic::round, {b.CreateFDiv(y, c(2.0))})), z);
    z = b.CreateSelect(nonneg, b.CreateFDiv(b.CreateFDiv(z, pow2), pow1), b.CreateFMul(z, pow1));
    // Infinities and NaN come back unchanged, and so does x when scaling overflows.
    llvm::Value* inf = llvm::ConstantFP::getInfinity(b.getDoubleTy());
    llvm::Value* x_not_finite = b.CreateNot(b.CreateFCmpOLT(intrinsic(b, llvm::Intrinsic::fabs, {x}), inf));
    llvm::Value* y_inf = b.CreateAnd(nonneg, b.CreateFCmpOEQ(intrinsic(b, llvm::Intrinsic::fabs, {y}), inf));
    z = b.CreateSelect(b.CreateOr(x_not_finite, y_inf), x, z);
    return convert_or_fail(z, f64, rt, e->loc);
}

// One value of print(...): its conversion appended to `format`, its operands to `args` (a
// list is printed item by item: print_list).
void FunctionLowering::print_piece(std::string& format, std::vector<llvm::Value*>& args, llvm::Value* v, const Type* t,
                                   SourceLoc loc) {
    if (t->is_list()) return print_list(format, args, v, t, loc);
    if (t->is_tuple()) {
        format += "(";
        for (unsigned k = 0; k < t->elements().size(); ++k) {
            if (k) format += ", ";
            llvm::Value* item = b.CreateExtractValue(v, k);
            if (!print_str_as_repr(b, mod.target, format, args, item, t->elements()[k]))
                print_piece(format, args, item, t->elements()[k], loc);
        }
        format += t->elements().size() == 1 ? ",)" : ")";
        return;
    }
    auto float_item = [&](llvm::Value* x, int bits) {
        args.push_back(b.CreateFPExt(x, b.getDoubleTy()));
        if (mod.target.prints_floats_as_cuda()) return std::string("%f");
        return bits == 32 ? std::string("%.9g") : std::string("%.17g");
    };
    if (t->is_bool()) {
        format += "%s";
        args.push_back(b.CreateSelect(v, b.CreateGlobalString("True"), b.CreateGlobalString("False")));
    } else if (t->is_int()) {
        format += t->is_signed() ? "%lld" : "%llu";
        args.push_back(b.CreateIntCast(v, b.getInt64Ty(), t->is_signed()));
    } else if (t->is_float()) {
        format += float_item(v, t->bits());
    } else if (t->is_complex() && !mod.target.prints_floats_as_cuda()) {
        // Numba boxes the value to a Python complex (complex64 widened) and prints its str():
        // "(1+2j)", "(0.5-1.5j)", "3j" (cpu/helper_print: "%C" of the two parts as doubles).
        format += "%C";
        args.push_back(b.CreateFPExt(b.CreateExtractValue(v, 0), b.getDoubleTy()));
        args.push_back(b.CreateFPExt(b.CreateExtractValue(v, 1), b.getDoubleTy()));
    } else if (t->is_complex()) {
        format += "(";
        format += float_item(b.CreateExtractValue(v, 0), t->bits() / 2);
        format += "+";
        format += float_item(b.CreateExtractValue(v, 1), t->bits() / 2);
        format += "j)";
    } else if (t->is_none()) {
        format += "None";
    } else if (t->is_str() && !mod.target.prints_floats_as_cuda()) {  // code points and length
        format += "%U";
        args.push_back(b.CreateExtractValue(v, 0));
        args.push_back(str_length(v));
    } else if (t->is_array() && !mod.target.prints_floats_as_cuda()) {
        // Numba prints an array as NumPy's str(): the helper formats it from the element
        // kind and width, ndim, data, shape and strides (cpu/helper_print.hpp, "%A").
        format += "%A";
        const Type* d = t->dtype();
        int kind = d->is_bool() ? 0 : d->is_int() ? (d->is_signed() ? 1 : 2) : d->is_float() ? 3 : 4;
        args.push_back(b.getInt32(kind));
        args.push_back(b.getInt32(d->bits()));
        args.push_back(b.getInt32(t->ndim()));
        args.push_back(array_data(b, v));
        auto* dims_ty = llvm::ArrayType::get(b.getInt64Ty(), std::max(1, t->ndim()));
        llvm::AllocaInst* shape = entry_alloca(dims_ty, "print.shape");
        llvm::AllocaInst* strides = entry_alloca(dims_ty, "print.strides");
        for (int k = 0; k < t->ndim(); ++k) {
            b.CreateStore(array_dim(b, v, k), b.CreateConstInBoundsGEP2_32(dims_ty, shape, 0, k));
            b.CreateStore(array_stride(b, v, k), b.CreateConstInBoundsGEP2_32(dims_ty, strides, 0, k));
        }
        args.push_back(shape);
        args.push_back(strides);
    } else {
        unsupported(loc, "print() of " + t->str() + " is not supported");
    }
}

// print(a, b, ...): one printf-style format for Target::emit_print, items separated by a
// space, ending in "\n". Conversions used (documented in lower.hpp):
//   string literal, bool ("True"/"False") → %s (ptr);  signed int → %lld (i64);
//   unsigned int → %llu (i64);  float64 → %.17g, float32 → %.9g (double; the CPU runtime
//   prints the shortest repr that round-trips at that precision, as Python/NumPy do), or
//   %f for either where the target prints as CUDA does (Target::prints_floats_as_cuda);
//   complex → (%.17g+%.17gj) with the real and imaginary parts.
llvm::Value* FunctionLowering::print_call(const Call* e) {
    std::string format;
    std::vector<llvm::Value*> args;
    for (size_t i = 0; i < e->args.size(); ++i) {
        if (i) format += ' ';
        const Expr* a = e->args[i];
        if (auto* s = dyn_cast<StrLit>(a)) {
            format += "%s";
            args.push_back(b.CreateGlobalString(s->value));
            continue;
        }
        print_piece(format, args, expr(a), type_of(a), a->loc);
    }
    // A literal '%' in a string is passed through %s, so the format holds only our items.
    format += '\n';
    mod.target.emit_print(b, format, args);
    return nullptr;
}

}  // namespace ujit::codegen
