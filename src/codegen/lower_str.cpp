// Strings (Numba's unicode_type) in compiled code: literals, operators, s[i] and slices,
// iteration, len/str/ord/chr/hash and print. Each operation that makes a string calls a
// helper of src/strings/str_abi.h, which returns a new string owning one reference: a
// temporary of the statement (lower_refcount.cpp), as a new array is. Indices and arguments
// are checked here, so that the helpers never raise but for MemoryError.
#include "codegen/lower_context.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/llvm_types.hpp"
#include "nplib/array_views.hpp"
#include "strings/str_convert.hpp"
#include "types/optional_rules.hpp"
#include "ujit/ujit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;

// A literal: its code points are a constant of the module, and it has no owner.
llvm::Value* FunctionLowering::str_literal(const std::string& utf8) {
    std::u32string text;
    try {
        text = strings::from_utf8(utf8);
    } catch (const Error&) {
        syntax::internal_error({}, "a string literal that is not UTF-8");
    }
    const auto n = static_cast<int64_t>(text.size());
    if (text.empty()) text.push_back(0);  // never a null data pointer
    llvm::Constant* data = llvm::ConstantDataArray::get(
        mod.ctx, llvm::ArrayRef<uint32_t>(reinterpret_cast<const uint32_t*>(text.data()), text.size()));
    auto* g = new llvm::GlobalVariable(mod.m, data->getType(), true, llvm::GlobalValue::PrivateLinkage, data, "str");
    g->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    g->setAlignment(llvm::Align(4));
    auto* ptr = llvm::PointerType::get(mod.ctx, 0);
    return llvm::ConstantStruct::get(str_struct(mod.ctx), {g, b.getInt64(n), llvm::ConstantPointerNull::get(ptr)});
}

llvm::Value* FunctionLowering::str_length(llvm::Value* s) { return b.CreateExtractValue(s, 1, "len"); }

// The helpers take strings by pointer (the C struct ujit_str): a stack copy of the value.
llvm::Value* FunctionLowering::str_pointer(llvm::Value* s) {
    llvm::AllocaInst* slot = entry_alloca(str_struct(mod.ctx), "str.arg");
    b.CreateStore(s, slot);
    return slot;
}

llvm::Value* FunctionLowering::str_query(const char* helper, llvm::Type* result,
                                         const std::vector<llvm::Value*>& args) {
    std::vector<llvm::Type*> params;
    for (llvm::Value* a : args) params.push_back(a->getType());
    return b.CreateCall(runtime_call(helper, result, params), args);
}

llvm::Value* FunctionLowering::str_new(const char* helper, std::vector<llvm::Value*> args) {
    llvm::AllocaInst* out = entry_alloca(str_struct(mod.ctx), "str.new");
    args.push_back(out);
    str_query(helper, b.getVoidTy(), args);
    llvm::Value* s = b.CreateLoad(str_struct(mod.ctx), out);
    own_temporary(s, types::unicode());
    return s;
}

// s[start::step], `count` code points (an i64 each).
llvm::Value* FunctionLowering::str_slice(llvm::Value* s, llvm::Value* start, llvm::Value* step, llvm::Value* count) {
    return str_new("ujit_str_slice", {str_pointer(s), start, step, count});
}

llvm::Value* FunctionLowering::str_binary(BinOp op, llvm::Value* l, const Type* lt, llvm::Value* r, SourceLoc loc) {
    if (op == BinOp::Add) return str_new("ujit_str_concat", {str_pointer(l), str_pointer(r)});
    if (op == BinOp::Mul)
        return lt->is_str() ? str_new("ujit_str_repeat", {str_pointer(l), r})
                            : str_new("ujit_str_repeat", {str_pointer(r), l});
    unsupported(loc, fmt::format("unsupported operand types for {}: unicode_type", spelling(op)));
}

llvm::Value* FunctionLowering::str_compare(CmpOp op, llvm::Value* l, llvm::Value* r, SourceLoc loc) {
    llvm::Value* lp = str_pointer(l);
    llvm::Value* rp = str_pointer(r);
    switch (op) {
    case CmpOp::Eq:
    case CmpOp::Ne: {
        llvm::Value* eq = b.CreateICmpNE(str_query("ujit_str_equal", b.getInt32Ty(), {lp, rp}), b.getInt32(0));
        return op == CmpOp::Eq ? eq : b.CreateNot(eq);
    }
    case CmpOp::In:
    case CmpOp::NotIn: {  // `l in r`: l is a substring of r
        llvm::Value* at =
            str_query("ujit_str_find", b.getInt64Ty(), {rp, lp, b.getInt64(0), str_length(r), b.getInt32(0)});
        llvm::Value* found = b.CreateICmpSGE(at, b.getInt64(0));
        return op == CmpOp::In ? found : b.CreateNot(found);
    }
    default: break;
    }
    llvm::Value* c = str_query("ujit_str_compare", b.getInt32Ty(), {lp, rp});
    llvm::Value* zero = b.getInt32(0);
    switch (op) {
    case CmpOp::Lt: return b.CreateICmpSLT(c, zero);
    case CmpOp::Le: return b.CreateICmpSLE(c, zero);
    case CmpOp::Gt: return b.CreateICmpSGT(c, zero);
    case CmpOp::Ge: return b.CreateICmpSGE(c, zero);
    default: unsupported(loc, fmt::format("'{}' is not supported between strings", spelling(op)));
    }
}

// s[i] (a new one-character string; IndexError out of range, negative indices from the end)
// and s[a:b:c].
llvm::Value* FunctionLowering::str_subscript(const Subscript* e) {
    llvm::Value* s = expr(e->value);
    llvm::Value* n = str_length(s);
    if (auto* sl = dyn_cast<Slice>(e->index)) {
        llvm::Value* step = slice_part(sl->step);
        if (!step) step = b.getInt64(1);
        check_error(b.CreateICmpEQ(step, b.getInt64(0)), int(RuntimeError::SliceStepZero), sl->loc);
        nplib::SliceBounds sb = nplib::slice_bounds(b, slice_part(sl->lower), slice_part(sl->upper), step, n);
        return str_slice(s, sb.start, step, sb.count);
    }
    llvm::Value* i = index_value(e->index);
    llvm::Value* wrapped = b.CreateSelect(b.CreateICmpSLT(i, b.getInt64(0)), b.CreateAdd(i, n), i);
    raise_if(b.CreateICmpUGE(wrapped, n), "IndexError", "string index out of range", e->index->loc);
    return str_slice(s, wrapped, b.getInt64(1), b.getInt64(1));
}

// for c in s: each character as a new string of length one.
void FunctionLowering::for_str(const For* s) {
    llvm::Value* text = expr(s->iter);
    RebindTest rebound = loop_rebinds(s);
    hold_iterable(s->iter, text, &rebound);
    llvm::Value* n = str_length(text);
    counted_loop(
        s, types::int64(), b.getInt64(0), b.getInt64(1), [&](llvm::Value* i) { return b.CreateICmpSLT(i, n); },
        [&](llvm::Value* i) {
            assign_to(s->target, str_slice(text, i, b.getInt64(1), b.getInt64(1)), types::unicode());
        });
}

bool FunctionLowering::is_str_builtin(const Call* e, BuiltinId id) const {
    switch (id) {
    case BuiltinId::Str:
    case BuiltinId::Ord:
    case BuiltinId::Chr:
    case BuiltinId::Hash: return true;
    case BuiltinId::Len: return e->args.size() == 1 && types::strip_optional(fn.type_of(e->args[0]))->is_str();
    default: return false;
    }
}

// len(s), str(x), ord(c), chr(i), hash(x).
llvm::Value* FunctionLowering::str_builtin(const Call* e, BuiltinId id) {
    const Expr* arg = e->args[0];
    const Type* at = types::strip_optional(type_of(arg));  // len() of an Optional str: unwrapped
    llvm::Value* v = expr_as(arg, at);
    switch (id) {
    case BuiltinId::Len: return str_length(v);
    case BuiltinId::Str:
        if (at->is_str()) return v;
        if (at->is_bool()) return b.CreateSelect(v, str_literal("True"), str_literal("False"));
        if (at->is_float()) return str_new("ujit_str_from_float", {b.CreateFPExt(v, b.getDoubleTy())});
        return str_new("ujit_str_from_int",
                       {b.CreateIntCast(v, b.getInt64Ty(), at->is_signed()), b.getInt32(at->is_signed() ? 0 : 1)});
    case BuiltinId::Ord:
        raise_if(b.CreateICmpNE(str_length(v), b.getInt64(1)), "TypeError", "ord() expected a character", e->loc);
        return b.CreateZExt(b.CreateLoad(b.getInt32Ty(), b.CreateExtractValue(v, 0)), b.getInt64Ty());
    case BuiltinId::Chr: {
        llvm::Value* code = b.CreateIntCast(v, b.getInt64Ty(), at->is_int() && at->is_signed());
        raise_if(b.CreateICmpUGT(code, b.getInt64(0x10FFFF)), "ValueError", "chr() arg not in range(0x110000)", e->loc);
        return str_new("ujit_str_chr", {code});
    }
    default: break;
    }
    // hash(x) as CPython computes it (and Numba, and dict keys: dicts/dict_keys.cpp): an
    // integer's inline, a float's and a tuple's (its items' hashes combined) in the runtime.
    llvm::Type* i64 = b.getInt64Ty();
    auto float_hash = [&](llvm::Value* x) -> llvm::Value* {
        llvm::FunctionCallee f = runtime_call("ujit_hash_double", i64, {b.getDoubleTy()});
        return b.CreateCall(f, {b.CreateFPExt(x, b.getDoubleTy())});
    };
    std::function<llvm::Value*(llvm::Value*, const Type*)> python_hash = [&](llvm::Value* x,
                                                                             const Type* t) -> llvm::Value* {
        if (t->is_str()) return str_query("ujit_str_hash", i64, {str_pointer(x)});
        if (t->is_float()) return float_hash(x);
        if (t->is_complex()) {  // CPython's complex_hash: real + 1000003 * imag, -1 becoming -2
            llvm::Value* h = b.CreateAdd(float_hash(b.CreateExtractValue(x, 0)),
                                         b.CreateMul(b.getInt64(1000003), float_hash(b.CreateExtractValue(x, 1))));
            return b.CreateSelect(b.CreateICmpEQ(h, b.getInt64(-1)), b.getInt64(-2), h);
        }
        if (!t->is_tuple()) return int_hash(x, t);
        const auto n = static_cast<unsigned>(t->elements().size());
        llvm::AllocaInst* lanes = entry_alloca(llvm::ArrayType::get(i64, std::max(n, 1u)), "hash.lanes");
        for (unsigned i = 0; i < n; ++i)
            b.CreateStore(python_hash(b.CreateExtractValue(x, i), t->elements()[i]),
                          b.CreateConstGEP2_32(lanes->getAllocatedType(), lanes, 0, i));
        llvm::FunctionCallee combine = runtime_call("ujit_hash_tuple_lanes", i64, {b.getPtrTy(), i64});
        return b.CreateCall(combine, {lanes, b.getInt64(n)});
    };
    return python_hash(v, at);
}

// Python's hash of an integer: its value modulo 2**61 - 1 with its sign, -1 becoming -2
// (CPython's long_hash; dicts/dict_keys.cpp hashes keys the same way).
llvm::Value* FunctionLowering::int_hash(llvm::Value* v, const Type* t) {
    const bool is_signed = t->is_int() && t->is_signed();
    llvm::Value* x = b.CreateIntCast(v, b.getInt64Ty(), is_signed);
    llvm::Value* modulus = b.getInt64((uint64_t{1} << 61) - 1);
    if (!is_signed) return b.CreateURem(x, modulus);
    llvm::Value* negative = b.CreateICmpSLT(x, b.getInt64(0));
    llvm::Value* magnitude = b.CreateSelect(negative, b.CreateNeg(x), x);
    llvm::Value* r = b.CreateURem(magnitude, modulus);
    llvm::Value* h = b.CreateSelect(negative, b.CreateNeg(r), r);
    return b.CreateSelect(b.CreateICmpEQ(h, b.getInt64(-1)), b.getInt64(-2), h);
}

}  // namespace ujit::codegen
