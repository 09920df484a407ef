#include "nplib/ufunc_typing.hpp"

namespace ujit::nplib {

using syntax::BinOp;
using syntax::CmpOp;
using syntax::UnaryOp;
using types::BuiltinId;
using types::Type;

namespace {

const Type* from_char(char c) {
    switch (c) {
    case '?': return types::boolean();
    case 'b': return types::integer(8, true);
    case 'B': return types::integer(8, false);
    case 'h': return types::integer(16, true);
    case 'H': return types::integer(16, false);
    case 'i': return types::integer(32, true);
    case 'I': return types::integer(32, false);
    case 'l': return types::integer(64, true);
    case 'L': return types::integer(64, false);
    case 'f': return types::float32();
    case 'd': return types::float64();
    case 'F': return types::complex(64);
    case 'D': return types::complex(128);
    default: return nullptr;
    }
}

// np.can_cast(from, to, 'safe') on ujit's dtypes.
bool can_cast_safely(const Type* from, const Type* to) {
    if (from == to || from->is_bool()) return true;
    if (to->is_bool()) return false;
    if (from->is_int() && to->is_int()) {
        if (from->is_signed() == to->is_signed()) return to->bits() >= from->bits();
        return !from->is_signed() && to->bits() > from->bits();  // unsigned into a wider signed
    }
    if (from->is_int()) {  // into float or complex: the float part must hold it (int64 → float64 counts)
        int part = to->is_float() ? to->bits() : to->bits() / 2;
        return from->bits() <= 16 ? true : part == 64;
    }
    if (from->is_float()) {
        if (to->is_float()) return to->bits() >= from->bits();
        return to->is_complex() && to->bits() / 2 >= from->bits();
    }
    return to->is_complex() && to->bits() >= from->bits();
}

// The type lists NumPy gives its ufuncs (float16, longdouble and object loops left out).
const std::string kInts = "bBhHiIlL";
std::vector<std::string> same_type(const std::string& chars, int nin, const std::string& out = "") {
    std::vector<std::string> loops;
    for (char c : chars)
        loops.push_back(std::string(static_cast<size_t>(nin), c) + "->" + (out.empty() ? std::string(1, c) : out));
    return loops;
}
std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// The first loop every input casts to safely, where integers may also go to any float or
// complex loop when the inputs mix integer and inexact kinds.
std::optional<UfuncLoop> first_castable(const std::vector<UfuncLoop>& loops, const std::vector<const Type*>& inputs) {
    bool has_int = false, has_inexact = false;
    for (const Type* t : inputs) {
        has_int |= t->is_int();
        has_inexact |= t->is_float() || t->is_complex();
    }
    bool mixed = has_int && has_inexact;
    for (const UfuncLoop& l : loops) {
        bool ok = l.in.size() == inputs.size();
        for (size_t k = 0; ok && k < inputs.size(); ++k)
            ok = can_cast_safely(inputs[k], l.in[k]) ||
                 (mixed && inputs[k]->is_int() && (l.in[k]->is_float() || l.in[k]->is_complex()));
        if (ok) return l;
    }
    return std::nullopt;
}

// NumPy's name of a np.* builtin's ufunc ("fmax" for np.fmax), for messages.
std::string numpy_name(BuiltinId id) {
    std::string s = types::builtin_name(id);
    return s.starts_with("np.") ? s.substr(3) : s;
}

}  // namespace

UfuncSig binary_ufunc(BinOp op) {
    switch (op) {
    case BinOp::Add: return {"add", same_type("?" + kInts + "fdFD", 2)};
    case BinOp::Sub: return {"subtract", same_type(kInts + "fdFD", 2)};
    case BinOp::Mul: return {"multiply", same_type("?" + kInts + "fdFD", 2)};
    case BinOp::Div: return {"true_divide", concat(same_type(kInts, 2, "d"), same_type("fdFD", 2))};
    case BinOp::FloorDiv: return {"floor_divide", same_type(kInts + "fd", 2)};
    case BinOp::Mod: return {"remainder", same_type(kInts + "fd", 2)};
    case BinOp::Pow: return {"power", same_type(kInts + "fdFD", 2)};
    case BinOp::BitAnd: return {"bitwise_and", same_type("?" + kInts, 2)};
    case BinOp::BitOr: return {"bitwise_or", same_type("?" + kInts, 2)};
    case BinOp::BitXor: return {"bitwise_xor", same_type("?" + kInts, 2)};
    case BinOp::LShift: return {"left_shift", same_type(kInts, 2)};
    case BinOp::RShift: return {"right_shift", same_type(kInts, 2)};
    case BinOp::MatMul: break;  // no ufunc: a product (Inferrer::binary types it as np.dot)
    }
    return {"?", {}};
}

UfuncSig compare_ufunc(CmpOp op) {
    const char* names[] = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"};
    int k = 0;
    switch (op) {
    case CmpOp::Eq: k = 0; break;
    case CmpOp::Ne: k = 1; break;
    case CmpOp::Lt: k = 2; break;
    case CmpOp::Le: k = 3; break;
    case CmpOp::Gt: k = 4; break;
    case CmpOp::Ge: k = 5; break;
    default: return {"is", {}};
    }
    return {names[k], same_type("?" + kInts + "fdFD", 2, "?")};
}

UfuncSig unary_ufunc(UnaryOp op) {
    switch (op) {
    case UnaryOp::Neg: return {"negative", same_type(kInts + "fdFD", 1)};
    case UnaryOp::Pos: return {"positive", same_type(kInts + "fdFD", 1)};
    case UnaryOp::Invert: return {"invert", same_type("?" + kInts, 1)};
    case UnaryOp::Not: return {"logical_not", {}};
    }
    return {"?", {}};
}

std::optional<BinOp> ufunc_binop(BuiltinId id) {
    switch (id) {
    case BuiltinId::NpAdd: return BinOp::Add;
    case BuiltinId::NpSubtract: return BinOp::Sub;
    case BuiltinId::NpMultiply: return BinOp::Mul;
    case BuiltinId::NpTrueDivide: return BinOp::Div;
    case BuiltinId::NpFloorDivide: return BinOp::FloorDiv;
    case BuiltinId::NpRemainder: return BinOp::Mod;
    case BuiltinId::NpBitwiseAnd: return BinOp::BitAnd;
    case BuiltinId::NpBitwiseOr: return BinOp::BitOr;
    case BuiltinId::NpBitwiseXor: return BinOp::BitXor;
    case BuiltinId::NpLeftShift: return BinOp::LShift;
    case BuiltinId::NpRightShift: return BinOp::RShift;
    default: return std::nullopt;
    }
}

std::optional<CmpOp> ufunc_cmpop(BuiltinId id) {
    switch (id) {
    case BuiltinId::NpEqual: return CmpOp::Eq;
    case BuiltinId::NpNotEqual: return CmpOp::Ne;
    case BuiltinId::NpLess: return CmpOp::Lt;
    case BuiltinId::NpLessEqual: return CmpOp::Le;
    case BuiltinId::NpGreater: return CmpOp::Gt;
    case BuiltinId::NpGreaterEqual: return CmpOp::Ge;
    default: return std::nullopt;
    }
}

std::optional<UnaryOp> ufunc_unaryop(BuiltinId id) {
    if (id == BuiltinId::NpNegative) return UnaryOp::Neg;
    if (id == BuiltinId::NpInvert) return UnaryOp::Invert;
    return std::nullopt;
}

bool is_named_ufunc(BuiltinId id) {
    switch (id) {
    case BuiltinId::NpLogicalAnd:
    case BuiltinId::NpLogicalOr:
    case BuiltinId::NpLogicalXor:
    case BuiltinId::NpLogicalNot:
    case BuiltinId::NpFmax:
    case BuiltinId::NpFmin:
    case BuiltinId::NpLogaddexp:
    case BuiltinId::NpLogaddexp2:
    case BuiltinId::NpRound:
    case BuiltinId::NpAngle: return true;
    default: return ufunc_binop(id) || ufunc_cmpop(id) || ufunc_unaryop(id);
    }
}

std::optional<UfuncSig> builtin_ufunc(BuiltinId id) {
    if (auto op = ufunc_binop(id)) return binary_ufunc(*op);
    if (auto op = ufunc_cmpop(id)) return compare_ufunc(*op);
    if (auto op = ufunc_unaryop(id)) return unary_ufunc(*op);
    switch (id) {
    case BuiltinId::NpMaximum:
    case BuiltinId::NpMinimum:
    case BuiltinId::NpFmax:
    case BuiltinId::NpFmin: return UfuncSig{numpy_name(id), same_type("?" + kInts + "fdFD", 2)};
    case BuiltinId::NpLogicalAnd:
    case BuiltinId::NpLogicalOr:
    case BuiltinId::NpLogicalXor: return UfuncSig{numpy_name(id), same_type("?" + kInts + "fdFD", 2, "?")};
    case BuiltinId::NpLogicalNot: return UfuncSig{"logical_not", same_type("?" + kInts + "fdFD", 1, "?")};
    case BuiltinId::NpLogaddexp:
    case BuiltinId::NpLogaddexp2: return UfuncSig{numpy_name(id), same_type("fd", 2)};
    case BuiltinId::NpRound: {  // np.round(a) and np.round(a, decimals): decimals is an int64 operand
        std::vector<std::string> loops;
        for (char c : kInts + "fd") {
            loops.push_back(std::string(1, c) + "->" + c);
            loops.push_back(std::string(1, c) + "l->" + c);
        }
        return UfuncSig{"round", loops};
    }
    case BuiltinId::NpAngle:  // np.angle(z) and np.angle(z, deg): deg is a bool operand
        return UfuncSig{"angle", {"f->f", "f?->f", "d->d", "d?->d", "F->f", "F?->f", "D->d", "D?->d"}};
    case BuiltinId::Abs:
    case BuiltinId::NpAbs: return UfuncSig{"absolute", concat(same_type("?" + kInts + "fd", 1), {"F->f", "D->d"})};
    case BuiltinId::NpSquare: return UfuncSig{"square", same_type(kInts + "fdFD", 1)};
    case BuiltinId::NpConj: return UfuncSig{"conjugate", same_type(kInts + "fdFD", 1)};  // a.conj() too
    case BuiltinId::NpSign: return UfuncSig{"sign", same_type(kInts + "fd", 1)};
    case BuiltinId::NpPower: return binary_ufunc(BinOp::Pow);
    case BuiltinId::NpWhere: return UfuncSig{"where", {}};
    case BuiltinId::NpClip: return UfuncSig{"clip", {}};
    case BuiltinId::MathIsnan:
    case BuiltinId::MathIsinf:
    case BuiltinId::MathIsfinite: return UfuncSig{std::string(types::builtin_name(id)), same_type("fd", 1, "?")};
    case BuiltinId::MathLog: return UfuncSig{"log", same_type("fdFD", 1)};  // np.log: one operand
    default: break;
    }
    const types::BuiltinInfo& info = types::builtin_info(id);
    if (info.rule == types::TypingRule::Float1)  // np.sin(z) too: NumPy's complex loops where cmath has one
        return UfuncSig{types::builtin_name(id), same_type(complex_twin(id) ? "fdFD" : "fd", 1)};
    if (info.rule == types::TypingRule::Float2) return UfuncSig{types::builtin_name(id), same_type("fd", 2)};
    return std::nullopt;
}

std::optional<BuiltinId> complex_twin(BuiltinId id) {
    switch (id) {
    case BuiltinId::MathSin: return BuiltinId::CmathSin;
    case BuiltinId::MathCos: return BuiltinId::CmathCos;
    case BuiltinId::MathTan: return BuiltinId::CmathTan;
    case BuiltinId::MathAsin: return BuiltinId::CmathAsin;
    case BuiltinId::MathAcos: return BuiltinId::CmathAcos;
    case BuiltinId::MathAtan: return BuiltinId::CmathAtan;
    case BuiltinId::MathSinh: return BuiltinId::CmathSinh;
    case BuiltinId::MathCosh: return BuiltinId::CmathCosh;
    case BuiltinId::MathTanh: return BuiltinId::CmathTanh;
    case BuiltinId::MathAsinh: return BuiltinId::CmathAsinh;
    case BuiltinId::MathAcosh: return BuiltinId::CmathAcosh;
    case BuiltinId::MathAtanh: return BuiltinId::CmathAtanh;
    case BuiltinId::MathExp: return BuiltinId::CmathExp;
    case BuiltinId::MathLog: return BuiltinId::CmathLog;
    case BuiltinId::MathLog2: return BuiltinId::CmathLog;  // scaled by 1/ln 2 (NumPy's nc_log2)
    case BuiltinId::MathLog10: return BuiltinId::CmathLog10;
    case BuiltinId::MathSqrt: return BuiltinId::CmathSqrt;
    default: return std::nullopt;
    }
}

std::optional<size_t> ufunc_nin(BuiltinId id) {
    if (id == BuiltinId::NpRound || id == BuiltinId::NpAngle || id == BuiltinId::NpWhere || id == BuiltinId::NpClip)
        return std::nullopt;
    auto sig = builtin_ufunc(id);
    if (!sig || sig->loops.empty()) return std::nullopt;
    return sig->loops[0].find("->");
}

const syntax::Expr* ufunc_output_of(const syntax::Call* c, BuiltinId id) {
    auto nin = ufunc_nin(id);
    if (!nin) return nullptr;
    if (c->args.size() == *nin + 1) return c->args.back();
    for (const syntax::Keyword& k : c->keywords)
        if (k.name == "out") return k.value;
    return nullptr;
}

std::optional<UfuncLoop> find_loop(const UfuncSig& sig, const std::vector<const Type*>& inputs) {
    if (sig.name == "where" && inputs.size() == 3) {
        auto xy = find_loop(binary_ufunc(BinOp::Add), {inputs[1], inputs[2]});
        if (!xy) return std::nullopt;
        return UfuncLoop{{inputs[0], xy->in[0], xy->in[1]}, xy->out};
    }
    if (sig.name == "clip" && inputs.size() == 3) {
        if (inputs[0]->is_complex() || inputs[1]->is_complex() || inputs[2]->is_complex()) return std::nullopt;
        return UfuncLoop{{inputs[0], inputs[0], inputs[0]}, inputs[0]};
    }
    std::vector<UfuncLoop> loops;
    for (const std::string& loop : sig.loops) {
        if (loop.size() != inputs.size() + 3) continue;
        UfuncLoop l;
        for (size_t k = 0; k < inputs.size(); ++k) l.in.push_back(from_char(loop[k]));
        l.out = from_char(loop.back());
        loops.push_back(std::move(l));
    }
    return first_castable(loops, inputs);
}

std::optional<UfuncLoop> find_declared_loop(const std::vector<UfuncLoop>& loops,
                                            const std::vector<const Type*>& inputs) {
    std::vector<UfuncLoop> with_result;
    for (const UfuncLoop& l : loops)
        if (l.out) with_result.push_back(l);
    return first_castable(with_result, inputs);
}

}  // namespace ujit::nplib
