// Calls: user functions (specialized recursively), dtype conversions, Python builtins,
// math/numpy/random functions and the CUDA API. Each builtin call records the types its
// arguments are converted to (TypedFunction::call_operands).
#include "types/infer_impl.hpp"
#include "types/named_tuples.hpp"
#include "types/str_args.hpp"

#include "nplib/constructors.hpp"
#include "nplib/library_typing.hpp"
#include "nplib/machine_limits.hpp"
#include "syntax/diagnostics.hpp"
#include "types/const_eval.hpp"
#include "types/float_text.hpp"
#include "types/heapq_typing.hpp"
#include "types/infer_libdevice.hpp"
#include "types/jitclass.hpp"
#include "types/literal_unroll.hpp"
#include "types/optional_rules.hpp"
#include "types/overload_rating.hpp"
#include "types/rules.hpp"
#include "types/type_values.hpp"
#include "types/typed_containers.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <limits>

namespace ujit::types {

using namespace syntax;

namespace {

// The float type a math function computes in: float32 stays, everything else is float64.
const Type* math_float(const Type* t) { return t->is_float() ? t : float64(); }

// What print() writes as Python would (codegen/lower_math.cpp print_piece): numbers,
// strings, arrays, lists, None, and tuples of these.
bool is_record_array(const Type* t) { return t && t->is_array() && t->dtype()->is_record(); }

bool printable(const Type* t) {
    if (is_vector(t)) return false;  // numba-cuda prints no vector types
    if (t->is_tuple()) {
        for (const Type* e : t->elements())
            if (!printable(e)) return false;
        return true;
    }
    return t->is_number() || (t->is_array() && !t->dtype()->is_record()) || t->is_str() || t->is_list() || t->is_none();
}

}  // namespace

void Inferrer::operands(const Call* c, std::vector<const Type*> types) { fn_.call_operands[c->id] = std::move(types); }

const Type* Inferrer::call(const Call* c) {
    if (const Starred* star = starred_arg(c)) return spread_call(c, star);
    const Type* callee = expr(c->callee);
    std::string what = spelled(c->callee);
    // A builtin takes an IntEnum member as an int (Numba converts IntEnumMember to integers);
    // a user function gets the member itself.
    const bool builtin = callee && (callee->kind() == Kind::BuiltinFunc || callee->kind() == Kind::DTypeObj);
    IntEnumsAsInts enums_as_ints(int_enum_depth_, builtin ? depth_ + 1 : -1);
    if (callee && callee->kind() == Kind::Namespace && is_typed_container(callee->path())) {  // containers
        ContainerTyping h;  // List(), Dict.empty(k, v), types.UniTuple(t, n): types/typed_containers.cpp
        h.expr = [this](const Expr* e) { return expr(e); };
        h.iterable_item = [this](const Expr* e) { return iterable_item(e); };
        h.constant = [this](const Expr* e) { return constant_of(e); };
        h.check_key = [this](const Expr* e, const Type* t) { check_key(e, t); };
        h.error = [this](SourceLoc at, const std::string& m) { error(at, m); };
        h.cuda = cuda();
        std::vector<const Type*> ops;
        const Type* t = typed_container_call(c, callee->path(), h, &ops);
        if (t) operands(c, std::move(ops));
        return t;
    }
    if (callee && callee->kind() == Kind::Namespace &&
        (callee->path().starts_with("cuda.libdevice.") || callee->path() == "numba.literal_unroll")) {
        ContainerTyping h;  // cuda.libdevice.sincos(x): types/infer_libdevice.cpp; types/literal_unroll.cpp
        h.expr = [this](const Expr* e) { return expr(e); };
        h.error = [this](SourceLoc at, const std::string& m) { error(at, m); };
        h.cuda = cuda();
        std::vector<const Type*> ops;
        const Type* t =
            callee->path() == "numba.literal_unroll"
                ? literal_unroll_type(c, h, &ops)
                : libdevice_call_type(c, callee->path().substr(std::string("cuda.libdevice.").size()), h, &ops);
        if (t) operands(c, std::move(ops));
        return t;
    }
    if (callee && callee->kind() == Kind::Namespace && is_jitclass_passage(callee->path())) {  // types/jitclass.hpp
        std::vector<const Type*> args;
        for (const Expr* a : c->args)
            if (const Type* t = expr(a))
                args.push_back(t);
            else
                return nullptr;
        return jitclass_passage_type(c, callee->path(), args,
                                     [this](SourceLoc at, const std::string& m) { error(at, m); });
    }
    if (callee && callee->kind() == Kind::Namespace && is_heapq_function(callee->path())) {
        if (cuda()) error(c->loc, fmt::format("{}() is not supported in CUDA code", callee->path()));
        HeapqTyping h;  // heapq.heappush(h, x), ...: types/heapq_typing.cpp
        h.expr = [this](const Expr* e) { return expr(e); };
        h.refine_list = [this](const Expr* receiver, const Type* list, const Type* item, SourceLoc at) {
            refine_list(receiver, list, item, at);
        };
        h.error = [this](SourceLoc at, const std::string& m) { error(at, m); };
        h.final_pass = final_;
        std::vector<const Type*> ops;
        const Type* t = heapq_call_type(c, callee->path(), h, &ops);
        if (t) operands(c, std::move(ops));
        return t;
    }
    if (callee && callee->kind() == Kind::Namespace && callee->path() == "tuple") {  // Numba: tuple() and tuple(t)
        if (!c->keywords.empty()) error(c->keywords[0].loc, "tuple() takes no keyword arguments");
        if (c->args.empty()) return tuple({});
        const Type* t = c->args.size() == 1 ? expr(c->args[0]) : nullptr;
        if (c->args.size() == 1 && !t) return nullptr;
        if (!t || !t->is_tuple() || is_vector(t))
            error(c->loc, fmt::format("tuple() of {} is not supported: Numba's tuple() takes a tuple (or nothing)",
                                      t ? t->str() : fmt::format("{} arguments", c->args.size())));
        return plain_tuple(t);  // tuple(p) of a named tuple: its items, as Python's
    }
    if (const Type* vector = constructed_vector(callee)) {  // cuda.float32x4(x, y, z, w): types/vector_types.cpp
        ContainerTyping h;
        h.expr = [this](const Expr* e) { return expr(e); };
        h.error = [this](SourceLoc at, const std::string& m) { error(at, m); };
        h.cuda = cuda();
        std::vector<const Type*> ops;
        const Type* t = vector_constructor_call(c, vector, h, &ops);
        if (t) operands(c, std::move(ops));
        return t;
    }
    if (is_named_tuple_class(callee)) return named_tuple_call(c, callee);  // Point(x, y): infer_named_tuples.cpp
    if (callee && callee->kind() == Kind::BuiltinFunc && callee->builtin() == BuiltinId::Isinstance)
        return isinstance_call(c);  // infer_isinstance.cpp
    if (callee && callee->kind() == Kind::BuiltinFunc &&
        (callee->builtin() == BuiltinId::TupleClass || callee->builtin() == BuiltinId::BytesClass))
        error(c->loc, fmt::format("{}() is not supported by ujit (the class is, as isinstance's target)", what));
    if (callee && callee->kind() == Kind::BuiltinFunc &&
        (callee->builtin() == BuiltinId::CudaSharedArray || callee->builtin() == BuiltinId::CudaLocalArray))
        return array_ctor(c, callee->builtin());
    if (callee && callee->kind() == Kind::BuiltinFunc && nplib::is_array_constructor(callee->builtin()))
        return array_alloc(c, callee->builtin());
    if (callee && callee->kind() == Kind::BuiltinFunc &&
        (nplib::is_library_call(nplib::library_alias(c, callee->builtin())) ||
         nplib::is_axis_reduction(c, callee->builtin())))
        return library_call(c, nplib::library_alias(c, callee->builtin()));  // infer_library.cpp: takes keywords
    if (callee && callee->kind() == Kind::BuiltinFunc &&
        (callee->builtin() == BuiltinId::List || callee->builtin() == BuiltinId::Sorted))
        return list_builtin(c, callee->builtin());  // infer_lists.cpp: sorted takes reverse=
    if (callee && callee->kind() == Kind::BuiltinFunc &&
        (callee->builtin() == BuiltinId::Dict || callee->builtin() == BuiltinId::Set))
        return dict_builtin(c, callee->builtin());  // infer_dicts.cpp
    if (callee && callee->kind() == Kind::BuiltinFunc)  // np.sin(x, out): cudacg, infer_ufunc_out.cpp
        if (const Expr* out = ufunc_output_arg(c, callee->builtin()))
            return ufunc_into_output(c, callee->builtin(), out);
    if (callee && callee->kind() == Kind::BuiltinFunc && callee->builtin() == BuiltinId::ListSort) {
        const Type* list = fn_.type_of(cast<Attribute>(c->callee)->value);
        sort_keywords(c, list ? list->item() : nullptr, "list.sort()");
    } else if (!c->keywords.empty() &&
               !(callee &&
                 (callee->kind() == Kind::UserFunc || callee->kind() == Kind::JitClassType)) &&  // bound later
               !(callee && callee->kind() == Kind::BuiltinFunc && str_method_takes_keywords(callee->builtin())))
        error(c->keywords[0].loc, fmt::format("keyword arguments are not supported in calls to '{}'", what));

    bool printing = callee && callee->kind() == Kind::BuiltinFunc && callee->builtin() == BuiltinId::Print;
    // bf16: float("nan") in a kernel, as numba-cuda's tests write it (a literal: its value)
    printing = printing || (callee && callee->kind() == Kind::BuiltinFunc && callee->builtin() == BuiltinId::Float &&
                            c->args.size() == 1 && c->args[0]->kind == ExprKind::StrLit);
    std::vector<const Type*> args;
    bool unknown = !callee;
    for (auto* a : c->args) {
        bool saved = allow_str_;
        allow_str_ = printing;
        const Type* t = expr(a);
        allow_str_ = saved;
        if (!t) unknown = true;
        args.push_back(t);
    }
    if (unknown) return nullptr;
    // A builtin takes an Optional argument as its payload (Numba's templates retry a call with
    // Optional arguments unpacked); lowering converts it, raising TypeError when it is None.
    if ((callee->kind() == Kind::BuiltinFunc && !printing) || callee->kind() == Kind::DTypeObj)
        for (const Type*& t : args) t = strip_optional(t);
    // Method call on a value (z.conjugate()): the receiver is the first operand.
    if (callee->kind() == Kind::BuiltinFunc && callee->builtin() == BuiltinId::ComplexConjugate) {
        if (!c->args.empty()) error(c->loc, "conjugate() takes no arguments");
        const Type* recv = fn_.type_of(cast<Attribute>(c->callee)->value);
        operands(c, {recv});
        return recv;
    }
    // a.conj() / a.conjugate() of an array: np.conj(a), as Numba's array_conj; a.clip(lo, hi):
    // np.clip(a, lo, hi), Numba's array_clip. The receiver is the ufunc's first operand.
    if (callee->kind() == Kind::BuiltinFunc &&
        (callee->builtin() == BuiltinId::NpConj || callee->builtin() == BuiltinId::NpClip))
        if (auto* m = dyn_cast<Attribute>(c->callee); m && fn_.type_of(m->value) && fn_.type_of(m->value)->is_array()) {
            const bool clip = callee->builtin() == BuiltinId::NpClip;
            if (!clip && !c->args.empty()) error(c->loc, fmt::format("{}() takes no arguments", m->attr));
            if (clip && (c->args.size() != 2 || !c->keywords.empty()))
                error(c->loc, fmt::format("clip() takes two bounds, a_min and a_max, given {}", c->args.size()));
            std::vector<const Type*> ops{fn_.type_of(m->value)};
            ops.insert(ops.end(), args.begin(), args.end());
            operands(c, clip ? args : ops);  // a call's operands are its arguments' (a.conj(): as before)
            return array_ufunc(c->loc, *nplib::builtin_ufunc(callee->builtin()), ops);
        }
    // ---- records: builtins and array methods work on numbers; of an array of records they
    // take only its length (a field of every record, a.x, is an array of numbers).
    if (callee->kind() == Kind::BuiltinFunc && callee->builtin() != BuiltinId::Len) {
        auto* method = is_array_method(callee->builtin()) ? dyn_cast<Attribute>(c->callee) : nullptr;
        if (method && is_record_array(fn_.type_of(method->value)))
            error(method->attr_loc, fmt::format("{}() of {} is not supported by ujit: it works on numbers; use a field "
                                                "of every record (a.x)",
                                                method->attr, fn_.type_of(method->value)->str()));
        for (size_t i = 0; i < args.size(); ++i)
            if (is_record_array(args[i]))
                error(c->args[i]->loc, fmt::format("{}() of {} is not supported by ujit: it works on numbers; use a "
                                                   "field of every record (a.x)",
                                                   what, args[i]->str()));
    }
    // ---- end records
    // coop: g.sync() waits for every thread of the grid; numba-cuda types its result int32
    // (cudaCGSynchronize's status).
    if (callee->kind() == Kind::BuiltinFunc && callee->builtin() == BuiltinId::CudaGridGroupSync) {
        if (!c->args.empty()) error(c->loc, "sync() takes no arguments");
        operands(c, {});
        return int32();
    }
    if (callee->kind() == Kind::BuiltinFunc && callee->builtin() == BuiltinId::IntBitCount) {
        if (!c->args.empty()) error(c->loc, "bit_count() takes no arguments");
        operands(c, {fn_.type_of(cast<Attribute>(c->callee)->value)});
        return int64();  // Python's int
    }
    if (callee->kind() == Kind::BuiltinFunc && is_array_method(callee->builtin()))
        return array_method(c, callee->builtin(), std::move(args));
    if (callee->kind() == Kind::BuiltinFunc && is_list_method(callee->builtin()))
        return list_method(c, callee->builtin(), std::move(args));
    if (callee->kind() == Kind::BuiltinFunc && is_str_method(callee->builtin()))
        return str_method(c, callee->builtin(), std::move(args));
    if (callee->kind() == Kind::BuiltinFunc && is_dict_method(callee->builtin()))
        return dict_method(c, callee->builtin(), std::move(args));
    if (auto* m = dyn_cast<Attribute>(c->callee); m && callee->kind() == Kind::UserFunc) {  // obj.method(...)
        const Type* receiver = fn_.type_of(m->value);
        if (receiver && receiver->is_jitclass() && method_kind(*callee->function()) != MethodKind::Static)
            return jitclass_method_call(c, receiver, callee->function(), std::move(args));
    }
    switch (callee->kind()) {
    case Kind::UserFunc: return user_call(c, callee->function(), std::move(args));
    case Kind::JitClassType: return jitclass_construct(c, callee, std::move(args));  // infer_jitclass.cpp
    case Kind::EnumClass: return enum_class_call(c, callee, args);
    case Kind::DTypeObj: {
        if (is_type_value(callee))  // types.float64[:](x): a type, no conversion
            error(c->callee->loc,
                  fmt::format("'{}' is the type {}, which cannot be called", what, callee->scalar()->str()));
        if (is_vector(callee->scalar()))  // numba-cuda's VectorType is no constructor: its stub is
            error(c->callee->loc, fmt::format("'{}' is the vector type {}: make one with cuda.{}(...)", what,
                                              callee->scalar()->str(), callee->scalar()->str()));
        if (args.size() != 1) error(c->loc, fmt::format("{}() takes exactly one argument", what));
        // bf16: an fp8 value converts to and from the real number types (numba-cuda's cuda_fp8)
        const bool fp8 = (args[0]->is_fp8() || callee->scalar()->is_fp8()) && !args[0]->is_complex() &&
                         !callee->scalar()->is_complex() && (args[0]->is_number() || args[0]->is_fp8());
        if (!args[0]->is_number() && !fp8)
            error(c->args[0]->loc, fmt::format("cannot convert {} to {}", args[0]->str(), callee->scalar()->str()));
        if (args[0]->is_complex() && !callee->scalar()->is_complex())
            error(c->args[0]->loc,
                  fmt::format("cannot convert complex {} to {}", args[0]->str(), callee->scalar()->str()));
        operands(c, args);
        return callee->scalar();
    }
    case Kind::BuiltinFunc: return builtin_call(c, callee->builtin(), std::move(args));
    default: error(c->callee->loc, fmt::format("'{}' of type {} is not callable", what, callee->str()));
    }
}

bool Inferrer::declared_for_cuda(const FunctionDef* def) const {
    auto it = m_.decorators.find(def);
    return it != m_.decorators.end() &&
           (it->second.kind == Decorator::Kind::CudaJit ||
            ((it->second.kind == Decorator::Kind::Vectorize || it->second.kind == Decorator::Kind::GuVectorize) &&
             it->second.target == TargetKind::CUDA));
}

// Binds a call's positional and keyword arguments, and the defaults of the parameters it
// omits, to the callee's parameters as Python does; `args` becomes their types in parameter
// order and fn_.bound_args records which expression or default value each one is. A default
// is a compile-time constant of the module (or None), which the callee is specialized for, as
// Numba's Omitted(value). Calls passing every parameter positionally are left alone.
bool Inferrer::bind_arguments(const Call* c, const FunctionDef* callee, std::vector<const Type*>& args) {
    const size_t n = callee->params.size();
    const bool star = n && callee->params.back().star;
    if (c->keywords.empty() && (star || args.size() >= n)) return true;
    if (star)
        error(c->keywords[0].loc, fmt::format("keyword arguments are not supported in calls to '{}', which takes '*{}'",
                                              callee->name, callee->params.back().name));
    if (args.size() > n) return true;  // specialize says how many it takes
    std::vector<BoundArg> bound(n);
    std::vector<const Type*> types(n, nullptr);
    for (size_t i = 0; i < args.size(); ++i) {
        bound[i].expr = c->args[i];
        types[i] = args[i];
    }
    bool known = true;
    for (const Keyword& k : c->keywords) {
        size_t i = 0;
        while (i < n && callee->params[i].name != k.name) ++i;
        if (k.name.empty() || i == n)
            error(k.loc, fmt::format("{}() got an unexpected keyword argument '{}'", callee->name, k.name));
        if (bound[i].expr)
            error(k.loc, fmt::format("{}() got multiple values for argument '{}'", callee->name, k.name));
        bound[i].expr = k.value;
        types[i] = expr(k.value);
        known = known && types[i];
    }
    for (size_t i = 0; i < n; ++i) {
        const Param& p = callee->params[i];
        if (bound[i].expr) continue;
        if (!p.default_value) error(c->loc, fmt::format("{}() missing required argument '{}'", callee->name, p.name));
        if (isa<NoneLit>(p.default_value)) {
            bound[i].value.type = types[i] = none();
            continue;
        }
        auto v = try_eval_const(
            p.default_value, [this](const Name& name) { return m_.lookup(name.id); }, ConstStrings::Allowed);
        if (!v)
            error(p.default_value->loc, fmt::format("the default value of parameter '{}' of '{}' is {}, not a "
                                                    "compile-time constant",
                                                    p.name, callee->name, describe_expr(p.default_value)));
        bound[i].value = *v;
        types[i] = v->type;
    }
    fn_.bound_args[c->id] = std::move(bound);
    args = std::move(types);
    return known;
}

const Type* Inferrer::user_call(const Call* c, const FunctionDef* callee, std::vector<const Type*> args) {
    if (const DeclaredDevice* declared = m_.declared_device(callee)) {
        // A declaration has no parameter names to bind keywords to (call() leaves user
        // functions' keywords to bind_arguments below).
        if (!c->keywords.empty())
            error(c->keywords[0].loc,
                  fmt::format("keyword arguments are not supported in calls to '{}', a CUDA C++ device function "
                              "(cuda.declare_device)",
                              callee->name));
        return declared_call(c, *declared, args);
    }
    if (!bind_arguments(c, callee, args)) return nullptr;
    // An @overload-ed function: the implementation chosen for these argument types, if any
    // (else the probe def `callee` itself; types/overload_routes.hpp).
    if (const FunctionDef* routed = overload_route(m_.overload_routes, callee->name, args)) callee = routed;
    // Where argument i was written (a default: the call).
    auto arg_loc = [&](size_t i) {
        auto it = fn_.bound_args.find(c->id);
        const Expr* e = it == fn_.bound_args.end() ? c->args[i] : it->second[i].expr;
        return e ? e->loc : c->loc;
    };
    const Decorator& d = m_.decorators[callee];
    // numba-cuda compiles a kernel called from CUDA code as a device function of the caller
    // (test_inline's set_zero); from CPU code it is launched, never called.
    if (d.kind == Decorator::Kind::CudaJit && !d.device && !cuda())
        error(c->loc,
              fmt::format("'{}' is a CUDA kernel; kernels are launched from the host, not called", callee->name));
    // A device function is CUDA code: CPU code cannot call it, except CUDA code compiled for
    // the CPU (a target='cuda' ufunc or gufunc, or a device function, run without a GPU),
    // where it compiles for the CPU too.
    if (d.kind == Decorator::Kind::CudaJit && !cuda() && !declared_for_cuda(fn_.def))
        error(c->loc, fmt::format("'{}' is a CUDA device function and cannot be called from CPU code", callee->name));
    for (size_t i = 0; i < args.size(); ++i)
        if (!args[i]->is_value() && !args[i]->is_static_value())
            error(arg_loc(i), fmt::format("cannot pass {} to '{}'", args[i]->str(), callee->name));
    if (d.kind == Decorator::Kind::Vectorize &&
        std::any_of(args.begin(), args.end(), [](const Type* t) { return t->is_array(); }))
        return ufunc_on_arrays(c, callee, d, args);
    if (!callee->params.empty() && callee->params.back().star) {  // def f(a, *args): the rest as one tuple
        const size_t fixed = callee->params.size() - 1;
        if (args.size() < fixed)
            error(c->loc, fmt::format("'{}' takes at least {} argument{} but {} {} given", callee->name, fixed,
                                      fixed == 1 ? "" : "s", args.size(), args.size() == 1 ? "was" : "were"));
        std::vector<const Type*> rest(args.begin() + static_cast<std::ptrdiff_t>(fixed), args.end());
        for (size_t i = fixed; i < args.size(); ++i)
            if (!args[i]->is_value())
                error(c->args[i]->loc,
                      fmt::format("cannot pass {} in '*{}'", args[i]->str(), callee->params.back().name));
        args.resize(fixed);
        args.push_back(tuple(std::move(rest)));
    }
    // A callee with declared signatures runs the one Numba's overload resolution picks, its
    // arguments converted (unsafely too); never a specialization of its own (overload_rating.hpp).
    const Type* declared_return = nullptr;
    const bool declared = !d.signatures.empty() && (d.kind == Decorator::Kind::Jit || d.device) &&
                          (callee->params.empty() || !callee->params.back().star) && rateable(args);
    if (declared) {
        const Signature* sig = choose_declared(d.signatures, args);
        if (!sig) {
            std::string listed, sigs;
            for (const Type* t : args) listed += (listed.empty() ? "" : ", ") + t->str();
            for (const Signature& s : d.signatures) sigs += (sigs.empty() ? "" : ", ") + s.str();
            error(c->loc, fmt::format("no declared signature of '{}' takes the argument types ({}); it declares {}",
                                      callee->name, listed, sigs));
        }
        args = sig->args;
        declared_return = sig->ret;
    }
    if (!capture_values(c, callee, args)) return nullptr;  // an inner function's captured variables
    FunctionRole role = cuda() ? FunctionRole::Device : FunctionRole::Scalar;
    if (ModuleScope::Frame* frame = m_.recursion_frame(callee, args, fn_.target, role))
        return recursive_call(c, *frame);
    const TypedFunction& t = m_.specialize(callee, args, fn_.target, declared_return, role, c->loc,
                                           declared ? std::map<std::string, ConstValue>{} : literal_args(c, callee));
    fn_.callees[c->id] = &t;
    return t.return_type;
}

// The explicit arguments that are integer constants or tuples of them (a literal, a module
// constant, a local bound once to one, a parameter that is itself literal): Numba passes
// them as Literal[int], so the callee may use them where a constant is needed.
std::map<std::string, ConstValue> Inferrer::literal_args(const Call* c, const FunctionDef* callee) {
    std::map<std::string, ConstValue> literals;
    for (size_t i = 0; i < c->args.size() && i < callee->params.size(); ++i) {
        if (callee->params[i].star) break;
        auto v = constant_of(c->args[i]);
        if (!v) continue;
        bool ints = v->type->is_int();
        if (v->type->is_tuple()) {
            ints = !v->elems.empty();
            for (const ConstValue& e : v->elems) ints = ints && e.type->is_int();
        }
        if (ints) literals[callee->params[i].name] = *v;
    }
    return literals;
}

// A call of a specialization being typed further up the call stack (Numba's RecursiveCall).
const Type* Inferrer::recursive_call(const Call* c, ModuleScope::Frame& frame) {
    if (!frame_) return nullptr;  // a partial typing skips recursive calls, as Numba's does
    // Every function from that frame to this one calls itself through the others: none of
    // them can be inlined into its callers whole.
    bool in_cycle = false;
    for (ModuleScope::Frame& f : m_.in_progress) {
        in_cycle = in_cycle || &f == &frame;
        if (in_cycle) f.fn->recursive = true;
    }
    fn_.callees[c->id] = frame.fn;
    if (frame.fn->return_type) return frame.fn->return_type;  // declared by a signature
    const Type* t = frame.passed ? frame.partial : partial_return_type(m_, *frame.fn);
    if (!t)
        error(c->loc, fmt::format("cannot type infer runaway recursion: no return of '{}' that does not call "
                                  "itself gives its return type (declare one with a signature)",
                                  frame.fn->def->name));
    frame.lent = t;
    return t;
}

// A @vectorize function of the module called on arrays: its scalar function applied element
// by element (an array expression, nplib/lower_array_expr.cpp), as Numba calls a ufunc in
// nopython code. With declared signatures the loop is the first that the operands' dtypes
// cast to safely (NumPy's loop selection); without, the scalar function is specialized for
// the operands' dtypes.
const Type* Inferrer::ufunc_on_arrays(const Call* c, const FunctionDef* callee, const Decorator& d,
                                      const std::vector<const Type*>& args) {
    std::vector<const Type*> dtypes;
    int ndim = 0;
    for (const Type* t : args) {
        if (t->is_array()) ndim = std::max(ndim, t->ndim());
        if (!t->is_array() && !t->is_number())
            error(c->loc, fmt::format("ufunc '{}' is not supported for {}", callee->name, t->str()));
        dtypes.push_back(t->is_array() ? t->dtype() : t);
    }
    std::vector<const Type*> in = dtypes;
    const Type* declared = nullptr;
    if (!d.signatures.empty()) {
        std::vector<nplib::UfuncLoop> loops;
        for (const Signature& s : d.signatures) loops.push_back({s.args, s.ret});
        auto loop = nplib::find_declared_loop(loops, dtypes);
        if (!loop) {
            std::string listed;
            for (const Type* t : dtypes) listed += (listed.empty() ? "" : ", ") + t->str();
            error(c->loc, fmt::format("ufunc '{}' has no loop for the input types ({})", callee->name, listed));
        }
        in = loop->in;
        declared = loop->out;
    }
    const TypedFunction& t = m_.specialize(callee, in, fn_.target, declared, FunctionRole::Scalar, c->loc);
    if (!t.return_type->is_number())
        error(c->loc, fmt::format("ufunc '{}' returns {}, not a number", callee->name, t.return_type->str()));
    fn_.callees[c->id] = &t;
    return array(t.return_type, ndim, Layout::C);
}

const Type* Inferrer::builtin_call(const Call* c, BuiltinId id, std::vector<const Type*> args) {
    // Named as the source spells it: an alias (np.sqrt, prange) or an import under another
    // name is what the user wrote, not the table's row.
    const std::string what = spelled(c->callee);
    auto arity = [&](size_t lo, size_t hi) {
        if (args.size() < lo || args.size() > hi) {
            std::string n = lo == hi ? std::to_string(lo) : fmt::format("{} to {}", lo, hi);
            error(c->loc, fmt::format("{}() takes {} argument{} ({} given)", what, n, hi == 1 ? "" : "s", args.size()));
        }
    };
    auto number = [&](size_t i, bool complex_ok = false) {
        if (!args[i]->is_number() || (!complex_ok && args[i]->is_complex()))
            error(c->args[i]->loc, fmt::format("{}() does not accept an argument of type {}", what, args[i]->str()));
    };
    auto integer_arg = [&](size_t i) {
        if (!args[i]->is_int() && !args[i]->is_bool())
            error(c->args[i]->loc, fmt::format("{}() needs an integer argument, not {}", what, args[i]->str()));
    };

    if (id == BuiltinId::NpNdindex || id == BuiltinId::NpNdenumerate || id == BuiltinId::NpNditer)
        error(c->loc, fmt::format("{}() is supported as a for loop's iterable only (for x in {}(...)): "
                                  "ujit has no iterator objects",
                                  what, what));
    if (const Type* t = str_builtin(c, id, args)) return t;  // len(s), str(x), ord, chr, hash (infer_str.cpp)
    if (const Type* t = datetime_builtin(c, id, args)) return t;  // dt64 (infer_datetime.cpp)
    if (is_cmath(id)) return cmath_call(c, id, args);
    // np.sqrt(a), abs(a), ...: the builtin's ufunc over arrays (array expressions, nplib).
    if (auto r = nplib::reduction_of(id)) {  // np.sum(a), np.sum(a * b): a whole-array reduction
        arity(1, 1);
        if (!args[0]->is_array())
            error(c->args[0]->loc,
                  fmt::format("{}() of {} is not supported by ujit (it reduces arrays)", what, args[0]->str()));
        operands(c, args);
        std::string why;
        const Type* t = nplib::reduction_type(*r, args[0]->dtype(), &why);
        if (!t) error(c->loc, why);
        return t;
    }
    auto sig = nplib::builtin_ufunc(id);
    if (nplib::is_named_ufunc(id)) arity(builtin_info(id).min_args, builtin_info(id).max_args);
    if (sig && std::any_of(args.begin(), args.end(), [](const Type* t) { return t->is_array(); })) {
        if (id != BuiltinId::Abs && !what.starts_with("np."))
            error(c->loc, fmt::format("{}() of an array is not supported by ujit", what));
        if (id == BuiltinId::NpAngle && args[0]->is_array() && !args[0]->dtype()->is_float() &&
            !args[0]->dtype()->is_complex())  // Numba's overload takes float and complex arrays only
            error(c->args[0]->loc, fmt::format("np.angle() of {} is not supported (Numba takes float and complex "
                                               "arrays, and numbers)",
                                               args[0]->str()));
        operands(c, args);
        return array_ufunc(c->loc, *sig, args);
    }
    if (id == BuiltinId::NpWhere || id == BuiltinId::NpClip)
        error(c->loc, fmt::format("{}() of scalars is not supported by ujit (it takes arrays)", what));
    if (nplib::is_named_ufunc(id)) {  // np.add(1, 2.5): one element of the ufunc, by its loops
        std::string listed;
        for (size_t i = 0; i < args.size(); ++i) {
            number(i, true);
            listed += (listed.empty() ? "" : ", ") + args[i]->str();
        }
        auto loop = nplib::find_loop(*sig, args);
        if (!loop)
            error(c->loc, fmt::format("ufunc '{}' is not supported for the input types ({})", sig->name, listed));
        operands(c, loop->in);
        return loop->out;
    }
    const BuiltinInfo& info = builtin_info(id);
    // np.sin(z), np.log(z): NumPy's complex loops (cmath's functions); math.sin(z) stays an error.
    const bool numpy_complex = args.size() == 1 && args[0]->is_complex() && nplib::complex_twin(id) &&
                               (what.starts_with("np.") || what.starts_with("numpy."));
    if (numpy_complex) {
        operands(c, {args[0]});
        return args[0];
    }
    if (info.rule == TypingRule::Float1) {
        arity(info.min_args, info.max_args);
        number(0);
        const Type* t = math_float(args[0]);
        operands(c, {t});
        return t;
    }
    if (info.rule == TypingRule::Float2) {
        arity(info.min_args, info.max_args);
        number(0);
        number(1);
        const Type* t = promote(math_float(args[0]), math_float(args[1]));
        operands(c, {t, t});
        return t;
    }
    switch (id) {
    case BuiltinId::MathLog: {
        arity(1, 2);
        number(0);
        if (args.size() == 2) {
            number(1);
            operands(c, {float64(), float64()});
            return float64();
        }
        const Type* t = math_float(args[0]);
        operands(c, {t});
        return t;
    }
    case BuiltinId::MathFloor:
    case BuiltinId::MathCeil:
    case BuiltinId::MathTrunc:
        arity(1, 1);
        number(0);
        if (args[0]->is_bfloat16()) {  // bf16: numba-cuda binds them to htrunc/hceil/hfloor, a bfloat16
            operands(c, {args[0]});
            return args[0];
        }
        if (args[0]->is_int()) {  // the identity on integers (Numba: int64 → int64, uint64 → uint64)
            const Type* t = args[0]->is_signed() || args[0]->bits() < 64 ? int64() : uint64();
            operands(c, {t});
            return t;
        }
        operands(c, {math_float(args[0])});
        return int64();
    case BuiltinId::MathIsnan:
    case BuiltinId::MathIsinf:
    case BuiltinId::MathIsfinite:
        arity(1, 1);
        number(0);
        operands(c, {math_float(args[0])});
        return boolean();
    case BuiltinId::MathFrexp:  // Numba's (float, intc): the exponent is int32
        arity(1, 1);
        number(0);
        operands(c, {math_float(args[0])});
        return tuple({math_float(args[0]), int32()});
    case BuiltinId::MathModf:  // (fractional part, integral part), both floats
        arity(1, 1);
        number(0);
        operands(c, {math_float(args[0])});
        return tuple({math_float(args[0]), math_float(args[0])});
    case BuiltinId::MathLdexp:
        arity(2, 2);
        number(0);
        integer_arg(1);
        operands(c, {math_float(args[0]), int64()});
        return math_float(args[0]);
    case BuiltinId::MathGcd:
        arity(2, 2);
        integer_arg(0);
        integer_arg(1);
        operands(c, {int64(), int64()});
        return int64();
    case BuiltinId::Abs:
    case BuiltinId::NpAbs: {
        arity(1, 1);
        number(0, true);
        const Type* t = args[0]->is_bool() ? int64() : args[0];
        operands(c, {t});
        return t->is_complex() ? t->dtype() : t;
    }
    case BuiltinId::NpIinfo:
    case BuiltinId::NpFinfo: {  // a constant named tuple (nplib/machine_limits.hpp); np.iinfo(t).max is folded
        arity(1, 1);
        const Type* t = args[0]->kind() == Kind::DTypeObj ? args[0]->scalar() : args[0];
        if (!t || !t->is_number())
            error(c->args[0]->loc,
                  fmt::format("{}() takes a NumPy type (np.int64, a.dtype), not {}", what, args[0]->str()));
        std::string why;
        std::optional<ConstValue> v = nplib::machine_limits(id, t, &why);
        if (!v) error(c->args[0]->loc, why);
        fn_.constants[c->id] = *v;
        return v->type;
    }
    case BuiltinId::NpSign:
    case BuiltinId::NpConj: {
        arity(1, 1);
        number(0, id == BuiltinId::NpConj);
        const Type* t = args[0]->is_bool() ? int64() : args[0];
        operands(c, {t});
        return t;
    }
    case BuiltinId::NpReal:
    case BuiltinId::NpImag:
        arity(1, 1);
        number(0, true);
        operands(c, {args[0]});
        return args[0]->is_complex() ? args[0]->dtype() : args[0];
    case BuiltinId::NpSquare: {
        arity(1, 1);
        number(0, true);
        OpTypes r = binary_op_types(BinOp::Mul, args[0], args[0]);
        operands(c, {r.operand});
        return r.result;
    }
    case BuiltinId::Sum: return iterable_reduction(c, id, args);
    case BuiltinId::Next: return next_call(c, args);
    case BuiltinId::Min:
    case BuiltinId::Max:
    case BuiltinId::NpMinimum:
    case BuiltinId::NpMaximum: {
        if ((id == BuiltinId::Min || id == BuiltinId::Max) && args.size() == 1) return iterable_reduction(c, id, args);
        if (id == BuiltinId::NpMinimum || id == BuiltinId::NpMaximum)
            arity(2, 2);
        else if (args.size() < 2)
            error(c->loc, fmt::format("ujit supports {}() of two or more numbers ({} given)", what, args.size()));
        const Type* t = nullptr;
        for (size_t i = 0; i < args.size(); ++i) {
            number(i);
            t = t ? promote(t, args[i]) : args[i];
        }
        operands(c, std::vector<const Type*>(args.size(), t));
        return t;
    }
    case BuiltinId::Int:  // int(int32) stays int32; floats and bools give int64
        arity(1, 1);
        number(0);
        operands(c, {args[0]});
        return args[0]->is_int() ? args[0] : int64();
    case BuiltinId::Float:  // float(float32) stays float32; integers give float64
        arity(1, 1);
        if (args[0]->is_str() && c->args[0]->kind == ExprKind::StrLit) {  // bf16: float("nan")
            const std::string& text = cast<StrLit>(c->args[0])->value;
            if (!float_of_text(text))
                error(c->args[0]->loc, fmt::format("could not convert string to float: '{}'", text));
            return float64();
        }
        number(0);
        operands(c, {args[0]});
        return math_float(args[0]);
    case BuiltinId::Bool:
        arity(1, 1);
        if (args[0]->is_tuple() && !is_vector(args[0])) {  // Numba's: whether it has items, known when typing
            fn_.constants[c->id] = const_int(!args[0]->elements().empty(), boolean());
            operands(c, {args[0]});
            return boolean();
        }
        if (args[0]->is_list() || args[0]->is_str()) {  // Numba's sequence truth: len() != 0
            operands(c, {args[0]});
            return boolean();
        }
        number(0, true);
        operands(c, {args[0]});
        return boolean();
    case BuiltinId::Complex: {  // complex64 only when every part is float32
        arity(1, 2);
        bool all_f32 = true;
        for (size_t i = 0; i < args.size(); ++i) {
            number(i);
            all_f32 = all_f32 && args[i] == float32();
        }
        const Type* part = all_f32 ? float32() : float64();
        operands(c, std::vector<const Type*>(args.size(), part));
        return complex(all_f32 ? 64 : 128);
    }
    case BuiltinId::Round:
        arity(1, 2);
        number(0);
        if (args.size() == 1) {
            operands(c, {math_float(args[0])});
            return int64();
        }
        integer_arg(1);
        operands(c, {math_float(args[0]), int64()});
        return math_float(args[0]);
    case BuiltinId::Len:
        arity(1, 1);
        if (std::string m = vector_not_tuple(args[0], "len()"); !m.empty()) error(c->args[0]->loc, m);
        if (args[0]->is_tuple()) {
            fn_.constants[c->id] = const_int(static_cast<int64_t>(args[0]->elements().size()));
            operands(c, {args[0]});
            return int64();
        }
        if (args[0]->is_range()) {  // len(range(...)): its length
            operands(c, {args[0]});
            return int64();
        }
        if (!args[0]->is_array() && !args[0]->is_list() && !args[0]->is_dict() && !args[0]->is_set() &&
            args[0]->kind() != Kind::DictView && args[0]->kind() != Kind::FlatIter)
            error(c->args[0]->loc, fmt::format("len() of {} is not supported", args[0]->str()));
        if (args[0]->is_array() && args[0]->ndim() == 0)  // NumPy's TypeError: a 0-d array has no length
            error(c->args[0]->loc, "len() of unsized object (a 0-d array)");
        operands(c, {args[0]});
        return int64();
    case BuiltinId::Range: {
        arity(1, 3);
        bool all_narrow = true, all_u64 = true;
        for (size_t i = 0; i < args.size(); ++i) {
            integer_arg(i);
            all_narrow = all_narrow && args[i]->is_int() && args[i]->is_signed() && args[i]->bits() <= 32;
            all_u64 = all_u64 && args[i]->is_int() && !args[i]->is_signed() && args[i]->bits() == 64;
        }
        const Type* elem = all_narrow ? int32() : all_u64 ? uint64() : int64();
        operands(c, std::vector<const Type*>(args.size(), elem));
        return range_of(elem);
    }
    case BuiltinId::Print:
        for (size_t i = 0; i < args.size(); ++i)
            if (!printable(args[i]))
                error(c->args[i]->loc, fmt::format("print() of {} is not supported by ujit", args[i]->str()));
        operands(c, args);
        return none();
    case BuiltinId::Pow:
    case BuiltinId::NpPower: {
        arity(2, 2);
        number(0, true);
        number(1, true);
        OpTypes r = binary_op_types(BinOp::Pow, args[0], args[1]);
        if (!r.result)
            error(c->loc,
                  fmt::format("unsupported operand types for {}(): {} and {}", what, args[0]->str(), args[1]->str()));
        operands(c, {r.operand, r.rhs_operand ? r.rhs_operand : r.operand});
        return r.result;
    }
    case BuiltinId::DivMod: {
        arity(2, 2);
        number(0);
        number(1);
        OpTypes r = binary_op_types(BinOp::FloorDiv, args[0], args[1]);
        operands(c, {r.operand, r.operand});
        return tuple({r.result, r.result});
    }
    case BuiltinId::GetNumThreads:
    case BuiltinId::GetThreadId:  // intp in Numba
        arity(0, 0);
        operands(c, {});
        return int64();
    case BuiltinId::SetNumThreads:
        arity(1, 1);
        if (!args[0]->is_int() || args[0]->is_bool())
            error(c->args[0]->loc, "The number of threads specified must be an integer");  // Numba's TypingError
        operands(c, {int64()});
        return none();
    case BuiltinId::RandomRandom:
        arity(0, 0);
        operands(c, {});
        return float64();
    case BuiltinId::RandomSeed:
    case BuiltinId::NpRandomSeed:
        arity(1, 1);
        integer_arg(0);
        operands(c, {int64()});
        return none();
    case BuiltinId::RandomGauss:  // nplib5: random.gauss(mu, sigma), normalvariate, expovariate (floats)
    case BuiltinId::RandomNormalvariate:
    case BuiltinId::RandomExpovariate:
        arity(builtin_info(id).min_args, builtin_info(id).max_args);
        for (size_t i = 0; i < args.size(); ++i) number(i);
        operands(c, std::vector<const Type*>(args.size(), float64()));
        return float64();
    case BuiltinId::RandomRandint:  // random.randint(a, b), randrange(...), getrandbits(k): integers
    case BuiltinId::RandomRandrange:
    case BuiltinId::RandomGetrandbits:
        arity(builtin_info(id).min_args, builtin_info(id).max_args);
        for (size_t i = 0; i < args.size(); ++i) integer_arg(i);
        operands(c, std::vector<const Type*>(args.size(), int64()));
        return id == BuiltinId::RandomGetrandbits ? uint64() : int64();
    case BuiltinId::RandomUniform: {
        arity(2, 2);
        for (size_t i = 0; i < args.size(); ++i) number(i);
        operands(c, std::vector<const Type*>(args.size(), float64()));
        return float64();
    }
    default: break;
    }
    if (is_xoroshiro(id)) return xoroshiro_call(c, id, std::move(args));
    if (is_cuda_only(id)) return cuda_call(c, id, std::move(args));
    error(c->loc, fmt::format("'{}' cannot be called like this", what));
}

const Type* Inferrer::cuda_call(const Call* c, BuiltinId id, std::vector<const Type*> args) {
    const std::string what = builtin_name(id);
    switch (id) {
    case BuiltinId::CudaGrid:
    case BuiltinId::CudaGridsize: {
        if (args.size() != 1) error(c->loc, fmt::format("{}() takes one argument (the number of dimensions)", what));
        auto n = constant_of(c->args[0]);
        if (!n || !n->type->is_int() || n->i < 1 || n->i > 3)
            error(c->args[0]->loc, fmt::format("{}() needs a constant 1, 2 or 3 (Numba: RequireLiteralValue)", what));
        operands(c, {int64()});
        return n->i == 1 ? int64() : tuple(std::vector<const Type*>(static_cast<size_t>(n->i), int64()));
    }
    case BuiltinId::CudaSyncthreads:
    case BuiltinId::CudaThreadfence:
    case BuiltinId::CudaThreadfenceBlock:
    case BuiltinId::CudaThreadfenceSystem:
        if (!args.empty()) error(c->loc, fmt::format("{}() takes no arguments", what));
        operands(c, {});
        return none();
    case BuiltinId::CudaNanosleep:
        if (args.size() != 1 || !args[0]->is_int())
            error(c->loc, fmt::format("{}() takes one integer (nanoseconds)", what));
        operands(c, {integer(32, false)});
        return none();
    case BuiltinId::CudaSyncthreadsCount:
    case BuiltinId::CudaSyncthreadsAnd:
    case BuiltinId::CudaSyncthreadsOr:
        if (args.size() != 1 || !args[0]->is_number() || args[0]->is_complex())
            error(c->loc, fmt::format("{}() takes one number (the predicate)", what));
        operands(c, {int32()});
        return int32();
    case BuiltinId::CudaCgThisGrid:  // coop: the grid of a cooperative launch
        if (!args.empty()) error(c->loc, fmt::format("{}() takes no arguments", what));
        operands(c, {});
        return grid_group();
    default: break;
    }
    if (const Type* t = cuda_intrinsic_call(c, id, args)) return t;
    if (const Type* t = fp16_call(c, id, args)) return t;
    if (id == BuiltinId::CudaAtomicCompareAndSwap) {  // (ary, old, val): cas on ary[0]
        if (args.size() != 3) error(c->loc, fmt::format("{}() takes 3 arguments ({} given)", what, args.size()));
        if (!args[0]->is_array() || args[0]->ndim() != 1 || !args[0]->dtype()->is_int())
            error(c->args[0]->loc, fmt::format("{}() needs a 1-D array of integers, not {}", what, args[0]->str()));
        require_writable(c->args[0], args[0]);
        for (size_t i = 1; i < 3; ++i)
            if (!args[i]->is_int())
                error(c->args[i]->loc, fmt::format("{}() needs integer values, not {}", what, args[i]->str()));
        operands(c, {args[0], args[0]->dtype(), args[0]->dtype()});
        return args[0]->dtype();
    }
    if (is_atomic(id)) {
        size_t want = builtin_info(id).min_args;  // 3; cas 4
        if (args.size() != want)
            error(c->loc, fmt::format("{}() takes {} arguments ({} given)", what, want, args.size()));
        const Type* ary = args[0];
        if (!ary->is_array()) error(c->args[0]->loc, fmt::format("{}() needs an array, not {}", what, ary->str()));
        require_writable(c->args[0], ary);
        std::vector<const Type*> idx = args[1]->is_tuple() ? args[1]->elements() : std::vector<const Type*>{args[1]};
        // Numba's lowering casts each index to intp, floats (a unified tuple of int and
        // float, as test_atomics makes) included.
        for (auto* t : idx)
            if (!t->is_int() && !t->is_bool() && !t->is_float())
                error(c->args[1]->loc, fmt::format("{}() index must be an integer or a tuple of integers, not {}", what,
                                                   args[1]->str()));
        if (static_cast<int>(idx.size()) != ary->ndim())
            error(c->args[1]->loc,
                  fmt::format("{}() on a {}-D array needs {} indices", what, ary->ndim(), ary->ndim()));
        const Type* index = args[1]->is_tuple() ? tuple(std::vector<const Type*>(idx.size(), int64())) : int64();
        std::vector<const Type*> ops{ary, index};
        for (size_t i = 2; i < args.size(); ++i) {
            if (!args[i]->is_number() || args[i]->is_complex())
                error(c->args[i]->loc, fmt::format("{}() value must be a number, not {}", what, args[i]->str()));
            ops.push_back(ary->dtype());
        }
        operands(c, std::move(ops));
        return ary->dtype();
    }
    error(c->loc, fmt::format("'{}' cannot be called like this", what));
}

// numba.cuda.random's functions: (states, index[, seed]). Numba's states are a 1-D array of
// {s0, s1: uint64} records; ujit has no record dtypes and takes the same memory as a uint64
// array of shape (n, 2).
const Type* Inferrer::xoroshiro_call(const Call* c, BuiltinId id, std::vector<const Type*> args) {
    const std::string what = builtin_name(id) + std::string_view("cuda.random.").size();  // as Numba names it
    const size_t want = builtin_info(id).min_args;
    if (args.size() != want) error(c->loc, fmt::format("{}() takes {} arguments ({} given)", what, want, args.size()));
    const Type* states = args[0];
    if (!states->is_array() || states->dtype() != uint64() || states->ndim() != 2)
        error(c->args[0]->loc, fmt::format("{}() needs the RNG states as a 2-D uint64 array of shape (n, 2), as "
                                           "create_xoroshiro128p_states makes them (ujit's form of Numba's "
                                           "xoroshiro128p_dtype records), not {}",
                                           what, states->str()));
    require_writable(c->args[0], states);  // every draw advances the states in place
    for (size_t i = 1; i < args.size(); ++i)
        if (!args[i]->is_int() && !args[i]->is_bool())
            error(c->args[i]->loc,
                  fmt::format("{}() needs an integer {}, not {}", what, i == 1 ? "index" : "seed", args[i]->str()));
    std::vector<const Type*> ops{states, int64()};
    if (id == BuiltinId::XoroshiroInitState) ops.push_back(uint64());
    operands(c, std::move(ops));
    switch (id) {
    case BuiltinId::XoroshiroNext: return uint64();
    case BuiltinId::XoroshiroUniform32:
    case BuiltinId::XoroshiroNormal32: return float32();
    case BuiltinId::XoroshiroUniform64:
    case BuiltinId::XoroshiroNormal64: return float64();
    default: return none();  // jump, init_xoroshiro128p_state
    }
}

// A thread's local memory holds at most 512 KiB on every GPU since compute capability 2.0
// (CUDA C Programming Guide, "Technical Specifications per Compute Capability"; ptxas
// refuses more). The host device keeps the same bound: a local array lives on a thread's or
// fiber's stack there.
constexpr int64_t kMaxLocalArrayBytes = 512 * 1024;

void Inferrer::check_local_array_size(const syntax::SourceLoc& loc, const std::vector<ConstValue>& dims,
                                      const Type* dtype) {
    int64_t bytes = dtype->itemsize();
    bool overflow = false;
    for (const ConstValue& d : dims) overflow = overflow || __builtin_mul_overflow(bytes, d.i, &bytes);
    if (!overflow && bytes <= kMaxLocalArrayBytes) return;
    std::string size =
        overflow ? fmt::format("more than {}", std::numeric_limits<int64_t>::max()) : fmt::format("{}", bytes);
    error(loc, fmt::format("cuda.local.array() of {} bytes is too large: a thread's local memory holds at most {} "
                           "bytes (512 KiB, CUDA's limit per thread)",
                           size, kMaxLocalArrayBytes));
}

// alignment= of a shared or local array: None, or a constant integer that numba-cuda's
// _validate_alignment accepts (its ValueErrors, raised as ValueError in Python: a compile
// error whose message starts with "ValueError: "). The value is recorded on the expression,
// where the lowering reads it (codegen/lower_cuda.cpp).
void Inferrer::check_array_alignment(const Expr* alignment, const std::string& what) {
    if (isa<NoneLit>(alignment)) return;
    const Type* t = expr(alignment);
    std::optional<ConstValue> v = constant_of(alignment);
    if (t && t->is_none()) return;
    if (!v || !v->type->is_int() || v->type->is_bool())
        error(alignment->loc, fmt::format("No implementation of function Function(<function {}>) found: "
                                          "RequireLiteralValue: alignment must be a constant integer",
                                          what.substr(what.find('.') + 1)));
    if (v->i <= 0) error(alignment->loc, "ValueError: Alignment must be positive");
    if ((v->i & (v->i - 1)) != 0) error(alignment->loc, "ValueError: Alignment must be a power of 2");
    if (v->i % 8 != 0) error(alignment->loc, "ValueError: Alignment must be a multiple of 8");  // a pointer's size
    fn_.constants[alignment->id] = *v;
}

// cuda.shared.array(shape, dtype[, alignment]) / cuda.local.array(shape, dtype[, alignment]):
// a C-contiguous array whose shape is a compile-time constant (recorded on the call).
const Type* Inferrer::array_ctor(const Call* c, BuiltinId id) {
    const std::string what = builtin_name(id);
    const Expr* shape = c->args.size() > 0 ? c->args[0] : nullptr;
    const Expr* dtype = c->args.size() > 1 ? c->args[1] : nullptr;
    const Expr* alignment = c->args.size() > 2 ? c->args[2] : nullptr;
    if (c->args.size() > 3) error(c->args[3]->loc, fmt::format("{}() takes a shape, a dtype and an alignment", what));
    for (const Keyword& k : c->keywords) {
        const Expr*& slot = k.name == "shape"       ? shape
                            : k.name == "dtype"     ? dtype
                            : k.name == "alignment" ? alignment
                                                    : shape;
        if (k.name != "shape" && k.name != "dtype" && k.name != "alignment")
            error(k.loc, fmt::format("unknown keyword argument '{}' for {}()", k.name, what));
        if (slot && slot != k.value) error(k.loc, fmt::format("{}() got '{}' twice", what, k.name));
        slot = k.value;
    }
    if (!shape || !dtype) error(c->loc, fmt::format("{}() needs a shape and a dtype", what));
    auto* list_shape = dyn_cast<Tuple>(shape);
    if (!(list_shape && list_shape->from_list())) expr(shape);  // a list is typed by no_match, below
    const Type* dt = nullptr;
    if (auto* name = dyn_cast<StrLit>(dtype)) {  // dtype="int32", as Numba's np.dtype(...) reads it
        const Type* scalar = scalar_from_name(name->value);
        if (!scalar) error(dtype->loc, fmt::format("Invalid NumPy dtype specified: '{}'", name->value));
        dt = dtype_obj(scalar);
        set(dtype, dt);
    } else {
        dt = expr(dtype);
    }
    if (!dt) return nullptr;
    if (dt->kind() != Kind::DTypeObj || is_type_value(dt))
        error(dtype->loc,
              fmt::format("the dtype of {}() must be a type such as numba.float32, not {}", what, dt->str()));
    // A shape Numba's shared.array/local.array templates do not match (a list, a value known
    // only at run time, a non-integer) is its TypingError, with each argument's Numba type.
    auto no_match = [&] {
        std::function<std::string(const Expr*)> arg = [&](const Expr* e) -> std::string {
            if (auto v = constant_of(e); v && v->type->is_int() && !v->type->is_bool())
                return fmt::format("Literal[int]({})", v->i);
            auto* t = dyn_cast<Tuple>(e);
            if (!t) return e == dtype ? fmt::format("class({})", dt->scalar()->str()) : fn_.type_of(e)->str();
            std::vector<std::string> parts;
            for (const Expr* elt : t->elts) parts.push_back(arg(elt));
            if (!t->from_list()) return fmt::format("Tuple({})", fmt::join(parts, ", "));
            std::vector<std::string> values;  // list(int64)<iv=[5, 6]>: the item type and initial values
            const Type* item = nullptr;
            for (const Expr* elt : t->elts) {
                auto v = constant_of(elt);
                const Type* et = v ? v->type : expr(elt);
                item = item ? unify(item, et) : et;
                values.push_back(v && v->type->is_int() ? fmt::format("{}", v->i) : "?");
            }
            return fmt::format("list({})<iv=[{}]>", item ? item->str() : "undefined", fmt::join(values, ", "));
        };
        std::vector<std::string> args;
        for (const Expr* a : c->args) args.push_back(arg(a));
        for (const Keyword& k : c->keywords) args.push_back(fmt::format("{}={}", k.name, arg(k.value)));
        std::string short_name = what.substr(what.find('.') + 1);  // shared.array, local.array
        error(c->loc, fmt::format("No implementation of function Function(<function {}>) found for signature:\n \n "
                                  ">>> array({})\n \nThe shape of {}() must be an integer or a tuple of integers, "
                                  "each a constant (a literal, a module constant or a tuple of them)",
                                  short_name, fmt::join(args, ", "), what));
    };
    if (list_shape && list_shape->from_list()) no_match();
    auto v = constant_of(shape);
    if (!v) no_match();
    std::vector<ConstValue> dims = v->type->is_tuple() ? v->elems : std::vector<ConstValue>{*v};
    for (const ConstValue& d : dims)
        if (!d.type->is_int()) no_match();
    if (dims.empty() || dims.size() > 8) error(shape->loc, "shared and local arrays have 1 to 8 dimensions");
    ConstValue out;
    for (const ConstValue& d : dims) {
        if (d.i < 0 || (d.i == 0 && (id == BuiltinId::CudaLocalArray || dims.size() > 1)))
            error(shape->loc, fmt::format("invalid array dimension {}", d.i));
        out.elems.push_back(const_int(d.i));
    }
    if (id == BuiltinId::CudaLocalArray) check_local_array_size(shape->loc, dims, dt->scalar());
    if (alignment) check_array_alignment(alignment, what);
    out.type = tuple(std::vector<const Type*>(dims.size(), int64()));
    fn_.constants[c->id] = out;
    operands(c, {});
    return array(dt->scalar(), static_cast<int>(dims.size()), Layout::C);
}

// a.transpose(...), a.reshape(...), a.ravel(): the receiver is operand 0, then the arguments
// (axes and shapes are int64, given one by one or as one tuple).
const Type* Inferrer::array_method(const Call* c, BuiltinId id, std::vector<const Type*> args) {
    const Type* recv = fn_.type_of(cast<Attribute>(c->callee)->value);
    const std::string what = cast<Attribute>(c->callee)->attr;
    if (id == BuiltinId::ArrayItem) {  // nplib5: a.item(), the one element of a size-1 array
        if (!args.empty()) error(c->args[0]->loc, "item() takes no arguments in ujit (as in Numba)");
        operands(c, {recv});
        return recv->dtype();
    }
    if (id == BuiltinId::ArrayFill) {  // a.fill(x): in place, no result
        require_writable(cast<Attribute>(c->callee)->value, recv);
        if (args.size() != 1 || !args[0]->is_number() || !can_convert(args[0], recv->dtype()))
            error(c->loc, fmt::format("fill() takes one number to store into {}", recv->str()));
        operands(c, {recv, args[0]});
        return none();
    }
    if (auto r = nplib::reduction_of(id)) {
        if (!args.empty()) error(c->args[0]->loc, fmt::format("{}() with an axis is not supported by ujit", what));
        operands(c, {recv});
        std::string why;
        const Type* t = nplib::reduction_type(*r, recv->dtype(), &why);
        if (!t) error(c->loc, why);
        return t;
    }
    if (id == BuiltinId::ArrayView) {  // a.view(dtype): the same memory read as another dtype (Numba's resolve_view)
        const Type* dt = nullptr;
        if (auto* name = dyn_cast<StrLit>(c->args[0]))
            dt = scalar_from_name(name->value);
        else if (args[0]->kind() == Kind::DTypeObj && !is_type_value(args[0]))
            dt = args[0]->scalar();
        if (!dt || !dt->is_number())
            error(c->args[0]->loc,
                  fmt::format("view() takes a NumPy number type (np.int64, 'f4'), not {}", args[0]->str()));
        operands(c, {recv});
        return array(dt, recv->ndim(), recv->layout(), recv->is_readonly());
    }
    if (id == BuiltinId::ArrayTranspose && args.size() == 1 && args[0]->is_none()) {  // a.transpose(None): a.T
        operands(c, {recv, args[0]});
        return nplib::transpose_type(recv);
    }
    std::vector<const Type*> ints = args;
    if (args.size() == 1 && args[0]->is_tuple()) ints = args[0]->elements();
    for (size_t i = 0; i < ints.size(); ++i)
        if (!ints[i]->is_int())
            error(c->args[std::min(i, args.size() - 1)]->loc,
                  fmt::format("{}() takes integers or a tuple of integers, not {}", what, ints[i]->str()));
    std::vector<const Type*> ops{recv};
    for (const Type* a : args)
        ops.push_back(a->is_tuple() ? tuple(std::vector<const Type*>(a->elements().size(), int64())) : int64());
    operands(c, ops);
    switch (id) {
    case BuiltinId::ArrayTranspose:
        if (args.empty()) return nplib::transpose_type(recv);
        if (static_cast<int>(ints.size()) != recv->ndim()) error(c->loc, "axes don't match array");
        return array(recv->dtype(), recv->ndim(), recv->ndim() == 1 ? recv->layout() : Layout::A, recv->is_readonly());
    case BuiltinId::ArrayReshape:
        if (args.empty()) error(c->loc, "reshape() takes at least one argument");
        if (recv->layout() == Layout::A) error(c->loc, "reshape() supports contiguous array only");
        if (recv->layout() == Layout::F && recv->ndim() > 1)
            error(c->loc, "reshape() of a Fortran-ordered array is not supported by ujit");
        return array(recv->dtype(), static_cast<int>(ints.size()), recv->layout(), recv->is_readonly());
    case BuiltinId::ArrayRavel:  // a view of a C array, else a copy (nplib/lower_layout.cpp), as Numba's
        if (cuda() && recv->layout() != Layout::C)
            error(c->loc, fmt::format("ravel() of a {} copies it, which CUDA code cannot do (it cannot allocate)",
                                      recv->str()));
        return array(recv->dtype(), 1, Layout::C, recv->is_readonly() && recv->layout() == Layout::C);
    default: break;
    }
    error(c->loc, fmt::format("{}() of arrays is not supported by ujit", what));
}

}  // namespace ujit::types
