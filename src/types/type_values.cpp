// Numba types named as values (type_values.hpp): the one place that turns the spellings of
// numba.types (slices of a number type, its type constructors) into ujit's Types, for
// inference (typed_containers.cpp, infer_expr.cpp) and for module-level names alike.
#include "types/type_values.hpp"
#include "types/vector_types.hpp"

#include "syntax/ast.hpp"
#include "syntax/diagnostics.hpp"

#include <fmt/format.h>

namespace ujit::types {

using namespace syntax;

const Type* referenced_type(const Type* t) { return t && t->kind() == Kind::DTypeObj ? t->scalar() : nullptr; }

bool is_type_value(const Type* t) {
    return t && t->kind() == Kind::DTypeObj && !t->scalar()->is_number() && !t->scalar()->is_record() &&
           !t->scalar()->is_fp8() &&  // bf16: fp8_e4m3(x) converts, as a number type does
           !is_vector(t->scalar());  // a vector type is an array dtype (types/vector_types.hpp)
}

bool is_type_constructor(const std::string& path) {
    return path == "numba.types.UniTuple" || path == "numba.types.Tuple" || path == "numba.types.ListType" ||
           path == "numba.types.DictType";
}

namespace {

bool is_unit_step(const Expr* step) {
    auto* lit = dyn_cast<IntLit>(step);
    return lit && lit->value == 1;
}

}  // namespace

bool spells_array_type(const Expr* index) {
    auto* t = dyn_cast<Tuple>(index);
    return isa<Slice>(index) || (t && !t->elts.empty() && isa<Slice>(t->elts[0]));
}

const Type* array_type_of_slices(const Type* scalar, const Expr* index, std::string* why) {
    std::vector<const Expr*> dims;
    if (auto* t = dyn_cast<Tuple>(index))
        dims.assign(t->elts.begin(), t->elts.end());
    else
        dims.push_back(index);
    Layout layout = Layout::A;
    for (size_t k = 0; k < dims.size(); ++k) {
        auto* s = dyn_cast<Slice>(dims[k]);
        if (!s || s->lower || s->upper || (s->step && !is_unit_step(s->step))) {
            *why = fmt::format("array types are written with ':' or '::1', as {}[:, ::1]", scalar->str());
            return nullptr;
        }
        if (!s->step) continue;
        if (k + 1 == dims.size())
            layout = Layout::C;
        else if (k == 0)
            layout = Layout::F;
        else {
            *why = "'::1' marks the first (F) or the last (C) dimension of an array type";
            return nullptr;
        }
    }
    return array(scalar, static_cast<int>(dims.size()), layout);
}

const Type* construct_type(const std::string& path, const std::vector<const Type*>& args, int64_t count,
                           std::string* why) {
    const std::string name = path.substr(std::string("numba.").size());  // "types.UniTuple"
    size_t want = path == "numba.types.Tuple" ? args.size() : path == "numba.types.ListType" ? 1 : 2;
    if (path == "numba.types.UniTuple") want = 1;
    if (args.size() != want) {
        *why = fmt::format("{}() takes {} type{} ({} given)", name, want, want == 1 ? "" : "s", args.size());
        return nullptr;
    }
    for (const Type* a : args)
        if (!a || !a->is_value() || a->is_none()) {
            *why = fmt::format("{}() takes types, such as types.int64 or types.float64[:]", name);
            return nullptr;
        }
    if (path == "numba.types.UniTuple") {
        if (count < 0 || count > 1'000'000) {
            *why = "types.UniTuple's count must be a constant integer from 0 to 1,000,000";
            return nullptr;
        }
        return tuple(std::vector<const Type*>(static_cast<size_t>(count), args[0]));
    }
    if (path == "numba.types.Tuple") return tuple(args);
    if (path == "numba.types.ListType") return list_of(args[0], Type::ListFlavor::Typed);
    return dict_of(args[0], args[1]);
}

namespace {

// What `e` denotes at module level: a namespace, builtin, number type or type value.
std::optional<Member> member_of(const Expr* e, const NameLookup& lookup) {
    if (auto* n = dyn_cast<Name>(e)) return lookup(*n);
    auto* a = dyn_cast<Attribute>(e);
    if (!a) return std::nullopt;
    auto base = member_of(a->value, lookup);
    if (!base || base->what != Member::What::Namespace) return std::nullopt;
    return resolve_member(base->type->path(), a->attr);
}

const Type* type_of_value(const Expr* e, const NameLookup& lookup);

// The argument types of types.Tuple((a, b)) / types.Tuple([a, b]), or of another constructor.
bool argument_types(const Call* c, const NameLookup& lookup, std::vector<const Type*>* out, int64_t* count) {
    auto m = member_of(c->callee, lookup);
    const std::string path = m && m->what == Member::What::Namespace ? m->type->path() : "";
    if (path == "numba.types.Tuple") {
        auto* items = c->args.size() == 1 ? dyn_cast<Tuple>(c->args[0]) : nullptr;
        if (!items) return false;
        for (const Expr* x : items->elts) out->push_back(type_of_value(x, lookup));
        return true;
    }
    for (size_t i = 0; i < c->args.size(); ++i) {
        if (path == "numba.types.UniTuple" && i == 1) {
            auto v = try_eval_const(c->args[1], lookup);
            if (!v || !v->type->is_int()) return false;
            *count = v->i;
            continue;
        }
        out->push_back(type_of_value(c->args[i], lookup));
    }
    return true;
}

std::optional<Member> type_value_of(const Expr* e, const NameLookup& lookup);

// The type `e` names, or null.
const Type* type_of_value(const Expr* e, const NameLookup& lookup) {
    if (auto m = type_value_of(e, lookup)) return referenced_type(m->type);
    return nullptr;
}

// eval_type_value's work; the lookup throws for a name host code binds.
std::optional<Member> type_value_of(const Expr* e, const NameLookup& lookup) {
    if (isa<Name>(e) || isa<Attribute>(e)) {
        auto m = member_of(e, lookup);
        if (m && m->what == Member::What::DType) return m;
        return std::nullopt;
    }
    if (auto* s = dyn_cast<Subscript>(e)) {
        const Type* scalar = type_of_value(s->value, lookup);
        std::string why;
        const Type* a = scalar && scalar->is_number() ? array_type_of_slices(scalar, s->index, &why) : nullptr;
        if (!a) return std::nullopt;
        return make_member(Member::What::DType, dtype_obj(a));
    }
    auto* c = dyn_cast<Call>(e);
    if (!c || !c->keywords.empty()) return std::nullopt;
    auto callee = member_of(c->callee, lookup);
    if (!callee || callee->what != Member::What::Namespace || !is_type_constructor(callee->type->path()))
        return std::nullopt;
    std::vector<const Type*> args;
    int64_t count = -1;
    if (!argument_types(c, lookup, &args, &count)) return std::nullopt;
    std::string why;
    const Type* t = construct_type(callee->type->path(), args, count, &why);
    if (!t) return std::nullopt;
    return make_member(Member::What::DType, dtype_obj(t));
}

}  // namespace

std::optional<Member> eval_type_value(const Expr* e, const NameLookup& lookup) {
    try {
        return type_value_of(e, lookup);
    } catch (const CompileError&) {  // a name bound by host code (the lookup's error): not a type
        return std::nullopt;
    }
}

}  // namespace ujit::types
