#include "codegen/convert.hpp"

#include "codegen/fp8_convert.hpp"
#include "codegen/llvm_types.hpp"
#include "types/optional_rules.hpp"
#include "types/rules.hpp"

namespace ujit::codegen {

using types::Kind;
using types::Type;

namespace {

llvm::Value* real_to_real(llvm::IRBuilder<>& b, llvm::Value* v, const Type* from, const Type* to) {
    llvm::Type* dst = value_type(b.getContext(), to);
    if (to->is_bool()) return truth(b, v, from);
    if (from->is_bool()) {
        if (to->is_int()) return b.CreateZExt(v, dst);
        return b.CreateUIToFP(v, dst);
    }
    if (from->is_int() && to->is_int()) return b.CreateIntCast(v, dst, from->is_signed());
    if (from->is_int() && to->is_float()) return from->is_signed() ? b.CreateSIToFP(v, dst) : b.CreateUIToFP(v, dst);
    if (from->is_float() && to->is_int()) return to->is_signed() ? b.CreateFPToSI(v, dst) : b.CreateFPToUI(v, dst);
    // bf16: float16 and bfloat16 have the same width, where CreateFPCast would reinterpret the bits
    if (from->is_float() && to->is_float() && from->bits() == 16 && to->bits() == 16)
        return b.CreateFPTrunc(b.CreateFPExt(v, b.getFloatTy()), dst);
    if (from->is_float() && to->is_float()) return b.CreateFPCast(v, dst);
    return nullptr;
}

// None, a T or an Optional(A) as an Optional(B) (Numba's any_to_optional, optional_to_optional):
// None is the zero pair; a None's zero payload converts to a zero payload.
llvm::Value* to_optional(llvm::IRBuilder<>& b, llvm::Value* v, const Type* from, const Type* to) {
    if (from->is_none()) return llvm::Constant::getNullValue(value_type(b.getContext(), to));
    llvm::Value* valid = from->is_optional() ? b.CreateExtractValue(v, 1) : b.getTrue();
    llvm::Value* payload = from->is_optional() ? b.CreateExtractValue(v, 0) : v;
    payload = convert(b, payload, types::strip_optional(from), to->optional_of());
    if (!payload) return nullptr;
    llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), to));
    return b.CreateInsertValue(b.CreateInsertValue(out, payload, 0), valid, 1);
}

}  // namespace

llvm::Value* convert(llvm::IRBuilder<>& b, llvm::Value* v, const Type* from, const Type* to) {
    if (from == to) return v;
    if (to->is_optional()) return to_optional(b, v, from, to);
    if (from->is_optional()) return nullptr;  // a run-time check: FunctionLowering::optional_payload
    // dt64: int() of a timedelta64 or datetime64 is its count (typing allowed which)
    if (from->is_datetime_like()) return to == types::int64() ? v : nullptr;
    if (to->is_datetime_like()) return nullptr;
    // An IntEnum member converts to numbers as its value (Numba's IntEnumMember.can_convert_to).
    if (from->is_int_enum() && !to->is_enum()) return convert(b, v, from->enum_value(), to);
    if (from->is_complex() && to->is_complex()) {
        const Type* fpart = from->dtype() ? from->dtype() : types::floating(from->bits() / 2);
        const Type* tpart = to->dtype() ? to->dtype() : types::floating(to->bits() / 2);
        llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), to));
        out = b.CreateInsertValue(out, real_to_real(b, b.CreateExtractValue(v, 0), fpart, tpart), 0);
        return b.CreateInsertValue(out, real_to_real(b, b.CreateExtractValue(v, 1), fpart, tpart), 1);
    }
    if (to->is_complex() && (from->is_bool() || from->is_int() || from->is_float())) {
        const Type* tpart = types::floating(to->bits() / 2);
        llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), to));
        out = b.CreateInsertValue(out, real_to_real(b, v, from, tpart), 0);
        return b.CreateInsertValue(out, llvm::ConstantFP::get(value_type(b.getContext(), tpart), 0.0), 1);
    }
    if (from->is_complex() && to->is_bool()) return truth(b, v, from);
    if (from->is_tuple() && to->is_tuple()) {
        if (from->elements().size() != to->elements().size()) return nullptr;
        llvm::Value* out = llvm::UndefValue::get(value_type(b.getContext(), to));
        for (unsigned i = 0; i < to->elements().size(); ++i) {
            llvm::Value* e = convert(b, b.CreateExtractValue(v, i), from->elements()[i], to->elements()[i]);
            if (!e) return nullptr;
            out = b.CreateInsertValue(out, e, i);
        }
        return out;
    }
    if (from->is_list() && to->is_list()) return types::can_convert(from, to) ? v : nullptr;  // one layout
    if ((from->is_dict() || from->is_set()) && from == to) return v;
    if (from->is_array() && to->is_array()) {
        // Layouts may differ (C vs A); the struct is the same when dtype and ndim agree.
        if (from->dtype() != to->dtype() || from->ndim() != to->ndim()) return nullptr;
        return v;
    }
    if (from->is_number() && to->is_number() && !from->is_complex() && !to->is_complex())
        return real_to_real(b, v, from, to);
    // ---- bf16: fp8 values convert through float32 (codegen/fp8_convert.hpp)
    auto real = [](const Type* t) { return (t->is_number() && !t->is_complex()) || t->is_fp8(); };
    if (from->is_fp8() && real(to)) return convert(b, fp8_to_float(b, v, from->fp8_format()), types::float32(), to);
    if (to->is_fp8() && real(from)) {
        // cuda_fp8.hpp: a double converts once, an integer through float, the others exactly
        llvm::Value* d = from->is_float() && from->bits() == 64 ? v
                         : from->is_float()                     ? b.CreateFPExt(v, b.getDoubleTy())
                                            : b.CreateFPExt(convert(b, v, from, types::float32()), b.getDoubleTy());
        return float_to_fp8(b, d, to->fp8_format());
    }
    // ---- end bf16
    return nullptr;
}

llvm::Value* truth(llvm::IRBuilder<>& b, llvm::Value* v, const Type* t) {
    switch (t->kind()) {
    case Kind::Enum: return t->is_int_enum() ? truth(b, v, t->enum_value()) : b.getTrue();  // Python's
    case Kind::Bool: return v;
    case Kind::Int: return b.CreateICmpNE(v, llvm::ConstantInt::get(v->getType(), 0));
    case Kind::Float: return b.CreateFCmpUNE(v, llvm::ConstantFP::get(v->getType(), 0.0));
    case Kind::Complex: {
        llvm::Value* re = b.CreateExtractValue(v, 0);
        llvm::Value* im = b.CreateExtractValue(v, 1);
        return b.CreateOr(b.CreateFCmpUNE(re, llvm::ConstantFP::get(re->getType(), 0.0)),
                          b.CreateFCmpUNE(im, llvm::ConstantFP::get(im->getType(), 0.0)));
    }
    case Kind::None: return b.getFalse();
    case Kind::Tuple: return b.getInt1(!t->elements().empty());
    case Kind::Str: return b.CreateICmpNE(b.CreateExtractValue(v, 1), b.getInt64(0));  // non-empty
    default: return nullptr;
    }
}

llvm::Value* constant_value(llvm::IRBuilder<>& b, const types::ConstValue& c) {
    const Type* t = c.type;
    if (t->is_enum()) {  // a member is its value
        types::ConstValue value = c;
        value.type = t->enum_value();
        return constant_value(b, value);
    }
    llvm::Type* ty = t->is_none() ? nullptr : value_type(b.getContext(), t);
    switch (t->kind()) {
    case Kind::Bool: return b.getInt1(c.i != 0);
    case Kind::Int: return llvm::ConstantInt::get(ty, static_cast<uint64_t>(c.i), t->is_signed());
    case Kind::Datetime:
    case Kind::Timedelta: return b.getInt64(static_cast<uint64_t>(c.i));  // dt64: a global's count
    case Kind::Float: return llvm::ConstantFP::get(ty, c.f);
    case Kind::Complex: {
        llvm::Type* part = llvm::cast<llvm::StructType>(ty)->getElementType(0);
        return llvm::ConstantStruct::get(llvm::cast<llvm::StructType>(ty), {llvm::ConstantFP::get(part, c.c.real()),
                                                                            llvm::ConstantFP::get(part, c.c.imag())});
    }
    case Kind::Tuple: {
        llvm::Value* out = llvm::UndefValue::get(ty);
        for (unsigned i = 0; i < c.elems.size(); ++i) out = b.CreateInsertValue(out, constant_value(b, c.elems[i]), i);
        return out;
    }
    default: return nullptr;
    }
}

llvm::Value* zero_value(llvm::IRBuilder<>& b, const Type* t) {
    if (t->is_none()) return nullptr;
    return llvm::Constant::getNullValue(value_type(b.getContext(), t));
}

}  // namespace ujit::codegen
