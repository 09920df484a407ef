#include "types/const_eval.hpp"
#include "types/datetime_units.hpp"

#include "types/const_array.hpp"

#include "syntax/diagnostics.hpp"
#include "syntax/internal_error.hpp"
#include "types/bf16_round.hpp"
#include "types/rules.hpp"
#include "types/type_values.hpp"

#include <fmt/format.h>

#include <cmath>
#include <map>

namespace ujit::types {

using namespace syntax;

namespace {

struct NotConstant {
    SourceLoc loc;
    std::string message;
};

[[noreturn]] void not_constant(const Expr* e, std::string msg) { throw NotConstant{e->loc, std::move(msg)}; }

double as_double(const ConstValue& v) {
    if (v.type->is_float()) return v.f;
    if (v.type->is_int() && !v.type->is_signed()) return static_cast<double>(static_cast<uint64_t>(v.i));
    return static_cast<double>(v.i);
}

int64_t wrap_int(int64_t v, const Type* t) {
    int bits = t->bits();
    if (bits >= 64) return v;
    uint64_t mask = (uint64_t{1} << bits) - 1;
    uint64_t u = static_cast<uint64_t>(v) & mask;
    if (t->is_signed() && (u >> (bits - 1)) & 1) u |= ~mask;
    return static_cast<int64_t>(u);
}

int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

int64_t int_pow(int64_t base, int64_t exp) {
    int64_t r = 1;
    while (exp > 0) {
        if (exp & 1) r = static_cast<int64_t>(static_cast<uint64_t>(r) * static_cast<uint64_t>(base));
        base = static_cast<int64_t>(static_cast<uint64_t>(base) * static_cast<uint64_t>(base));
        exp >>= 1;
    }
    return r;
}

ConstValue make_float(double v, const Type* t) {
    if (t->bits() == 32) v = static_cast<double>(static_cast<float>(v));
    if (t->is_bfloat16()) return const_float(types::bf16_value(types::bf16_bits(v)), t);  // bf16
    if (t->bits() == 16) v = static_cast<double>(static_cast<_Float16>(v));
    return const_float(v, t);
}

class Evaluator {
public:
    Evaluator(const NameLookup& lookup, ConstStrings strings) : lookup_(lookup), strings_(strings) {}

    ConstValue eval(const Expr* e) {
        if (++depth_ > 200) not_constant(e, "constant expression is too deeply nested");
        ConstValue v = eval_inner(e);
        --depth_;
        return v;
    }

private:
    const NameLookup& lookup_;
    ConstStrings strings_;
    int depth_ = 0;

    ConstValue from_member(const Expr* e, const std::optional<Member>& m, const std::string& what) {
        if (!m) not_constant(e, fmt::format("name '{}' is not defined", what));
        if (m->what != Member::What::Constant) not_constant(e, fmt::format("'{}' is not a constant", what));
        return m->constant;
    }

    std::optional<Member> member_of(const Expr* e, std::string& spelled) {
        if (auto* n = dyn_cast<Name>(e)) {
            spelled = n->id;
            return lookup_(*n);
        }
        if (auto* a = dyn_cast<Attribute>(e)) {
            std::string inner;
            auto base = member_of(a->value, inner);
            spelled = inner + "." + a->attr;
            if (!base) not_constant(a->value, fmt::format("name '{}' is not defined", inner));
            if (base->what != Member::What::Namespace) not_constant(e, fmt::format("'{}' is not a constant", spelled));
            auto m = resolve_member(base->type->path(), a->attr);
            if (!m) not_constant(e, fmt::format("'{}' has no attribute '{}'", inner, a->attr));
            return m;
        }
        not_constant(e, fmt::format("{} is not a constant", describe_expr(e)));
    }

    ConstValue eval_inner(const Expr* e) {
        switch (e->kind) {
        case ExprKind::IntLit: {
            uint64_t v = cast<IntLit>(e)->value;
            if (v > static_cast<uint64_t>(INT64_MAX)) return const_int(static_cast<int64_t>(v), uint64());
            return const_int(static_cast<int64_t>(v));
        }
        case ExprKind::FloatLit: return const_float(cast<FloatLit>(e)->value);
        case ExprKind::BoolLit: return const_int(cast<BoolLit>(e)->value, boolean());
        case ExprKind::NoneLit: {  // a module's `X = None`, frozen as Numba freezes a global None
            ConstValue c;
            c.type = none();
            return c;
        }
        case ExprKind::StrLit: {
            if (strings_ == ConstStrings::Refused) not_constant(e, "a string literal is not a constant");
            ConstValue c;
            c.type = unicode();
            c.s = cast<StrLit>(e)->value;
            return c;
        }
        case ExprKind::ImagLit: {
            ConstValue c;
            c.type = complex(128);
            c.c = {0.0, cast<ImagLit>(e)->value};
            return c;
        }
        case ExprKind::Name:
        case ExprKind::Attribute: {
            if (auto folded = array_attribute(e)) return *folded;
            std::string spelled;
            auto m = member_of(e, spelled);
            return from_member(e, m, spelled);
        }
        case ExprKind::Subscript: return subscript(cast<Subscript>(e));
        case ExprKind::Tuple: {
            auto* t = cast<Tuple>(e);
            if (t->display != Tuple::Display::Tuple)
                not_constant(e, t->from_list() ? "list literals are not supported by ujit"
                                               : "set and dict literals are not supported by ujit");
            ConstValue c;
            std::vector<const Type*> types;
            for (auto* el : t->elts) {
                c.elems.push_back(eval(el));
                types.push_back(c.elems.back().type);
            }
            c.type = tuple(types);
            if (std::string why = mixed_tuple_error(c.type); !why.empty()) not_constant(e, why);
            return c;
        }
        case ExprKind::Unary: return unary(cast<Unary>(e));
        case ExprKind::Binary: return binary(cast<Binary>(e));
        case ExprKind::Call: return call(cast<Call>(e));
        case ExprKind::StarItem: {  // f(*T) with T a constant tuple: its items are constants
            auto* item = cast<StarItem>(e);
            ConstValue t = eval(item->from->value);
            if (!t.type->is_tuple() || item->index >= t.elems.size())
                not_constant(e, fmt::format("{} is not a constant", describe_expr(e)));
            return t.elems[item->index];
        }
        default: not_constant(e, fmt::format("{} is not a constant", describe_expr(e)));
        }
    }

    // A frozen array's `.shape`, `.size` or `.ndim` (types/const_array.hpp): constants, as
    // Numba folds them for a global array. Nothing for any other attribute.
    std::optional<ConstValue> array_attribute(const Expr* e) {
        auto* a = dyn_cast<Attribute>(e);
        if (!a || (a->attr != "shape" && a->attr != "size" && a->attr != "ndim")) return std::nullopt;
        std::optional<ConstValue> base;
        try {
            base = eval(a->value);
        } catch (const NotConstant&) {
            return std::nullopt;  // `np.size` and the like: a namespace's member, resolved as such
        }
        if (!base->array) return std::nullopt;
        const std::vector<int64_t>& shape = base->array->shape;
        if (a->attr == "ndim") return const_int(static_cast<int64_t>(shape.size()));
        if (a->attr == "size") {
            int64_t n = 1;
            for (int64_t d : shape) n *= d;
            return const_int(n);
        }
        ConstValue t;
        std::vector<const Type*> types;
        for (int64_t d : shape) {
            t.elems.push_back(const_int(d));
            types.push_back(int64());
        }
        t.type = tuple(types);
        return t;
    }

    // A constant tuple's item, or a frozen array's item at constant indices (one per axis).
    ConstValue subscript(const Subscript* s) {
        ConstValue base = eval(s->value);
        ConstValue index = eval(s->index);
        std::vector<ConstValue> ks = index.type->is_tuple() ? index.elems : std::vector<ConstValue>{index};
        for (const ConstValue& k : ks)
            if (!k.type->is_int()) not_constant(s->index, "a constant subscript needs integer indices");
        std::vector<int64_t> shape;
        if (base.type->is_tuple())
            shape.push_back(static_cast<int64_t>(base.elems.size()));
        else if (base.array && base.array->by_reference)  // its items change as the program runs
            not_constant(s, "a captured device array is read when the code runs");
        else if (base.array)
            shape = base.array->shape;
        else
            not_constant(s, fmt::format("{} cannot be subscripted in a constant expression", base.type->str()));
        if (ks.size() != shape.size()) not_constant(s, "a constant subscript gives one index per dimension");
        int64_t flat = 0;
        for (size_t k = 0; k < ks.size(); ++k) {
            int64_t i = ks[k].i < 0 ? ks[k].i + shape[k] : ks[k].i;
            if (i < 0 || i >= shape[k])
                not_constant(s,
                             fmt::format("index {} is out of bounds for axis {} with size {}", ks[k].i, k, shape[k]));
            flat = flat * shape[k] + i;
        }
        return base.type->is_tuple() ? base.elems[static_cast<size_t>(flat)] : const_item(base, flat);
    }

    void require_real(const Expr* e, const ConstValue& v) {
        if (!v.type->is_number() || v.type->is_complex())
            not_constant(e, fmt::format("constant arithmetic on {} is not supported", v.type->str()));
    }

    ConstValue unary(const Unary* u) {
        ConstValue v = eval(u->operand);
        require_real(u->operand, v);
        OpTypes r = unary_op_types(u->op, v.type);
        if (!r.result)
            not_constant(u, fmt::format("bad operand type for unary {}: {}", spelling(u->op), v.type->str()));
        if (u->op == UnaryOp::Not) return const_int(as_double(v) == 0, boolean());
        ConstValue x = convert_const(v, r.operand);
        if (r.operand->is_float()) return make_float(u->op == UnaryOp::Neg ? -x.f : x.f, r.result);
        int64_t i = x.i;
        if (u->op == UnaryOp::Neg) i = static_cast<int64_t>(0 - static_cast<uint64_t>(i));
        if (u->op == UnaryOp::Invert) i = r.result->is_bool() ? !i : ~i;
        return const_int(wrap_int(i, r.result), r.result);
    }

    // 'a' + 'b' and 'ab' * 3 (either order) between string constants: Python's values.
    std::optional<ConstValue> string_binary(const Binary* b, const ConstValue& l, const ConstValue& r) {
        if (!l.type->is_str() && !r.type->is_str()) return std::nullopt;
        ConstValue out;
        out.type = unicode();
        if (b->op == BinOp::Add && l.type->is_str() && r.type->is_str()) {
            out.s = l.s + r.s;
            return out;
        }
        const ConstValue& text = l.type->is_str() ? l : r;
        const ConstValue& times = l.type->is_str() ? r : l;
        if (b->op != BinOp::Mul || !times.type->is_int())
            not_constant(b, fmt::format("unsupported operand types for {}: {} and {}", spelling(b->op), l.type->str(),
                                        r.type->str()));
        if (times.i > 0 && text.s.size() * static_cast<uint64_t>(times.i) > (uint64_t{1} << 24))
            not_constant(b, "a constant string longer than 16 MiB");
        for (int64_t k = 0; k < times.i; ++k) out.s += text.s;
        return out;
    }

    ConstValue binary(const Binary* b) {
        ConstValue l = eval(b->lhs);
        ConstValue r = eval(b->rhs);
        if (auto s = string_binary(b, l, r)) return *s;
        require_real(b->lhs, l);
        require_real(b->rhs, r);
        OpTypes t = binary_op_types(b->op, l.type, r.type);
        if (!t.result)
            not_constant(b, fmt::format("unsupported operand types for {}: {} and {}", spelling(b->op), l.type->str(),
                                        r.type->str()));
        ConstValue x = convert_const(l, t.operand);
        ConstValue y = convert_const(r, t.rhs_operand ? t.rhs_operand : t.operand);
        if (t.operand->is_float()) {
            double a = x.f, c = t.rhs_operand ? static_cast<double>(y.i) : y.f, v = 0;
            switch (b->op) {
            case BinOp::Add: v = a + c; break;
            case BinOp::Sub: v = a - c; break;
            case BinOp::Mul: v = a * c; break;
            case BinOp::Div:
                if (c == 0) not_constant(b, "division by zero in a constant expression");
                v = a / c;
                break;
            case BinOp::FloorDiv:
            case BinOp::Mod: {
                if (c == 0) not_constant(b, "division by zero in a constant expression");
                double m = std::fmod(a, c);
                if (m != 0 && ((m < 0) != (c < 0))) m += c;
                v = b->op == BinOp::Mod ? m : std::floor(a / c);
                break;
            }
            case BinOp::Pow: v = std::pow(a, c); break;
            default: break;
            }
            return make_float(v, t.result);
        }
        // Integers and bools.
        int64_t a = x.i, c = y.i, v = 0;
        bool uns = !t.operand->is_signed() && t.operand->is_int();
        switch (b->op) {
        case BinOp::Add: v = static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(c)); break;
        case BinOp::Sub: v = static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(c)); break;
        case BinOp::Mul: v = static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(c)); break;
        case BinOp::FloorDiv:
        case BinOp::Mod:
            if (c == 0) not_constant(b, "division by zero in a constant expression");
            if (uns) {
                uint64_t ua = static_cast<uint64_t>(a), uc = static_cast<uint64_t>(c);
                v = static_cast<int64_t>(b->op == BinOp::FloorDiv ? ua / uc : ua % uc);
            } else if (a == INT64_MIN && c == -1) {
                v = b->op == BinOp::FloorDiv ? INT64_MIN : 0;
            } else {
                int64_t q = floor_div(a, c);
                v = b->op == BinOp::FloorDiv ? q : a - q * c;
            }
            break;
        case BinOp::Pow:
            if (!uns && c < 0) not_constant(b, "integers to negative integer powers are not allowed");
            v = int_pow(a, c);
            break;
        case BinOp::LShift: v = c >= 64 || c < 0 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(a) << c); break;
        case BinOp::RShift:
            if (c < 0) not_constant(b, "negative shift count");
            v = uns ? static_cast<int64_t>(static_cast<uint64_t>(a) >> std::min<int64_t>(c, 63))
                    : a >> std::min<int64_t>(c, 63);
            break;
        case BinOp::BitAnd: v = a & c; break;
        case BinOp::BitOr: v = a | c; break;
        case BinOp::BitXor: v = a ^ c; break;
        default: break;
        }
        if (t.result->is_float()) return make_float(static_cast<double>(v), t.result);
        return const_int(wrap_int(v, t.result), t.result);
    }

    // dt64: np.timedelta64(4, 'D'), np.datetime64('NaT', 'ns'): a count (or NaT) of a unit
    ConstValue datetime_const(const Call* c, bool is_datetime, const std::string& spelled) {
        if (c->args.empty() || c->args.size() > 2)
            not_constant(c, fmt::format("{}() takes a count and a unit", spelled));
        int unit = kGenericUnit;
        if (c->args.size() == 2) {
            auto* u = dyn_cast<StrLit>(c->args[1]);
            unit = u ? time_unit_code(u->value) : -1;
            if (unit < 0) not_constant(c->args[1], fmt::format("{}()'s unit must be a string such as 'D'", spelled));
        }
        ConstValue v;
        v.type = is_datetime ? datetime64(unit) : timedelta64(unit);
        if (auto* text = dyn_cast<StrLit>(c->args[0])) {
            if (text->value != "NaT" && text->value != "nat" && text->value != "NAT")
                not_constant(c->args[0], fmt::format("ujit folds {}() of a count or 'NaT' only", spelled));
            v.i = kNaT;
            return v;
        }
        ConstValue n = eval(c->args[0]);
        if (!n.type->is_int() && !n.type->is_bool()) not_constant(c->args[0], "the count must be an integer");
        v.i = n.i;
        return v;
    }

    ConstValue call(const Call* c) {
        std::string spelled;
        auto m = member_of(c->callee, spelled);
        if (!m) not_constant(c->callee, fmt::format("name '{}' is not defined", spelled));
        if (!c->keywords.empty())
            not_constant(c, fmt::format("keyword arguments to '{}' in a constant expression", spelled));
        if (m->what == Member::What::DType && is_type_value(m->type))
            not_constant(c,
                         fmt::format("'{}' is the type {}, which cannot be called", spelled, m->type->scalar()->str()));
        if (m->what == Member::What::DType) {
            if (c->args.size() != 1) not_constant(c, fmt::format("{}() takes exactly one argument", spelled));
            if (m->type->scalar()->is_fp8())  // bf16: made in kernels only
                not_constant(c, fmt::format("{} values are not constants: make them in a kernel", spelled));
            ConstValue v = eval(c->args[0]);
            require_real(c->args[0], v);
            return convert_const(v, m->type->scalar());
        }
        if (m->what == Member::What::Function && m->builtin == BuiltinId::Len && c->args.size() == 1) {
            ConstValue v = eval(c->args[0]);  // len() of a tuple or a frozen array
            if (v.type->is_tuple()) return const_int(static_cast<int64_t>(v.elems.size()));
            if (v.array && !v.array->shape.empty()) return const_int(v.array->shape[0]);
            not_constant(c, fmt::format("len() of {} in a constant expression", v.type->str()));
        }
        if (m->what == Member::What::Function &&
            (m->builtin == BuiltinId::NpDatetime64 || m->builtin == BuiltinId::NpTimedelta64))
            return datetime_const(c, m->builtin == BuiltinId::NpDatetime64, spelled);
        // A function of the module (no builtin: Count_) is never a constant: its call is left
        // to the host, as any call the table cannot fold.
        if (m->what == Member::What::Function && m->builtin != BuiltinId::Count_) {
            BuiltinId id = m->builtin;
            const BuiltinInfo& info = builtin_info(id);
            if (info.fold == ConstFold::Own && c->args.size() == 1) {  // int, float, bool, abs
                ConstValue v = eval(c->args[0]);
                require_real(c->args[0], v);
                if (id == BuiltinId::Int) return convert_const(v, int64());
                if (id == BuiltinId::Float) return convert_const(v, float64());
                if (id == BuiltinId::Bool) return convert_const(v, boolean());
                if (v.type->is_float()) return make_float(std::fabs(v.f), v.type);
                return const_int(v.i < 0 ? -v.i : v.i, v.type->is_bool() ? int64() : v.type);
            }
            // builtins.def's Fold column: Libm rows fold with the C function of their CName.
            static const std::map<BuiltinId, double (*)(double)> unary_math = {
#define UJIT_FOLD_Libm(Id, CName) {BuiltinId::Id, [](double x) { return std::CName(x); }},
#define UJIT_FOLD_Own(Id, CName)
#define UJIT_FOLD_No(Id, CName)
#define UJIT_BUILTIN(Id, Spelling, Kind, Group, Rule, MinArgs, MaxArgs, Where, CName, Intrinsic, Libdevice, Lowering,  \
                     Fold)                                                                                             \
    UJIT_FOLD_##Fold(Id, CName)
#include "types/builtins.def"
#undef UJIT_FOLD_Libm
#undef UJIT_FOLD_Own
#undef UJIT_FOLD_No
            };
            auto it = unary_math.find(id);
            if (it != unary_math.end() && c->args.size() == 1) {
                ConstValue v = eval(c->args[0]);
                require_real(c->args[0], v);
                const Type* t = v.type->is_float() ? v.type : float64();
                return make_float(it->second(as_double(v)), t);
            }
        }
        not_constant(c, fmt::format("calls to '{}' are not supported in a constant expression", spelled));
    }
};

}  // namespace

ConstValue convert_const(const ConstValue& v, const Type* to) {
    if (v.type == to) return v;
    if (to->is_float()) return make_float(v.type->is_complex() ? v.c.real() : as_double(v), to);
    if (to->is_bool()) return const_int(v.type->is_float() ? v.f != 0 : v.i != 0, to);
    if (to->is_int()) {
        if (v.type->is_float()) {
            double d = std::trunc(v.f);
            int64_t i = std::isfinite(d) && std::fabs(d) < 9.2e18    ? static_cast<int64_t>(d)
                        : (!to->is_signed() && d >= 0 && d < 1.8e19) ? static_cast<int64_t>(static_cast<uint64_t>(d))
                                                                     : INT64_MIN;
            return const_int(wrap_int(i, to), to);
        }
        return const_int(wrap_int(v.i, to), to);
    }
    if (to->is_complex()) {
        ConstValue c;
        c.type = to;
        c.c = v.type->is_complex() ? v.c : std::complex<double>(as_double(v), 0.0);
        return c;
    }
    return v;
}

ConstValue eval_const(const Expr* e, const NameLookup& lookup, const char* context, ConstStrings strings) {
    try {
        return Evaluator(lookup, strings).eval(e);
    } catch (const NotConstant& n) {
        fail(n.loc, fmt::format("{} must be a constant expression: {}", context, n.message));
    }
}

std::optional<ConstValue> try_eval_const(const Expr* e, const NameLookup& lookup, ConstStrings strings) {
    // A name that is no constant, the common argument of a call, answers without an exception:
    // typing asks this of every argument, and a throw at the bottom of a 5,000-deep call chain
    // is slow and more than ASan can unwind (google/sanitizers#189).
    if (auto* n = dyn_cast<Name>(e)) {
        std::optional<Member> m = lookup(*n);
        if (!m || m->what != Member::What::Constant) return std::nullopt;
    }
    try {
        return Evaluator(lookup, strings).eval(e);
    } catch (const NotConstant&) {
        return std::nullopt;
    } catch (const InternalError&) {
        throw;  // a fault of ujit is never "not a constant"
    } catch (const CompileError&) {
        return std::nullopt;
    }
}

std::string describe_expr(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLit: return "an integer literal";
    case ExprKind::FloatLit: return "a float literal";
    case ExprKind::ImagLit: return "a complex literal";
    case ExprKind::BoolLit: return "a bool literal";
    case ExprKind::NoneLit: return "None";
    case ExprKind::StrLit: return "a string literal";
    case ExprKind::Name: return fmt::format("name '{}'", cast<Name>(e)->id);
    case ExprKind::Attribute: return fmt::format("attribute '{}'", cast<Attribute>(e)->attr);
    case ExprKind::Subscript: return "a subscript";
    case ExprKind::Slice: return "a slice";
    case ExprKind::Call: return "a function call";
    case ExprKind::Unary: return "a unary operation";
    case ExprKind::Binary: return "a binary operation";
    case ExprKind::Compare: return "a comparison";
    case ExprKind::BoolOp: return "a boolean operation";
    case ExprKind::IfExp: return "a conditional expression";
    case ExprKind::ListComp: return "a list comprehension";
    case ExprKind::Lambda: return "a lambda expression";
    case ExprKind::Starred: return "a starred argument";
    case ExprKind::StarItem: return "an item of a starred argument";
    case ExprKind::Tuple:
        switch (cast<Tuple>(e)->display) {
        case Tuple::Display::List: return "a list";
        case Tuple::Display::Set: return "a set";
        case Tuple::Display::Dict: return "a dict";
        case Tuple::Display::Tuple: break;
        }
        return "a tuple";
    }
    return "an expression";
}

}  // namespace ujit::types
