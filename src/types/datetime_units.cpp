#include "types/datetime_units.hpp"

#include "types/type.hpp"
#include "ujit/ujit.hpp"

namespace ujit::types {

namespace {

// The exact step from one unit to the next finer one it divides into (Numba's _factors):
// {next unit, how many of it}. Months lead nowhere: a month is no whole number of days.
struct Step {
    int next;
    int64_t times;
};
std::optional<Step> finer_step(int unit) {
    switch (unit) {
    case 0: return Step{1, 12};
    case 2: return Step{4, 7};
    case 4: return Step{5, 24};
    case 5: return Step{6, 60};
    case 6: return Step{7, 60};
    default:
        if (unit >= 7 && unit <= 12) return Step{unit + 1, 1000};
        return std::nullopt;
    }
}

}  // namespace

const char* time_unit_name(int unit) {
    return unit >= 0 && unit <= kGenericUnit ? ujit::time_unit_name(static_cast<ujit::TimeUnit>(unit)) : nullptr;
}

int time_unit_code(std::string_view name) {
    for (int i = 0; i <= kGenericUnit; ++i)
        if (const char* n = time_unit_name(i); n && name == n) return i;
    return -1;
}

const Type* datetime_type_from_name(std::string_view name) {
    if (!name.empty() && (name[0] == '<' || name[0] == '=')) name.remove_prefix(1);  // little-endian, as ours
    bool is_datetime;
    if (name.starts_with("datetime64") || name.starts_with("M8")) {
        is_datetime = true;
        name.remove_prefix(name[0] == 'M' ? 2 : 10);
    } else if (name.starts_with("timedelta64") || name.starts_with("m8")) {
        is_datetime = false;
        name.remove_prefix(name[0] == 'm' ? 2 : 11);
    } else {
        return nullptr;
    }
    int unit = kGenericUnit;
    if (!name.empty()) {
        if (name.front() != '[' || name.back() != ']') return nullptr;
        unit = time_unit_code(name.substr(1, name.size() - 2));
        if (unit < 0) return nullptr;
    }
    return is_datetime ? datetime64(unit) : timedelta64(unit);
}

bool can_cast_timedelta_units(int from, int to) {
    if (from == to || from == kGenericUnit) return true;
    if (from > to || to == kGenericUnit) return false;
    return !(from <= 1 && to > 1);  // years and months never become days
}

std::optional<int64_t> unit_conversion_factor(int from, int to) {
    if (from == kGenericUnit) return 1;
    int64_t factor = 1;
    int unit = from;
    while (unit < to) {
        std::optional<Step> step = finer_step(unit);
        if (!step) return std::nullopt;
        unit = step->next;
        factor *= step->times;
    }
    if (unit != to) return std::nullopt;
    return factor;
}

int finer_unit(int a, int b) {
    if (a == kGenericUnit) return b;
    if (b == kGenericUnit) return a;
    return b > a ? b : a;
}

std::optional<int> combine_datetime_timedelta_units(int datetime_unit, int timedelta_unit) {
    if (datetime_unit == kGenericUnit) return timedelta_unit;
    if (timedelta_unit == kGenericUnit) return datetime_unit;
    if (timedelta_unit < 2 && datetime_unit >= 2) return std::nullopt;
    return datetime_unit > timedelta_unit ? datetime_unit : timedelta_unit;
}

}  // namespace ujit::types
