#include "types/optional_rules.hpp"

#include "types/rules.hpp"

namespace ujit::types {

bool can_be_optional(const Type* t) {
    if (t->is_tuple()) {
        for (const Type* e : t->elements())
            if (!can_be_optional(e)) return false;
        return true;
    }
    return t->is_number() || t->is_array() || t->is_str() || t->is_datetime_like();
}

bool holds_optional(const Type* t) {
    if (t->is_optional()) return true;
    if (!t->is_tuple()) return false;
    for (const Type* e : t->elements())
        if (holds_optional(e)) return true;
    return false;
}

const Type* unify_or_optional(const Type* a, const Type* b) {
    if (!a || !b || a == b) return unify(a, b);
    const bool a_maybe = a->is_none() || a->is_optional();
    const bool b_maybe = b->is_none() || b->is_optional();
    if (!a_maybe && !b_maybe) return unify(a, b);
    const Type* pa = strip_optional(a);
    const Type* pb = strip_optional(b);
    const Type* u = pa->is_none() ? pb : pb->is_none() ? pa : unify(pa, pb);
    return u && can_be_optional(u) ? optional(u) : nullptr;
}

}  // namespace ujit::types
