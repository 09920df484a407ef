// Calls: functions of the module (their internal functions, inlined later), dtype
// constructors as conversions, and the Python/NumPy builtins. Arguments of builtins are
// first converted to the operand types type inference chose (TypedFunction::call_operands).
#include "codegen/lower_context.hpp"
#include "codegen/lower_datetime.hpp"
#include "types/datetime_units.hpp"

#include "codegen/abi.hpp"
#include "codegen/convert.hpp"
#include "codegen/declared_call.hpp"
#include "codegen/decorator_keywords.hpp"
#include "codegen/intrinsics.hpp"
#include "codegen/llvm_types.hpp"
#include "codegen/lower_heapq.hpp"
#include "codegen/lower_libdevice.hpp"
#include "codegen/numpy_sign.hpp"
#include "codegen/vector_values.hpp"
#include "nplib/constructors.hpp"
#include "nplib/library_typing.hpp"
#include "types/builtins.hpp"
#include "types/declared_device.hpp"
#include "types/float_text.hpp"
#include "types/heapq_typing.hpp"
#include "types/jitclass.hpp"
#include "types/named_tuples.hpp"
#include "types/rules.hpp"
#include "types/typed_containers.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

#include <llvm/IR/Intrinsics.h>

namespace ujit::codegen {

using namespace syntax;
using types::BuiltinId;
using types::Type;

llvm::Value* FunctionLowering::call(const Call* e) {
    if (const Starred* star = starred_arg(e)) return spread_call(e, star);
    const Type* ct = type_of(e->callee);
    switch (ct->kind()) {
    case types::Kind::UserFunc: {
        auto it = fn.callees.find(e->id);
        UJIT_INTERNAL_ASSERT(it != fn.callees.end() && it->second, e->loc,
                             "call to a function typing did not specialize");
        if (auto* m = dyn_cast<Attribute>(e->callee); m && fn.type_of(m->value)->is_jitclass() &&
                                                      types::method_kind(*ct->function()) != types::MethodKind::Static)
            return jitclass_method_call(e, *it->second);  // obj.method(...): lower_jitclass.cpp
        return call_user(e, *it->second);
    }
    case types::Kind::JitClassType: return jitclass_new(e);
    case types::Kind::DTypeObj: {
        if (e->args.empty()) return zero_value(b, type_of(e));
        if (e->args.size() != 1) unsupported(e->loc, ct->str() + "() takes one argument");
        return expr_as(e->args[0], type_of(e));
    }
    case types::Kind::BuiltinFunc: {
        const Expr* self = nullptr;
        if (auto* attr = dyn_cast<Attribute>(e->callee)) {
            const Type* vt = fn.type_of(attr->value);
            if (vt && vt->is_value()) self = attr->value;  // z.conjugate()
        }
        if (types::is_list_method(ct->builtin())) return list_method_call(e, ct->builtin());
        if (ct->builtin() == BuiltinId::List || ct->builtin() == BuiltinId::Sorted)
            return list_builtin_call(e, ct->builtin());
        if (types::is_dict_method(ct->builtin())) return dict_method_call(e, ct->builtin());
        if (ct->builtin() == BuiltinId::Dict || ct->builtin() == BuiltinId::Set)
            return dict_builtin_call(e, ct->builtin());
        return call_builtin(e, ct->builtin(), self);
    }
    case types::Kind::EnumClass: return enum_from_value(e);
    case types::Kind::Namespace: {  // ---- containers: numba.typed's List/Dict (types/typed_containers.hpp)
        // A ListType is a list and a DictType a dict: their own constructors make them.
        const Type* t = type_of(e);
        const std::string& path = ct->path();
        if (path == "numba.literal_unroll") return expr(e->args[0]);  // the tuple (types/literal_unroll.hpp)
        if (types::is_jitclass_passage(path)) return jitclass_passage(e, path);  // lower_jitclass.cpp
        if (path == "tuple")  // tuple(t) is t; tuple() the empty tuple
            return e->args.empty() ? llvm::UndefValue::get(value_type(mod.ctx, t)) : expr(e->args[0]);
        if (types::is_named_tuple_class(ct)) {  // Point(x, y=...): each field's argument or default
            const Type* t = type_of(e);
            const std::vector<types::BoundArg>& fields = fn.bound_args.at(e->id);
            llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, t));
            for (unsigned i = 0; i < fields.size(); ++i) {
                const Type* et = t->elements()[i];
                llvm::Value* v = fields[i].expr ? expr_as(fields[i].expr, et) : constant(fields[i].value);
                out = b.CreateInsertValue(out, v, i);
            }
            return out;
        }
        if (const Type* vector = types::constructed_vector(ct)) {  // cuda.float32x4(...): codegen/vector_values.cpp
            std::vector<llvm::Value*> args;
            std::vector<const Type*> arg_types;
            call_operands(e, args, arg_types);
            return make_vector(b, vector, args, arg_types);
        }
        if (path.starts_with("cuda.libdevice.")) {  // codegen/lower_libdevice.cpp
            std::vector<llvm::Value*> args;
            std::vector<const Type*> arg_types;
            call_operands(e, args, arg_types);
            LibdeviceLowering L{b, [this](llvm::Type* t, const std::string& n) { return entry_alloca(t, n); },
                                [this, e](BuiltinId id, std::vector<llvm::Value*> ops, const Type* t) {
                                    return math(id, std::move(ops), t, e->loc);
                                },
                                [e](const std::string& m) { unsupported(e->loc, m); }};
            const std::string name = path.substr(std::string("cuda.libdevice.").size());
            return lower_libdevice_call(L, *types::libdevice_function(name), args, t);
        }
        if (types::is_heapq_function(path)) {  // codegen/lower_heapq.cpp
            const Type* lt = path.ends_with("smallest") || path.ends_with("largest") ? t : type_of(e->args[0]);
            HeapqLowering L{b, lt};
            L.arg = [this, e](size_t i, const Type* to) { return expr_as(e->args[i], to); };
            L.size = [this](llvm::Value* l) { return list_size(l); };
            L.set_size = [this](llvm::Value* l, llvm::Value* n) { b.CreateStore(n, list_payload(l)); };
            L.load = [this, lt](llvm::Value* l, llvm::Value* i) { return list_load(l, lt, i); };
            L.slot = [this, lt](llvm::Value* l, llvm::Value* i) { return list_item_pointer(l, lt, i); };
            L.store_new = [this, lt](llvm::Value* l, llvm::Value* i, llvm::Value* v) { list_store_new(l, lt, i, v); };
            L.append = [this, lt, e](llvm::Value* l, llvm::Value* v) { list_append(l, lt, v, e->loc); };
            L.less = [this, lt, e](llvm::Value* x, llvm::Value* y) { return sort_less(x, y, lt->item(), e->loc); };
            L.raise_if = [this, e](llvm::Value* c, const char* cls, const char* m) { raise_if(c, cls, m, e->loc); };
            L.own = [this, lt](llvm::Value* v) { own_temporary(v, lt->item()); };
            L.incref = [this, lt](llvm::Value* v) { count_update(true, v, lt->item()); };
            L.new_block = [this](const std::string& n) { return new_block(n); };
            L.entry_alloca = [this](llvm::Type* ty, const std::string& n) { return entry_alloca(ty, n); };
            L.counted_range = [this](llvm::Value* n, const std::function<void(llvm::Value*)>& f) {
                counted_range(n, f);
            };
            L.sorted_items = [this, lt, e] {
                llvm::Value* out = new_list(lt, b.getInt64(0), e->loc);
                list_extend(out, lt, e->args[1]);
                list_sort(out, lt, e);  // the call has no key= or reverse=
                return out;
            };
            L.reverse = [this, lt](llvm::Value* l) { list_reverse(l, lt); };
            L.release_item = [this, lt](llvm::Value* l, llvm::Value* i) { list_release_item(l, lt, i); };
            return lower_heapq_call(L, path.substr(std::string("heapq.").size()));
        }
        if (path == "numba.typed.List") {
            llvm::Value* out = new_list(t, b.getInt64(0), e->loc);
            if (const Expr* it = types::bound_argument(e, 0, "iterable")) list_extend(out, t, it);
            return out;
        }
        if (path == "numba.typed.List.empty_list") {  // allocated=: room reserved, as Numba's
            llvm::Value* room = b.getInt64(0);
            if (const Expr* n = types::bound_argument(e, 1, "allocated")) {
                room = expr_as(n, types::int64());
                room = b.CreateSelect(b.CreateICmpSLT(room, b.getInt64(0)), b.getInt64(0), room);
            }
            return new_list(t, room, e->loc);
        }
        if (path == "numba.typed.Dict" || path == "numba.typed.Dict.empty") {
            if (const Expr* n = types::bound_argument(e, 2, "n_keys")) expr(n);  // a size hint, evaluated
            return new_dict(t, e->loc);
        }
        unsupported(e->callee->loc, fmt::format("'{}' object is not callable", ct->str()));
    }
    default: unsupported(e->callee->loc, fmt::format("'{}' object is not callable", ct->str()));
    }
}

llvm::Value* FunctionLowering::call_user(const Call* e, const types::TypedFunction& callee) {
    if (types::is_declared_device(*callee.def)) {  // cuda.declare_device: CUDA C++ (codegen/declared_call.hpp)
        std::vector<llvm::Value*> args;
        for (size_t i = 0; i < e->args.size(); ++i) args.push_back(expr_as(e->args[i], callee.arg_types[i]));
        const Type* ret = callee.return_type;
        llvm::AllocaInst* slot = nullptr;
        if (!ret->is_none() && !types::declared_device_c_abi(*callee.def))
            slot = entry_alloca(ret->is_bool() ? b.getInt8Ty() : value_type(mod.ctx, ret), "declared.ret");
        llvm::Value* v = emit_declared_call(b, callee, args, slot, e->loc, fn.def->name);
        return v ? convert_or_fail(v, ret, type_of(e), e->loc) : nullptr;
    }
    // def f(a, *args): the arguments from the last parameter on are one tuple
    const bool star = !callee.def->params.empty() && callee.def->params.back().star;
    const size_t explicit_args = callee.arg_types.size() - callee.captures.size();
    const size_t fixed = star ? explicit_args - 1 : explicit_args;
    auto bound = fn.bound_args.find(e->id);  // keywords and omitted defaults, in parameter order
    const size_t given = bound == fn.bound_args.end() ? e->args.size() : bound->second.size();
    if (star ? given < fixed : given != fixed)
        syntax::internal_error(e->loc, fmt::format("{}() specialized for {} arguments, called with {}",
                                                   callee.def->name, callee.arg_types.size(), given));
    std::vector<llvm::Value*> args;
    for (size_t i = 0; i < fixed; ++i) {
        const Expr* a = bound == fn.bound_args.end() ? e->args[i] : bound->second[i].expr;
        if (callee.arg_types[i]->is_static_value() || callee.arg_types[i]->is_none()) {
            if (a) expr(a);  // no data to pass (a function, a type, None)
        } else if (a) {
            args.push_back(expr_as(a, callee.arg_types[i]));
        } else {  // an omitted default: the constant the callee was specialized for
            const types::ConstValue& v = bound->second[i].value;
            args.push_back(convert_or_fail(constant(v), v.type, callee.arg_types[i], e->loc));
        }
    }
    if (star) {
        const Type* tt = callee.arg_types.back();
        llvm::Value* tup = llvm::UndefValue::get(value_type(mod.ctx, tt));
        for (size_t i = fixed; i < e->args.size(); ++i)
            tup = b.CreateInsertValue(tup, expr_as(e->args[i], tt->elements()[i - fixed]), unsigned(i - fixed));
        args.push_back(tup);
    }
    llvm::Value* v = call_function(callee, std::move(args), e->loc);
    return v ? convert_or_fail(v, callee.return_type, type_of(e), e->loc) : nullptr;
}

// Calls `callee` with its explicit arguments' values `args`; the result (of its return type,
// null for None) is a temporary of the statement.
llvm::Value* FunctionLowering::call_function(const types::TypedFunction& callee, std::vector<llvm::Value*> args,
                                             SourceLoc loc) {
    const size_t explicit_args = callee.arg_types.size() - callee.captures.size();
    // An inner function: the captured variables' values now, as Numba's inlined closure reads them.
    for (size_t k = 0; k < callee.captures.size(); ++k) {
        const std::string& name = callee.captures[k];
        const Type* to = callee.arg_types[explicit_args + k];
        const types::Variable* var = fn.find_variable(name);
        UJIT_INTERNAL_ASSERT(var, loc, "captured '" + name + "' is no variable of the caller");
        if (to->is_static_value() || var->type->is_none()) continue;
        llvm::Value* v = b.CreateLoad(value_type(mod.ctx, var->type), variable(name, loc), name);
        args.push_back(convert_or_fail(v, var->type, to, loc));
    }
    llvm::Function* g = mod.internal_function(callee);
    llvm::Value* held = record_held_references();  // for a raise in the callee (lower_unwind.cpp)
    llvm::Value* v = b.CreateCall(g, args);
    forget_held_references(held);
    if (callee.return_type->is_none()) return nullptr;
    own_temporary(v, callee.return_type);  // the callee handed over one reference
    return v;
}

// The arguments of a builtin call, each converted to its operand type (typed IR contract
// rule 6; an argument without one keeps its own type).
void FunctionLowering::call_operands(const Call* e, std::vector<llvm::Value*>& values,
                                     std::vector<const Type*>& types) {
    const std::vector<const Type*>* ops = fn.operands_of(e);
    for (size_t i = 0; i < e->args.size(); ++i) {
        const Type* t = ops && i < ops->size() && (*ops)[i] ? (*ops)[i] : type_of(e->args[i]);
        values.push_back(expr_as(e->args[i], t));
        types.push_back(t);
    }
}

llvm::Value* FunctionLowering::call_builtin(const Call* e, BuiltinId id, const Expr* self) {
    if (const Expr* out = ufunc_output(e)) return ufunc_into_output(e, id, out);  // np.sin(x, out)
    if (nplib::is_axis_reduction(e, id)) return library_call(e, id);  // np.sum(a, axis)
    if (nplib::library_alias(e, id) != id) return library_call(e, nplib::library_alias(e, id));  // np.where(c)
    if (auto r = nplib::reduction_of(id)) return reduction(*r, self ? self : e->args[0], type_of(e), e->loc);
    if (nplib::is_array_constructor(id)) return array_constructor(e, id, self);
    if (nplib::is_library_call(id)) return library_call(e, id);
    if (types::is_array_method(id)) return array_method(e, id, self);
    if (types::is_str_method(id)) return str_method(e, id, self);
    if (is_str_builtin(e, id)) return str_builtin(e, id);
    const Type* rt = type_of(e);
    // The arguments, each converted to its operand type.
    auto args = [&] {
        std::vector<llvm::Value*> values;
        std::vector<const Type*> types;
        call_operands(e, values, types);
        std::vector<TypedValue> out;
        for (size_t i = 0; i < values.size(); ++i) out.push_back({values[i], types[i]});
        return out;
    };
    // Typing checked the argument count (builtins.def's MinArgs/MaxArgs); a mismatch here is ours.
    auto want = [&](size_t n) {
        if (e->args.size() != n)
            syntax::internal_error(e->loc, fmt::format("{}() typed with {} argument(s), lowered as taking {}",
                                                       types::builtin_name(id), e->args.size(), n));
    };
    auto result = [&](llvm::Value* v, const Type* t) { return convert_or_fail(v, t, rt, e->loc); };

    if (types::is_cuda_only(id)) return cuda_call(e, id);
    if (types::is_xoroshiro(id)) return xoroshiro_call(e, id);
    if (types::is_math_module(id)) return call_math(e, id);
    if (types::is_cmath(id)) return cmath_call(e, id);
    if (nplib::is_named_ufunc(id)) return named_ufunc_scalars(e, id);
    // dt64: np.datetime64(n, 'D') / np.timedelta64('NaT'), np.isnat, abs, min/max (infer_datetime.cpp)
    if (rt->is_datetime_like() || id == BuiltinId::NpIsnat) {
        auto* nat_text = dyn_cast<StrLit>(e->args[0]);
        switch (id) {
        case BuiltinId::NpDatetime64:
        case BuiltinId::NpTimedelta64:
            return nat_text ? b.getInt64(static_cast<uint64_t>(types::kNaT)) : expr_as(e->args[0], types::int64());
        case BuiltinId::NpIsnat: return is_nat(b, expr(e->args[0]));
        case BuiltinId::Abs:
        case BuiltinId::NpAbs: return timedelta_abs(b, expr(e->args[0]));
        case BuiltinId::Min:
        case BuiltinId::Max: {
            if (e->args.size() < 2) break;  // of an iterable: below
            llvm::Value* v = expr(e->args[0]);
            for (size_t i = 1; i < e->args.size(); ++i)
                v = datetime_min_max(b, id == BuiltinId::Max, v, expr(e->args[i]));
            return v;
        }
        default: break;
        }
    }
    switch (id) {
    case BuiltinId::Print: return print_call(e);
    case BuiltinId::Range: return range_value(e);
    case BuiltinId::Next: return generator_next(e);
    case BuiltinId::GetNumThreads:
    case BuiltinId::SetNumThreads:
    case BuiltinId::GetThreadId: return thread_call(e, id);
    case BuiltinId::Len: {
        want(1);
        const Type* t = type_of(e->args[0]);
        if (t->is_array()) return result(array_dim(b, expr(e->args[0]), 0), types::int64());
        if (t->is_tuple()) return result(b.getInt64(t->elements().size()), types::int64());
        if (t->is_range()) return result(range_len(e->args[0]), types::int64());
        if (t->is_list()) return result(list_size(expr(e->args[0])), types::int64());
        if (t->is_dict() || t->is_set()) return result(dict_len(expr(e->args[0])), types::int64());
        if (t->kind() == types::Kind::FlatIter) return result(flat_length(e->args[0]), types::int64());
        if (t->kind() == types::Kind::DictView)
            return result(dict_len(expr(cast<Attribute>(cast<Call>(e->args[0])->callee)->value)), types::int64());
        unsupported(e->loc, "len() of " + t->str() + " is not supported");
    }
    case BuiltinId::Abs:
    case BuiltinId::NpAbs: {
        want(1);
        TypedValue a = args()[0];
        return result(abs_value(a.v, a.t, e->loc), a.t->is_complex() ? types::floating(a.t->bits() / 2) : a.t);
    }
    case BuiltinId::Sum: return iterable_reduce(e, id);
    case BuiltinId::Min:
    case BuiltinId::Max:
        if (e->args.size() == 1 && !type_of(e->args[0])->is_tuple()) return iterable_reduce(e, id);
        return min_max(e, id == BuiltinId::Max);
    case BuiltinId::NpMinimum:
    case BuiltinId::NpMaximum: {
        want(2);
        auto a = args();
        const Type* t = a[0].t;
        bool is_max = id == BuiltinId::NpMaximum;
        llvm::Value* x = a[0].v;
        llvm::Value* y = convert_or_fail(a[1].v, a[1].t, t, e->loc);
        llvm::Value* pick_x = compare_values(is_max ? CmpOp::Gt : CmpOp::Lt, x, t, y, t, e->loc);
        if (t->is_float()) pick_x = b.CreateOr(pick_x, b.CreateFCmpUNO(x, x));  // NaN propagates
        return result(b.CreateSelect(pick_x, x, y), t);
    }
    case BuiltinId::Int:
    case BuiltinId::Float:
    case BuiltinId::Bool:
        if (e->args.empty()) return zero_value(b, rt);
        want(1);
        if (id == BuiltinId::Bool && (type_of(e->args[0])->is_list() || type_of(e->args[0])->is_str()))
            return condition(e->args[0]);  // bool(seq): len() != 0
        if (auto* text = dyn_cast<StrLit>(e->args[0]))  // bf16: float("nan"), checked by typing
            return llvm::ConstantFP::get(b.getDoubleTy(), types::float_of_text(text->value).value_or(0.0));
        return expr_as(e->args[0], rt);
    case BuiltinId::Complex: {
        if (e->args.empty()) return zero_value(b, rt);
        if (e->args.size() == 1) return expr_as(e->args[0], rt);
        want(2);
        const Type* part = types::floating(rt->bits() / 2);
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, rt));
        out = b.CreateInsertValue(out, expr_as(e->args[0], part), 0);
        return b.CreateInsertValue(out, expr_as(e->args[1], part), 1);
    }
    case BuiltinId::Round: return round_call(e);
    case BuiltinId::Pow:
    case BuiltinId::NpPower: {
        want(2);
        const Type* lt = type_of(e->args[0]);
        llvm::Value* l = expr(e->args[0]);
        const Type* t2 = type_of(e->args[1]);
        llvm::Value* r = expr(e->args[1]);
        TypedValue v = binary_values(BinOp::Pow, l, lt, r, t2, e->args[1], e->loc);
        return result(v.v, v.t);
    }
    case BuiltinId::DivMod: {
        want(2);
        const Type* lt = type_of(e->args[0]);
        llvm::Value* l = expr(e->args[0]);
        const Type* t2 = type_of(e->args[1]);
        llvm::Value* r = expr(e->args[1]);
        // Numba's own message for divmod's zero divisor, checked before the // and % below
        // check it again (LLVM drops their checks as redundant).
        if (const Type* ot = types::binary_op_types(BinOp::Mod, lt, t2).operand;
            ot && (ot->is_int() || ot->is_float()) && !numpy_error_model(*fn.def)) {
            llvm::Value* divisor = convert_or_fail(r, t2, ot, e->loc);
            llvm::Value* zero = zero_value(b, ot);
            check_error(
                ot->is_int() ? b.CreateICmpEQ(divisor, zero) : b.CreateFCmpOEQ(divisor, zero),
                static_cast<int>(ot->is_int() ? RuntimeError::IntDivmodByZero : RuntimeError::FloatModuloByZero),
                e->loc);
        }
        TypedValue q = binary_values(BinOp::FloorDiv, l, lt, r, t2, e->args[1], e->loc);
        TypedValue m = binary_values(BinOp::Mod, l, lt, r, t2, e->args[1], e->loc);
        const Type* tt = types::tuple({q.t, m.t});
        llvm::Value* out = llvm::UndefValue::get(value_type(mod.ctx, tt));
        out = b.CreateInsertValue(out, q.v, 0);
        out = b.CreateInsertValue(out, m.v, 1);
        return result(out, tt);
    }
    case BuiltinId::NpFloor:
    case BuiltinId::NpCeil:
    case BuiltinId::NpTrunc:
    case BuiltinId::NpRint: {
        want(1);
        TypedValue a = args()[0];
        if (!a.t->is_float()) return result(a.v, a.t);
        return result(intrinsic(b, builtin_intrinsic(id), {a.v}), a.t);
    }
    case BuiltinId::NpSign: {
        want(1);
        TypedValue a = args()[0];
        if (llvm::Value* v = numpy_sign(b, a.v, a.t)) return result(v, a.t);
        unsupported(e->loc, "np.sign of " + a.t->str() + " is not supported");
    }
    case BuiltinId::NpSquare: {
        want(1);
        TypedValue a = args()[0];
        TypedValue v = binary_values(BinOp::Mul, a.v, a.t, a.v, a.t, nullptr, e->loc);
        return result(v.v, v.t);
    }
    case BuiltinId::NpExp2: {
        want(1);
        TypedValue a = args()[0];
        llvm::Value* v = mod.target.emit_math(b, id, {a.v}, a.t);
        if (!v) v = math(BuiltinId::MathPow, {llvm::ConstantFP::get(a.v->getType(), 2.0), a.v}, a.t, e->loc);
        return result(v, a.t);
    }
    case BuiltinId::IntBitCount: {  // CPython's: the ones of abs(x) (abs(INT64_MIN) wraps to itself: 1)
        UJIT_INTERNAL_ASSERT(self, e->loc, "bit_count() lowered without its receiver");
        const Type* t = type_of(self);
        llvm::Value* v = expr(self);
        if (t->is_signed()) v = b.CreateBinaryIntrinsic(llvm::Intrinsic::abs, v, b.getFalse());
        llvm::Value* n = b.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, v);
        return result(b.CreateZExtOrTrunc(n, b.getInt64Ty()), types::int64());
    }
    case BuiltinId::NpReal:
    case BuiltinId::NpImag:
    case BuiltinId::NpConj:
    case BuiltinId::ComplexReal:
    case BuiltinId::ComplexImag:
    case BuiltinId::ComplexConjugate: {
        const Expr* x = self ? self : (want(1), e->args[0]);
        const Type* t = type_of(x);
        llvm::Value* v = expr(x);
        bool real_part = id == BuiltinId::NpReal || id == BuiltinId::ComplexReal;
        bool imag_part = id == BuiltinId::NpImag || id == BuiltinId::ComplexImag;
        if (!t->is_complex()) {
            if (imag_part) return zero_value(b, rt);
            return result(v, t);
        }
        const Type* part = types::floating(t->bits() / 2);
        if (real_part) return result(b.CreateExtractValue(v, 0), part);
        if (imag_part) return result(b.CreateExtractValue(v, 1), part);
        return result(b.CreateInsertValue(v, b.CreateFNeg(b.CreateExtractValue(v, 1)), 1), t);
    }
    case BuiltinId::RandomGauss:
    case BuiltinId::RandomNormalvariate:
    case BuiltinId::RandomRandint:
    case BuiltinId::RandomRandrange:
    case BuiltinId::RandomExpovariate:
    case BuiltinId::RandomGetrandbits: return random_module_call(e, id);  // nplib/lower_random_extra.cpp
    case BuiltinId::RandomRandom:
    case BuiltinId::RandomSeed:
    case BuiltinId::RandomUniform:
    case BuiltinId::NpRandomSeed: {
        std::vector<llvm::Value*> vals;
        for (const TypedValue& a : args()) vals.push_back(a.v);
        llvm::Value* v = mod.target.emit_random(b, id, vals);
        if (!v && !rt->is_none())
            unsupported(e->loc, fmt::format("{}() is not supported on this target", types::builtin_name(id)));
        return rt->is_none() ? nullptr : v;
    }
    default: break;
    }
    // A math function with no case of its own (a plain row of builtins.def): Target::emit_math
    // calls the library function the row names.
    if (types::builtin_info(id).rule != types::TypingRule::Own) return call_math(e, id);
    unsupported(e->loc, fmt::format("{}() is not supported in compiled code", types::builtin_name(id)));
}

llvm::Value* FunctionLowering::abs_value(llvm::Value* v, const Type* t, SourceLoc loc) {
    if (t->is_int()) {
        if (!t->is_signed()) return v;
        llvm::Value* neg = b.CreateICmpSLT(v, llvm::ConstantInt::get(v->getType(), 0));
        return b.CreateSelect(neg, b.CreateNeg(v), v);
    }
    if (t->is_bool()) return v;
    if (t->is_float()) return intrinsic(b, llvm::Intrinsic::fabs, {v});
    if (t->is_complex()) {
        const Type* part = types::floating(t->bits() / 2);
        return math(BuiltinId::MathHypot, {b.CreateExtractValue(v, 0), b.CreateExtractValue(v, 1)}, part, loc);
    }
    unsupported(loc, "bad operand type for abs(): " + t->str());
}

// Python's algorithm (and Numba's): the first of the extremes wins, `v > acc` replaces. Two
// floats on CUDA: fmax/fmin, as Numba's CUDA target (Target::float_min_max_is_fmax).
llvm::Value* FunctionLowering::min_max(const Call* e, bool is_max) {
    const Type* rt = type_of(e);
    std::vector<TypedValue> vals;
    if (e->args.size() == 1) {
        const Type* t = type_of(e->args[0]);
        if (!t->is_tuple() || t->elements().empty())
            unsupported(e->loc, fmt::format("{}() of a single {} is not supported", is_max ? "max" : "min", t->str()));
        llvm::Value* tv = expr(e->args[0]);
        for (unsigned i = 0; i < t->elements().size(); ++i)
            vals.push_back({convert_or_fail(b.CreateExtractValue(tv, i), t->elements()[i], rt, e->loc), rt});
    } else {
        if (e->args.empty()) unsupported(e->loc, "min()/max() expected at least one argument");
        const std::vector<const Type*>* ops = fn.operands_of(e);
        for (size_t i = 0; i < e->args.size(); ++i) {
            const Type* t = ops && i < ops->size() ? (*ops)[i] : rt;
            vals.push_back({expr_as(e->args[i], t), t});
        }
    }
    if (vals.size() == 2 && e->args.size() == 2 && vals[0].t->is_float() && vals[1].t->is_float() &&
        mod.target.float_min_max_is_fmax()) {
        const Type* t = types::unify(vals[0].t, vals[1].t);  // f4 with f4, else f8 (numba-cuda's cases)
        llvm::Value* x = convert_or_fail(vals[0].v, vals[0].t, t, e->loc);
        llvm::Value* y = convert_or_fail(vals[1].v, vals[1].t, t, e->loc);
        return convert_or_fail(intrinsic(b, is_max ? llvm::Intrinsic::maxnum : llvm::Intrinsic::minnum, {x, y}), t, rt,
                               e->loc);
    }
    TypedValue acc = vals[0];
    for (size_t i = 1; i < vals.size(); ++i) {
        const Type* t = types::unify(acc.t, vals[i].t);
        if (!t) t = rt;
        llvm::Value* a = convert_or_fail(acc.v, acc.t, t, e->loc);
        llvm::Value* v = convert_or_fail(vals[i].v, vals[i].t, t, e->loc);
        llvm::Value* replace = compare_values(is_max ? CmpOp::Gt : CmpOp::Lt, v, t, a, t, e->loc);
        acc = {b.CreateSelect(replace, v, a), t};
    }
    return convert_or_fail(acc.v, acc.t, rt, e->loc);
}

}  // namespace ujit::codegen
