#include "runtime/ufunc_dispatch.hpp"

#include "runtime/dtype.hpp"

namespace ujit::runtime {

bool can_cast_safe(DType from, DType to) {
    if (from == to) return true;
    DKind fk = dtype_kind(from), tk = dtype_kind(to);
    int fs = itemsize(from), ts = itemsize(to);
    switch (fk) {
    case DKind::Bool: return true;
    case DKind::Int:
    case DKind::UInt:
        switch (tk) {
        case DKind::Bool: return false;
        case DKind::Int: return fk == DKind::Int ? ts >= fs : ts > fs;
        case DKind::UInt: return fk == DKind::UInt && ts >= fs;
        // float32 holds 16-bit integers exactly; NumPy deems every integer safe to float64.
        case DKind::Float: return ts == 8 || fs <= 2;
        case DKind::Complex: return ts == 16 || fs <= 2;
        case DKind::Datetime: return false;
        }
        return false;
    case DKind::Float:
        if (tk == DKind::Float) return ts >= fs;
        return tk == DKind::Complex && ts >= 2 * fs;
    case DKind::Complex: return tk == DKind::Complex && ts >= fs;
    case DKind::Datetime: return from == to;  // units convert only inside compiled code
    }
    return false;
}

bool operand_casts_to(const UfuncOperand& arg, DType to) {
    if (arg.python_scalar) {
        DKind to_kind = dtype_kind(to);
        switch (dtype_kind(arg.dtype)) {
        case DKind::Int:
        case DKind::UInt: return to_kind != DKind::Bool;
        case DKind::Float: return to_kind == DKind::Float || to_kind == DKind::Complex;
        default: break;
        }
    }
    return can_cast_safe(arg.dtype, to);
}

std::string format_signature(const UfuncSignature& sig) {
    std::string s = std::string(dtype_name(sig.output)) + "(";
    for (size_t i = 0; i < sig.inputs.size(); ++i) s += std::string(i ? ", " : "") + dtype_name(sig.inputs[i]);
    return s + ")";
}

size_t select_ufunc_signature(const std::string& ufunc_name, const std::vector<UfuncSignature>& sigs,
                              const std::vector<UfuncOperand>& args) {
    auto arity_ok = [&](const UfuncSignature& s) { return s.inputs.size() == args.size(); };
    for (size_t k = 0; k < sigs.size(); ++k) {
        if (!arity_ok(sigs[k])) continue;
        bool exact = true;
        for (size_t i = 0; i < args.size() && exact; ++i) exact = args[i].dtype == sigs[k].inputs[i];
        if (exact) return k;
    }
    bool any_arity = false;
    for (size_t k = 0; k < sigs.size(); ++k) {
        if (!arity_ok(sigs[k])) continue;
        any_arity = true;
        bool ok = true;
        for (size_t i = 0; i < args.size() && ok; ++i) ok = operand_casts_to(args[i], sigs[k].inputs[i]);
        if (ok) return k;
    }
    std::string declared;
    for (size_t k = 0; k < sigs.size(); ++k) declared += (k ? ", " : "") + format_signature(sigs[k]);
    if (!any_arity && !sigs.empty())
        throw Error(Error::Kind::Argument, "ufunc '" + ufunc_name + "' takes " + std::to_string(sigs[0].inputs.size()) +
                                               " arguments, got " + std::to_string(args.size()) +
                                               "; declared signatures: " + declared);
    std::string types;
    for (size_t i = 0; i < args.size(); ++i) types += (i ? ", " : "") + std::string(dtype_name(args[i].dtype));
    throw Error(Error::Kind::Argument, "ufunc '" + ufunc_name + "' not supported for the input types (" + types +
                                           "); declared signatures: " + (declared.empty() ? "none" : declared));
}

}  // namespace ujit::runtime
