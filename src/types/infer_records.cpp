// Typing records (NumPy structured dtypes, Numba's Record): a field of a record (`r.a`,
// `r['a']`), a field of a record array as a view (`arr.a`, `arr['a']`), and stores into
// fields. A record value is a reference to its bytes (an element of an array, or a record
// argument), as in Numba: `r = arr[i]; r.a = 1` writes arr[i].
#include "types/infer_impl.hpp"

#include "syntax/diagnostics.hpp"
#include "types/rules.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

namespace {

// The type a field reads as: a nested array field is a C-contiguous view of its elements.
const Type* field_value(const Type* ft) {
    if (ft->is_nested_array()) return array(ft->dtype(), ft->ndim(), Layout::C);
    return ft;
}

// 'a', 'b' (a Python tuple's items)
std::string field_names(const Type* rec) {
    std::string s;
    for (const Type::Field& f : rec->fields()) s += (s.empty() ? "'" : ", '") + f.name + "'";
    return rec->fields().size() == 1 ? s + "," : s;
}

}  // namespace

const std::string* Inferrer::record_index_name(const Subscript* s, const Type* rec) {
    if (auto* lit = dyn_cast<StrLit>(s->index)) {
        set(s->index, unicode());
        return &lit->value;
    }
    // r[k] with a constant integer: the k-th field (in offset order), as Numba's literal index
    std::optional<ConstValue> k = constant_of(s->index);
    if (!k || !k->type->is_int()) return nullptr;
    set(s->index, k->type);
    if (k->i < 0 || k->i >= static_cast<int64_t>(rec->fields().size()))
        error(s->index->loc, fmt::format("Requested index {} is out of range", k->i));
    return &rec->fields()[static_cast<size_t>(k->i)].name;
}

const Type* Inferrer::record_field_type(const Expr* at, SourceLoc name_loc, const Type* base, const std::string& name,
                                        bool required) {
    const Type* rec = base->is_record() ? base : base->dtype();
    const Type::Field* f = rec->field(name);
    if (!f) {
        if (!required) return nullptr;
        if (isa<Attribute>(at))
            error(name_loc, fmt::format("Unknown attribute '{}' of type {} (its fields: {})", name, rec->str(),
                                        field_names(rec)));
        error(name_loc, fmt::format("Field '{}' was not found in record with fields ({})", name, field_names(rec)));
    }
    fn_.record_fields[at->id] = name;
    // numba-cuda's strict alignment (sentry_record_alignment): on the GPU a field must sit at a
    // multiple of its element's alignment, counted from the record's start.
    const Type* elem = f->type->is_nested_array() ? f->type->dtype() : f->type;
    int64_t align = elem->is_complex() ? elem->itemsize() / 2 : elem->is_record() ? 1 : std::max(1, elem->itemsize());
    if (cuda() && f->offset % align != 0)
        error(name_loc, fmt::format("{}.{} of type {} is not aligned", rec->str(), name, elem->str()));
    if (base->is_record()) return field_value(f->type);
    // Numba's view of one field of every record: the field's dtype, the nested array's axes
    // after the array's own, any layout (the records' stride separates the items).
    const Type* ft = f->type;
    if (ft->is_nested_array()) return array(ft->dtype(), base->ndim() + ft->ndim(), Layout::A, base->is_readonly());
    return array(ft, base->ndim(), Layout::A, base->is_readonly());
}

void Inferrer::record_store(const Expr* target, const Type* value, SourceLoc where) {
    const Expr* base_expr = nullptr;
    std::string name;
    SourceLoc name_loc = target->loc;
    if (auto* a = dyn_cast<Attribute>(target)) {
        base_expr = a->value;
        name = a->attr;
        name_loc = a->attr_loc;
    } else {
        auto* s = cast<Subscript>(target);
        base_expr = s->value;
        const Type* b0 = expr(base_expr);
        const Type* rec = b0 && b0->is_array() ? b0->dtype() : b0;
        const std::string* n = rec && rec->is_record() ? record_index_name(s, rec) : nullptr;
        if (!n && rec && rec->is_record())
            error(s->index->loc, "a record field index must be a constant string or integer, as Numba requires");
        if (!n) error(target->loc, fmt::format("cannot assign to a field of {}", rec ? rec->str() : "this value"));
        name = *n;
        name_loc = s->index->loc;
    }
    const Type* base = expr(base_expr);
    if (!base) return;
    if (base->is_array())
        error(target->loc, fmt::format("cannot assign to field '{}' of the record array {}: assign into its view "
                                       "(`a['{}'][:] = v`) or to one record's field (`a[i].{} = v`)",
                                       name, base->str(), name, name));
    // a[i].x = v of a read-only array (flags.writeable false) writes the array: refused, as a[i] = v is
    for (const Expr* e = base_expr; e;) {
        const Expr* inner = isa<Subscript>(e)   ? cast<Subscript>(e)->value
                            : isa<Attribute>(e) ? cast<Attribute>(e)->value
                                                : nullptr;
        if (inner) require_writable(inner, fn_.type_of(inner));
        e = inner;
    }
    const Type* ft = record_field_type(target, name_loc, base, name, true);
    set(target, ft);
    if (!value) return;
    if (ft->is_array()) {  // a nested array field: an array or a number broadcast into it
        const Type* from = value->is_array() ? value->dtype() : value;
        if (!from->is_number() || !can_convert(from, ft->dtype()))
            error(where, fmt::format("cannot store {} into the field '{}' of type {}", value->str(), name, ft->str()));
        return;
    }
    if (ft->is_record()) {
        if (value != ft)
            error(where,
                  fmt::format("cannot store {} into the record field '{}' of type {}", value->str(), name, ft->str()));
        return;
    }
    if (!can_convert(value, ft))
        error(where, fmt::format("cannot store {} into the field '{}' of type {}", value->str(), name, ft->str()));
}

}  // namespace ujit::types
