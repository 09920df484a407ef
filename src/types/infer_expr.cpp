// Expressions: names, attribute chains, operators, subscripts, tuples. A null result means
// "not known yet" during the non-final passes (a variable assigned later in a loop).
#include "types/infer_impl.hpp"
#include "types/named_tuples.hpp"

#include "nplib/array_typing.hpp"
#include "nplib/constructors.hpp"
#include "nplib/library_typing.hpp"
#include "nplib/machine_limits.hpp"
#include "nplib/ufunc_typing.hpp"
#include "syntax/diagnostics.hpp"
#include "syntax/internal_error.hpp"
#include "syntax/stack_budget.hpp"
#include "types/const_eval.hpp"
#include "types/optional_rules.hpp"
#include "types/rules.hpp"
#include "types/type_values.hpp"
#include "types/vector_types.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

namespace {
// Expressions nest through calls, subscripts and parentheses; chains of binary operators
// are walked iteratively, so this only bounds pathological nesting.
constexpr int kMaxExprDepth = 2000;
}  // namespace

const Type* Inferrer::set(const Expr* e, const Type* t) {
    if (!t) return t;
    if (e->id >= kClonedIdBase) return fn_.cloned_types[e->id] = t;  // a copy's node (types/literal_unroll.hpp)
    uint32_t i = e->id - fn_.first_id;
    UJIT_INTERNAL_ASSERT(i < fn_.expr_types.size(), e->loc, "an expression outside the function was typed in it");
    fn_.expr_types[i] = t;
    return t;
}

const Type* Inferrer::expr(const Expr* e) {
    if (++depth_ > kMaxExprDepth) error(e->loc, "expression too deeply nested");
    check_stack(e->loc, "expressions");
    const Type* t = expr_inner(e);
    if (depth_ == int_enum_depth_) t = int_enums_as_ints(t);
    --depth_;
    if (!t && final_) error(e->loc, fmt::format("could not determine the type of {}", describe_expr(e)));
    return set(e, t);
}

std::string Inferrer::spelled(const Expr* e) const {
    if (auto* n = dyn_cast<Name>(e)) return n->id;
    if (auto* a = dyn_cast<Attribute>(e)) return spelled(a->value) + "." + a->attr;
    return describe_expr(e);
}

const Type* Inferrer::expr_inner(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLit: return cast<IntLit>(e)->value > static_cast<uint64_t>(INT64_MAX) ? uint64() : int64();
    case ExprKind::FloatLit: return float64();
    case ExprKind::ImagLit: return complex(128);
    case ExprKind::BoolLit: return boolean();
    case ExprKind::NoneLit: return none();
    case ExprKind::StrLit:  // a str value (src/strings); CUDA code has strings only in print()
        if (!allow_str_ && cuda())
            error(e->loc, "string literals are only supported as arguments of print() in CUDA code");
        return unicode();
    case ExprKind::Name: return name(cast<Name>(e));
    case ExprKind::Attribute: return attribute(cast<Attribute>(e));
    case ExprKind::Subscript: return subscript(cast<Subscript>(e));
    case ExprKind::Slice: error(e->loc, "a slice is only supported as an array index");
    case ExprKind::Call: return call(cast<Call>(e));
    case ExprKind::Unary: return unary(cast<Unary>(e));
    case ExprKind::Binary: return binary_chain(cast<Binary>(e));
    case ExprKind::Compare: return compare(cast<Compare>(e));
    case ExprKind::BoolOp: return boolop(cast<BoolOp>(e));
    case ExprKind::IfExp: return ifexp(cast<IfExp>(e));
    case ExprKind::Tuple: return tuple_expr(cast<Tuple>(e));
    case ExprKind::ListComp: return list_comprehension(cast<ListComp>(e));
    case ExprKind::Lambda: return lambda_value(cast<Lambda>(e));
    case ExprKind::Starred: error(e->loc, "a starred expression is only supported as a call's argument");
    case ExprKind::StarItem: return star_item(cast<StarItem>(e));
    }
    return nullptr;
}

const Type* Inferrer::name(const Name* n) {
    if (n->id == "...") error(n->loc, "Ellipsis ('...') is only supported as an array index by ujit");
    if (locals_.count(n->id)) {
        Variable* v = variable(n->id);
        if (!v || !v->type) {
            if (final_) error(n->loc, fmt::format("variable '{}' is used before it is assigned", n->id));
            return nullptr;
        }
        return v->type;
    }
    auto m = m_.lookup(n->id);
    if (!m) m_.fail_undefined(n->loc, n->id);
    return member(n, *m, n->id);
}

// What a resolved name or attribute denotes, as a type; records constants and builtin values.
const Type* Inferrer::member(const Expr* e, const Member& m, const std::string& what) {
    switch (m.what) {
    case Member::What::Constant: fn_.constants[e->id] = m.constant; return m.constant.type;
    case Member::What::Namespace:
    case Member::What::DType: return m.type;
    case Member::What::Function:
        if (m.type->kind() == Kind::BuiltinFunc) {
            if (!cuda() && is_cuda_only(m.builtin))
                error(e->loc, fmt::format("'{}' is only available in CUDA code (this is a CPU compilation)", what));
            if (cuda() && is_cpu_only(m.builtin))
                error(e->loc, fmt::format("'{}' is not available in CUDA code", what));
        }
        return m.type;
    case Member::What::Value:
        if (!cuda() && is_cuda_only(m.builtin))
            error(e->loc, fmt::format("'{}' is only available in CUDA code (this is a CPU compilation)", what));
        fn_.attributes[e->id] = m.builtin;
        return m.type;
    case Member::What::Decorator: error(e->loc, fmt::format("'{}' can only be used as a decorator", what));
    }
    return nullptr;
}

const Type* Inferrer::attribute(const Attribute* a) {
    // a.flags.c_contiguous: `a.flags` is no value of its own in ujit, only a namespace.
    if (auto* flags = dyn_cast<Attribute>(a->value); flags && flags->attr == "flags") {
        const Type* arr = expr(flags->value);
        if (!arr) return nullptr;
        if (arr->is_array()) {
            set(flags, namespace_("array.flags"));
            if (!nplib::is_flag(a->attr))
                error(a->attr_loc, fmt::format("array.flags has no attribute '{}' in ujit", a->attr));
            return boolean();
        }
    }
    if (const Type* limit = machine_limit_attribute(a)) return limit;
    const Type* base = expr(a->value);
    if (!base) return nullptr;
    switch (base->kind()) {
    case Kind::Namespace: {
        auto m = resolve_member(base->path(), a->attr);
        if (!m) {
            // NumPy functions users reach for that Numba 0.68 refuses too (numba#2327, #4074).
            const std::string full = base->path() + "." + a->attr;
            const bool numba_lacks = full == "np.tile" || full == "np.meshgrid" || full == "np.squeeze";
            error(a->attr_loc, fmt::format("'{}' has no attribute '{}' in ujit{}", spelled(a->value), a->attr,
                                           numba_lacks ? " (Numba 0.68 does not compile it either)" : ""));
        }
        return member(a, *m, spelled(a));
    }
    case Kind::Array: return array_attribute(a, base);
    case Kind::Record: return record_field_type(a, a->attr_loc, base, a->attr, true);
    case Kind::List: return list_attribute(a, base);
    case Kind::Str: return str_attribute(a);
    case Kind::Optional:  // s.upper() of an Optional str (d.get(key)): unwrapped at the call, as Numba does
        if (base->optional_of()->is_str()) return str_attribute(a);
        break;
    case Kind::Dict:
    case Kind::Set: return dict_attribute(a, base);
    case Kind::EnumClass: return enum_member_named(a, a->attr_loc, base, a->attr);
    case Kind::JitClass:
    case Kind::JitClassType: return jitclass_attribute(a, base);  // infer_jitclass.cpp
    case Kind::Enum: return enum_member_attribute(a, base);
    case Kind::Range: return range_attribute(a, base);
    case Kind::Complex:
        if (a->attr == "real" || a->attr == "imag") {
            fn_.attributes[a->id] = a->attr == "real" ? BuiltinId::ComplexReal : BuiltinId::ComplexImag;
            return base->dtype();
        }
        if (a->attr == "conjugate") return builtin_func(BuiltinId::ComplexConjugate);
        break;
    case Kind::Int:
        if (a->attr == "bit_count") return builtin_func(BuiltinId::IntBitCount);  // Python 3.10's
        [[fallthrough]];
    case Kind::Float:  // a real number is its own conjugate (Numba's NumberAttribute)
        if (a->attr == "conjugate") return builtin_func(BuiltinId::ComplexConjugate);
        break;
    case Kind::GridGroup:  // coop: g.sync(), its one method
        if (a->attr == "sync") return builtin_func(BuiltinId::CudaGridGroupSync);
        break;
    case Kind::Tuple:  // v.x of cuda.float32x4(...): types/vector_types.hpp; p.x of a named tuple
        if (is_named_tuple(base)) return named_tuple_field(a, base);
        if (!is_vector(base)) break;
        if (vector_lane(base, a->attr) >= 0) return vector_base(base);
        error(a->attr_loc, fmt::format("Unknown attribute '{}' of type {}", a->attr, base->str()));
    default: break;
    }
    error(a->attr_loc, fmt::format("{} has no attribute '{}' in ujit", base->str(), a->attr));
}

// np.iinfo(t).max, np.finfo(a.dtype).eps: the value, folded (nplib/machine_limits.hpp); t is a
// dtype (np.int64, a.dtype) or a number whose type is meant. Null for any other attribute.
const Type* Inferrer::machine_limit_attribute(const Attribute* a) {
    auto* call = dyn_cast<Call>(a->value);
    if (!call || call->args.size() != 1 || !call->keywords.empty()) return nullptr;
    const Type* f = expr(call->callee);
    if (!f || f->kind() != Kind::BuiltinFunc ||
        (f->builtin() != BuiltinId::NpIinfo && f->builtin() != BuiltinId::NpFinfo))
        return nullptr;
    const Type* arg = expr(call->args[0]);
    if (!arg) return nullptr;
    const Type* t = arg->kind() == Kind::DTypeObj ? arg->scalar() : arg;
    if (!t || !t->is_number())
        error(call->args[0]->loc, fmt::format("{}() takes a NumPy type (np.int64, a.dtype), not {}",
                                              types::builtin_name(f->builtin()), arg->str()));
    std::string why;
    std::optional<ConstValue> v = nplib::machine_limit(f->builtin(), t, a->attr, &why);
    if (!v) error(a->attr_loc, why);
    set(call, f);
    fn_.constants[a->id] = *v;
    return v->type;
}

std::optional<ConstValue> Inferrer::constant_of(const Expr* e) {
    NameLookup lookup = [this](const Name& n) -> std::optional<Member> {
        if (!locals_.count(n.id)) return m_.lookup(n.id);
        if (auto lit = fn_.literal_params.find(n.id); lit != fn_.literal_params.end() && !rebound_.count(n.id)) {
            Member m = make_member(Member::What::Constant, lit->second.type);
            m.constant = lit->second;
            return m;
        }
        // A local bound once to a constant (`N = 100` then cuda.shared.array(N, ...)) is that
        // constant, as Numba types it a literal.
        auto it = single_assignments_.find(n.id);
        if (it == single_assignments_.end() || rebound_.count(n.id) || evaluating_.count(n.id)) return std::nullopt;
        evaluating_.insert(n.id);
        std::optional<ConstValue> v = constant_of(it->second);
        evaluating_.erase(n.id);
        if (!v) return std::nullopt;
        Member m = make_member(Member::What::Constant, v->type);
        m.constant = *v;
        return m;
    };
    return try_eval_const(e, lookup);
}

const Type* Inferrer::array_attribute(const Attribute* a, const Type* array) {
    if (a->attr == "ndim") fn_.constants[a->id] = const_int(array->ndim());
    if (a->attr == "dtype") return dtype_obj(array->dtype());
    if (a->attr == "conj" || a->attr == "conjugate") return builtin_func(BuiltinId::NpConj);  // a.conj(): np.conj(a)
    if (a->attr == "clip") return builtin_func(BuiltinId::NpClip);  // a.clip(lo, hi): np.clip(a, lo, hi)
    if (a->attr == "flat") return flat_iter(array);  // iterated, indexed, len()'d (flat_subscript)
    if (a->attr == "flags")
        error(a->attr_loc, "array.flags is only supported as a.flags.c_contiguous / f_contiguous / contiguous");
    // Methods: the rows "array.NAME" of builtins.def (a.reshape, a.sum, ...).
    // (builtin_by_spelling resolves names of namespaces; attributes are looked up by their row.)
    const std::string spelling = "array." + a->attr;
    for (int i = 0; i < static_cast<int>(BuiltinId::Count_); ++i)
        if (auto id = static_cast<BuiltinId>(i); is_array_method(id) && spelling == builtin_name(id))
            return builtin_func(id);
    std::string why;
    if (const Type* t = nplib::attribute_type(array, a->attr, &why)) return t;
    if (array->dtype()->is_record())  // arr.a: a view of one field (after the array's own attributes, as Numba)
        if (const Type* t = record_field_type(a, a->attr_loc, array, a->attr, false)) return t;
    if (!why.empty()) error(a->attr_loc, why);
    error(a->attr_loc, fmt::format("{} has no attribute '{}' in ujit", array->str(), a->attr));
}

const Type* Inferrer::subscript(const Subscript* s) {
    const Type* base = expr(s->value);
    if (base && base->kind() == Kind::EnumClass) return enum_class_subscript(s, base);
    if (base && base->kind() == Kind::DTypeObj && base->scalar()->is_number() && spells_array_type(s->index)) {
        std::string why;  // types.float64[:], a type value (types/type_values.hpp)
        const Type* a = array_type_of_slices(base->scalar(), s->index, &why);
        if (!a) error(s->index->loc, why);
        return dtype_obj(a);
    }
    if (base && (base->is_record() || (base->is_array() && base->dtype()->is_record() && isa<StrLit>(s->index)))) {
        const std::string* name = record_index_name(s, base->is_record() ? base : base->dtype());
        if (!name) error(s->index->loc, "a record field index must be a constant string or integer, as Numba requires");
        return record_field_type(s, s->index->loc, base, *name, true);
    }
    IntEnumsAsInts int_index(int_enum_depth_, depth_ + 1);  // an IntEnum index is an int
    if (base && base->is_array()) return array_subscript(s, base);
    if (base && base->is_list()) return list_subscript(s, base);
    if (base && base->is_str()) return str_subscript(s);
    if (base && (base->is_dict() || base->is_set())) return dict_subscript(s, base);
    if (base && base->is_range()) return range_subscript(s, base);
    if (base && base->kind() == Kind::FlatIter) return flat_subscript(s, base);
    if (auto* slice = dyn_cast<Slice>(s->index); slice && base && base->is_tuple()) return tuple_slice(slice, base);
    if (isa<Slice>(s->index) && base)
        error(s->value->loc, fmt::format("{} of type {} cannot be sliced", describe_expr(s->value), base->str()));
    const Type* index = expr(s->index);
    if (!base || !index) return nullptr;
    if (std::string m = vector_not_tuple(base, "indexing"); !m.empty()) error(s->loc, m);
    if (base->is_tuple()) {
        auto k = constant_of(s->index);
        // Numba's getitem_unituple: a tuple of one element type takes a run-time index.
        if (!k && index->is_int() && !index->is_bool() && base->is_uniform_tuple() && !base->elements().empty())
            return base->elements()[0];
        if (!k || !k->type->is_int())
            error(s->index->loc, fmt::format("a tuple index must be a constant integer (indexing {})", base->str()));
        int64_t n = static_cast<int64_t>(base->elements().size());
        int64_t i = k->i < 0 ? k->i + n : k->i;
        if (i < 0 || i >= n) error(s->index->loc, fmt::format("tuple index {} out of range for {}", k->i, base->str()));
        fn_.constants[s->index->id] = const_int(i);
        return base->elements()[static_cast<size_t>(i)];
    }
    error(s->value->loc, fmt::format("{} of type {} is not subscriptable", describe_expr(s->value), base->str()));
}

// a.flat[i]: the i-th item of the array in C order (Numba's getitem and setitem of a
// NumpyFlatType take one integer; a slice is refused here as Numba's lowering refuses it).
const Type* Inferrer::flat_subscript(const Subscript* s, const Type* flat) {
    const Type* array = flat->flat_array();
    if (isa<Slice>(s->index))
        error(s->index->loc, fmt::format("{} is indexed by one integer in ujit, not sliced", flat->str()));
    const Type* index = expr(s->index);
    if (!index) return nullptr;
    if (!index->is_int())
        error(s->index->loc, fmt::format("{} is indexed by an integer, not {}", flat->str(), index->str()));
    if (array->dtype()->is_record())
        error(s->loc, fmt::format("ujit indexes a.flat of number arrays only, not of {}", array->str()));
    return array->dtype();
}

// m[idx, :], m[:, idx], m[1, idx]: a tuple index with one 1-D integer array among integers and
// slices (Numba's one advanced index). The array's axis is taken as `:` and then gathered
// (nplib::fancy_index_type); null when the index holds no array.
const Type* Inferrer::fancy_tuple_subscript(const Subscript* s, const Type* array) {
    auto* tup = dyn_cast<Tuple>(s->index);
    if (!tup) return nullptr;
    auto is_ellipsis = [](const Expr* e) {
        auto* n = dyn_cast<Name>(e);
        return n && n->id == "...";
    };
    if (std::any_of(tup->elts.begin(), tup->elts.end(), is_ellipsis)) {  // a basic index (array_subscript)
        for (const Expr* e : tup->elts) {
            const Type* t = isa<Slice>(e) || is_ellipsis(e) ? nullptr : expr(e);
            if (t && t->is_array())
                error(e->loc, "Ellipsis ('...') together with an array index is not supported by ujit");
        }
        return nullptr;
    }
    int at = -1;
    std::vector<const Type*> elems;
    for (size_t k = 0; k < tup->elts.size(); ++k) {
        const Expr* e = tup->elts[k];
        const Type* t = isa<Slice>(e) ? nullptr : expr(e);
        elems.push_back(t);
        if (!t || !t->is_array()) continue;
        if (!t->dtype()->is_int() || t->ndim() != 1)
            error(e->loc, fmt::format("an array in a tuple index must be a 1-D integer array (Numba's one advanced "
                                      "index), not {}",
                                      t->str()));
        if (at >= 0) error(e->loc, "only one advanced index supported");
        at = static_cast<int>(k);
    }
    if (at < 0) return nullptr;
    if (cuda()) error(s->loc, nplib::cuda_allocation_error("indexing with an integer array"));
    std::vector<nplib::IndexItem> items;
    for (size_t k = 0; k < tup->elts.size(); ++k) {
        if (static_cast<int>(k) == at) {
            items.push_back(nplib::IndexItem::Slice);
            continue;
        }
        std::optional<nplib::IndexItem> item = index_item(tup->elts[k]);
        if (!item) return nullptr;
        if (*item == nplib::IndexItem::NewAxis)
            error(tup->elts[k]->loc, "np.newaxis together with an integer-array index is not supported by ujit");
        items.push_back(*item);
        if (!elems[k]) elems[k] = fn_.type_of(tup->elts[k]);
    }
    set(tup, tuple(elems));
    std::string why;
    const Type* view = nplib::basic_index_type(array, items, &why);
    if (!view) error(s->index->loc, why);
    return types::array(array->dtype(), view->ndim(), mask_target_ ? Layout::A : Layout::C);
}

// One item of a basic index: an integer, a slice (its bounds integers or None) or None.
std::optional<nplib::IndexItem> Inferrer::index_item(const Expr* e) {
    if (auto* sl = dyn_cast<Slice>(e)) {
        for (const Expr* part : {sl->lower, sl->upper, sl->step}) {
            if (!part) continue;
            const Type* t = expr(part);
            if (t && !t->is_int() && !t->is_none())
                error(part->loc, fmt::format("slice indices must be integers or None, not {}", t->str()));
        }
        set(sl, none());  // a slice is no value of its own: codegen reads its parts
        return sl->step ? nplib::IndexItem::SteppedSlice : nplib::IndexItem::Slice;
    }
    if (auto* n = dyn_cast<Name>(e); n && n->id == "...") {
        set(n, none());  // as a slice: no value of its own
        return nplib::IndexItem::Ellipsis;
    }
    const Type* t = expr(e);
    if (!t) return std::nullopt;
    if (t->is_none()) return nplib::IndexItem::NewAxis;
    if (t->is_int()) return nplib::IndexItem::Integer;
    if (t->is_bool()) error(e->loc, "boolean array indexing is not supported by ujit");
    if (t->is_array()) error(e->loc, "indexing an array with an array (advanced indexing) is not supported by ujit");
    error(e->loc, fmt::format("array index must be an integer, a slice or None, not {}", t->str()));
}

const Type* Inferrer::array_subscript(const Subscript* s, const Type* array) {
    auto* lone = dyn_cast<Name>(s->index);
    const bool ellipsis = lone && lone->id == "...";  // a[...]: the whole array, as a view
    // a[mask] with a boolean array (or array expression) of a's ndim: only stored into.
    if (!isa<Tuple>(s->index) && !isa<Slice>(s->index) && !ellipsis) {
        const Type* it = expr(s->index);
        if (it && it->is_array() && it->dtype()->is_bool() && it->ndim() == 1 && array->ndim() > 1) {
            // x[labels == k]: a 1-D mask picks rows, as the integer array of its true positions
            // would (Numba's one advanced index; nplib/lower_fancy_index.cpp).
            if (cuda()) error(s->loc, nplib::cuda_allocation_error("indexing with a boolean array"));
            return types::array(array->dtype(), array->ndim(), mask_target_ ? Layout::A : Layout::C);
        }
        if (it && it->is_array() && it->dtype()->is_bool()) {
            if (it->ndim() != array->ndim())
                error(s->index->loc, fmt::format("a boolean index must have the array's {} dimensions, not {}",
                                                 array->ndim(), it->ndim()));
            // Read: a new 1-D array of the selected items, in C order (Numba's getitem).
            return types::array(array->dtype(), 1, mask_target_ ? Layout::A : Layout::C);
        }
        if (it && it->is_array() && it->dtype()->is_int()) {  // a[idx]: rows picked by index
            if (cuda()) error(s->loc, nplib::cuda_allocation_error("indexing with an integer array"));
            if (it->ndim() == 0) error(s->index->loc, "a 0-d integer array as an index is not supported by ujit");
            // Read: a new C array of the picked rows; stored into: rows of a (nplib/lower_fancy_index.cpp).
            return types::array(array->dtype(), it->ndim() + array->ndim() - 1, mask_target_ ? Layout::A : Layout::C);
        }
    }
    if (const Type* t = fancy_tuple_subscript(s, array)) return t;
    std::vector<nplib::IndexItem> items;
    bool unknown = false;
    auto add = [&](const Expr* e) {
        if (auto item = index_item(e))
            items.push_back(*item);
        else
            unknown = true;
    };
    if (auto* tup = dyn_cast<Tuple>(s->index)) {
        for (const Expr* e : tup->elts) add(e);
        set(tup, none());
        if (!unknown) {
            std::vector<const Type*> elems;
            for (const Expr* e : tup->elts) elems.push_back(fn_.type_of(e));
            set(tup, tuple(elems));
        }
    } else {
        const Type* t = isa<Slice>(s->index) || ellipsis ? nullptr : expr(s->index);
        if (t && t->is_tuple()) {  // a tuple-valued index variable: integers only
            for (const Type* et : t->elements()) {
                if (!et->is_int())
                    error(s->index->loc, fmt::format("array index must be an integer, not {}", et->str()));
                items.push_back(nplib::IndexItem::Integer);
            }
        } else {
            add(s->index);
        }
    }
    if (unknown) return nullptr;
    std::string why;
    const Type* t = nplib::basic_index_type(array, items, &why);
    if (!t) error(s->index->loc, why);
    return t;
}

// An operator or builtin applied to arrays: the ufunc loop Numba picks, the result an array of
// its output type with the operands' largest ndim (layout C, as a new array would be).
const Type* Inferrer::array_ufunc(SourceLoc loc, const nplib::UfuncSig& sig, const std::vector<const Type*>& operands) {
    if (sig.name == "where" && operands.size() != 3)
        error(loc, "np.where() takes 3 arguments (the 1-argument form allocates)");
    std::vector<const Type*> dtypes;
    int ndim = 0;
    std::string listed;
    for (const Type* t : operands) {
        listed += (listed.empty() ? "" : ", ") + t->str();
        if (t->is_array() && !t->dtype()->is_record()) {  // an array of records: refused below
            dtypes.push_back(t->dtype());
            ndim = std::max(ndim, t->ndim());
        } else if (t->is_number()) {
            dtypes.push_back(t);
        } else {
            error(loc, fmt::format("ufunc '{}' is not supported for {}", sig.name, t->str()));
        }
    }
    auto loop = nplib::find_loop(sig, dtypes);
    if (!loop) error(loc, fmt::format("ufunc '{}' is not supported for the input types ({})", sig.name, listed));
    return array(loop->out, ndim, Layout::C);
}

const Type* Inferrer::binary(const Binary* b, const Type* l, const Type* r) {
    if (!l || !r) return nullptr;
    if (b->op == BinOp::MatMul) {  // Numba's matmul_2: np.dot's typing and product
        if (!l->is_array() || !r->is_array())
            error(b->loc, fmt::format("unsupported operand types for @: {} and {}", l->str(), r->str()));
        nplib::CallTyping t = nplib::library_call_type(BuiltinId::NpDot, {l, r}, {nullptr, nullptr});
        if (!t.result) error(b->loc, t.error);
        return t.result;
    }
    if (l->is_array() || r->is_array()) return array_ufunc(b->loc, nplib::binary_ufunc(b->op), {l, r});
    if (l->is_list() || r->is_list()) return list_binary(b, l, r);
    if ((l->is_tuple() || r->is_tuple()) && !is_vector(l) && !is_vector(r)) return tuple_binary(b, l, r);
    if (l->is_set() || r->is_set() || l->is_dict() || r->is_dict()) return set_binary(b->op, b->loc, l, r);
    OpTypes t = binary_op_types(b->op, l, r);
    if (!t.result)
        error(b->loc, fmt::format("unsupported operand types for {}: {} and {}", spelling(b->op), l->str(), r->str()));
    return t.result;
}

// a + b + c + ... is a left-deep tree; walk its spine with a loop so that a long chain
// (100k terms) does not use 100k stack frames.
const Type* Inferrer::binary_chain(const Binary* b) {
    std::vector<const Binary*> spine;
    const Expr* cur = b;
    while (auto* bb = dyn_cast<Binary>(cur)) {
        spine.push_back(bb);
        cur = bb->lhs;
    }
    const Type* t = expr(cur);
    for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
        const Type* r = expr((*it)->rhs);
        t = binary(*it, t, r);
        if (*it != b) set(*it, t);
        if (!t && final_) error((*it)->loc, "could not determine the type of a binary operation");
    }
    return t;
}

const Type* Inferrer::unary(const Unary* u) {
    const Type* t = expr(u->operand);
    if (!t) return nullptr;
    if (t->is_array()) {
        if (u->op == UnaryOp::Not)
            error(u->loc,
                  "the truth value of an array with more than one element is ambiguous (use a.any() or a.all())");
        return array_ufunc(u->loc, nplib::unary_ufunc(u->op), {t});
    }
    OpTypes r = unary_op_types(u->op, t);
    if (!r.result) error(u->loc, fmt::format("bad operand type for unary {}: {}", spelling(u->op), t->str()));
    return r.result;
}

const Type* Inferrer::compare(const Compare* c) {
    std::vector<const Type*> types;
    for (auto* o : c->operands) types.push_back(expr(o));
    for (size_t i = 0; i < c->ops.size(); ++i) {
        CmpOp op = c->ops[i];
        if (types[i] && types[i + 1] && list_compare(op, types[i], types[i + 1], c->op_locs[i])) continue;
        if (types[i] && types[i + 1] && dict_compare(op, types[i], types[i + 1], c->op_locs[i])) continue;
        if (types[i] && types[i + 1] && range_compare(op, types[i], types[i + 1], c->op_locs[i])) continue;
        if ((op == CmpOp::In || op == CmpOp::NotIn) && (!types[i] || !types[i + 1])) continue;  // typed later
        if ((op == CmpOp::In || op == CmpOp::NotIn) && types[i + 1]->is_tuple()) {
            // `c in ("+", "-")`: a homogeneous tuple is a sequence to Numba (its in_seq compares
            // each item with ==); a heterogeneous one is not.
            const auto& items = types[i + 1]->elements();
            const bool uniform =
                !items.empty() && std::all_of(items.begin(), items.end(), [&](const Type* e) { return e == items[0]; });
            if (!uniform || !compare_op_types(CmpOp::Eq, types[i], items[0]).result)
                error(c->op_locs[i], fmt::format("unsupported comparison: {} {} {}", types[i]->str(), spelling(op),
                                                 types[i + 1]->str()));
            continue;
        }
        if ((op == CmpOp::In || op == CmpOp::NotIn) && !types[i + 1]->is_str())
            error(c->op_locs[i], fmt::format("the '{}' operator is not supported by ujit", spelling(op)));
        if (!types[i] || !types[i + 1]) continue;
        if (types[i]->is_array() || types[i + 1]->is_array()) continue;
        OpTypes r = compare_op_types(op, types[i], types[i + 1]);
        if (!r.result)
            error(c->op_locs[i],
                  fmt::format("unsupported comparison: {} {} {}", types[i]->str(), spelling(op), types[i + 1]->str()));
    }
    for (auto* t : types)
        if (!t) return nullptr;
    for (auto* t : types)
        if (t->is_array()) {
            if (c->ops.size() != 1)
                error(c->loc, "a chained comparison of arrays is ambiguous (compare two operands at a time)");
            return array_ufunc(c->loc, nplib::compare_ufunc(c->ops[0]), types);
        }
    return boolean();
}

const Type* Inferrer::boolop(const BoolOp* b) {
    const Type* u = nullptr;
    for (auto* v : b->values) {
        const Type* t = expr(v);
        if (!t) continue;
        if (!t->is_number())
            error(v->loc, fmt::format("{} of type {} cannot be used with '{}'", describe_expr(v), t->str(),
                                      b->op == BoolOpKind::And ? "and" : "or"));
        const Type* n = unify(u, t);
        if (!n)
            error(v->loc, fmt::format("operands of '{}' have types {} and {} which cannot be unified",
                                      b->op == BoolOpKind::And ? "and" : "or", u->str(), t->str()));
        u = n;
        // A value typing knows to decide (`isinstance(x, int) and x > 0` of a str x): the rest is
        // never evaluated, so neither typed nor lowered, as Numba prunes it.
        // The deciding value keeps its own value (`x or 7` is 7, not True).
        if (std::optional<bool> k = known_test(v); k && *k == (b->op == BoolOpKind::Or)) break;
    }
    // An operand not known yet (a recursive call in a partial typing, a variable assigned
    // later in a loop) leaves the others' type, as Numba's propagation does; the final pass
    // knows every operand.
    return u;
}

const Type* Inferrer::ifexp(const IfExp* e) {
    truth_test(e->test);
    if (std::optional<bool> live = known_test(e->test)) {  // pruned as an `if` is (infer_stmt.cpp)
        fn_.constants[e->test->id] = const_int(*live ? 1 : 0, boolean());
        return expr(*live ? e->body : e->orelse);
    }
    fn_.constants.erase(e->test->id);  // as an `if`'s (infer_stmt.cpp): an earlier pass's answer
    const Type* a = expr(e->body);
    const Type* b = expr(e->orelse);
    if (!a || !b) return a ? a : b;  // as BoolOp: the branch known so far
    const Type* u = unify_or_optional(a, b);  // `x if c else None`: Optional, as in Numba
    if (!u)
        error(e->loc, fmt::format("the branches of the conditional expression have types {} and {} which cannot be "
                                  "unified",
                                  a->str(), b->str()));
    return u;
}

const Type* Inferrer::tuple_expr(const Tuple* t) {
    if (t->from_list() && !allow_list_) return list_display(t);
    if (t->display == Tuple::Display::Dict || t->display == Tuple::Display::Set) return dict_display(t);
    if (t->display != Tuple::Display::Tuple && !(t->from_list() && allow_list_))
        error(t->loc, t->from_list() ? "list literals are not supported by ujit (use a tuple), except as "
                                       "np.array's argument"
                                     : "set and dict literals are not supported by ujit");
    if (t->elts.empty() && t->from_list()) error(t->loc, "np.array([]) is not supported by ujit (use np.empty(0))");
    std::vector<const Type*> elems;
    bool unknown = false;
    for (auto* e : t->elts) {
        bool list_ok = allow_list_;
        allow_list_ = list_ok && isa<Tuple>(e);  // rows of np.array([[...], ...]), nothing deeper
        const Type* et = expr(e);
        allow_list_ = list_ok;
        if (!et) {
            unknown = true;
            continue;
        }
        if (!et->is_value()) error(e->loc, fmt::format("{} cannot be an element of a tuple", et->str()));
        // none has no storage in ujit's aggregates (codegen value_type); refused in the final pass,
        // as a recursive function's first guess (its base case's None) is no tuple's for good
        if (et->is_none() && final_)
            error(e->loc, "ujit does not keep None in a tuple yet (Numba does): leave it out, or use a value "
                          "such as -1 or NaN that stands for it");
        elems.push_back(et);
    }
    if (unknown) return nullptr;
    const Type* type = tuple(std::move(elems));
    if (std::string why = mixed_tuple_error(type); !why.empty()) error(t->loc, why);
    return type;
}

}  // namespace ujit::types
