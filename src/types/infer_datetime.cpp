// datetime64 / timedelta64 in calls: np.datetime64(n, 'D') and np.timedelta64(n, 's') made in
// compiled code (a count and a constant unit, or 'NaT'), np.isnat, and the Python builtins
// Numba gives them: abs(timedelta), min/max of one datetime-like type, int() of a timedelta or
// a datetime64[ns] (numba/np/types/datetime_registry.py).
#include "types/datetime_units.hpp"
#include "types/infer_impl.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace ujit::types {

using namespace syntax;

namespace {

// The text of a string literal argument, or null.
const std::string* literal_text(const Expr* e) {
    auto* s = dyn_cast<StrLit>(e);
    return s ? &s->value : nullptr;
}

bool is_nat_text(const std::string& s) { return s == "NaT" || s == "nat" || s == "NAT"; }

}  // namespace

const Type* Inferrer::datetime_builtin(const Call* c, BuiltinId id, const std::vector<const Type*>& args) {
    const bool any = std::any_of(args.begin(), args.end(), [](const Type* t) { return t->is_datetime_like(); });
    const char* what = builtin_info(id).spelling;
    switch (id) {
    case BuiltinId::NpDatetime64:
    case BuiltinId::NpTimedelta64: {
        if (args.empty() || args.size() > 2 || !c->keywords.empty())
            error(c->loc, fmt::format("{}() takes a value and a unit: {}(3, 'D'), {}('NaT')", what, what, what));
        int unit = kGenericUnit;
        if (args.size() == 2) {
            const std::string* u = literal_text(c->args[1]);
            unit = u ? time_unit_code(*u) : -1;
            if (unit < 0)
                error(c->args[1]->loc, fmt::format("{}()'s unit must be a constant string such as 'ns' or 'D'", what));
        }
        const std::string* text = literal_text(c->args[0]);
        if (text ? !is_nat_text(*text) : !(args[0]->is_int() || args[0]->is_bool()))
            error(c->args[0]->loc, fmt::format("ujit supports {}() of an integer count or 'NaT', not {}", what,
                                               text ? "'" + *text + "'" : args[0]->str()));
        if (!text) operands(c, {int64(), args.size() == 2 ? args[1] : nullptr});
        return id == BuiltinId::NpDatetime64 ? datetime64(unit) : timedelta64(unit);
    }
    case BuiltinId::NpIsnat:
        if (args.size() != 1) error(c->loc, fmt::format("np.isnat() takes 1 argument ({} given)", args.size()));
        if (args[0]->is_array()) return nullptr;  // the ufunc over arrays
        if (!args[0]->is_datetime_like())
            error(c->args[0]->loc,
                  fmt::format("ufunc 'isnat' is not supported for the input types ({})", args[0]->str()));
        operands(c, args);
        return boolean();
    case BuiltinId::Abs:
    case BuiltinId::NpAbs:
        if (!any) return nullptr;
        if (args.size() != 1 || !args[0]->is_timedelta())
            error(c->loc, fmt::format("{}() of {} is not supported", what, args[0]->str()));
        operands(c, args);
        return args[0];
    case BuiltinId::Min:
    case BuiltinId::Max:
        if (!any || args.size() < 2) return nullptr;
        for (size_t i = 1; i < args.size(); ++i)
            if (args[i] != args[0])
                error(c->args[i]->loc, fmt::format("ujit supports {}() of datetime64/timedelta64 values of one type, "
                                                   "not {} and {}",
                                                   what, args[0]->str(), args[i]->str()));
        operands(c, args);
        return args[0];
    case BuiltinId::Int:
        if (!any) return nullptr;
        if (args[0]->is_datetime() && args[0]->time_unit() != 10)  // Numba's ol_int
            error(c->args[0]->loc, fmt::format("Only datetime64[ns] can be converted, but got {}", args[0]->str()));
        operands(c, args);
        return int64();
    default: return nullptr;
    }
}

}  // namespace ujit::types
