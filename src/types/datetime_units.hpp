// NumPy's datetime64 / timedelta64 units and Numba's rules for combining them
// (numba/np/npdatetime_helpers.py): which unit an operation's result has, and the integer
// factor that converts a count of one unit into another. Units are NumPy's codes
// (ujit::TimeUnit): 0 Y, 1 M, 2 W, 4 D, 5 h ... 13 as, 14 generic.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ujit::types {

class Type;

inline constexpr int kGenericUnit = 14;
inline constexpr int64_t kNaT = INT64_MIN;  // NumPy's NaT, in every unit

// "ns", "" for generic; null for a code that is no unit.
const char* time_unit_name(int unit);
// The code of "ns", "D", "" (generic); -1 for any other text.
int time_unit_code(std::string_view name);

// "datetime64[ns]", "M8[ns]", "<M8[ns]", "timedelta64", "m8[D]" ... → the type; null otherwise.
const Type* datetime_type_from_name(std::string_view name);

// Numba's can_cast_timedelta_units: may a timedelta of `from` be exactly expressed in `to`?
bool can_cast_timedelta_units(int from, int to);
// The integer that multiplies a count of `from` into a count of `to` (generic: 1); none
// when no integer does (years to days).
std::optional<int64_t> unit_conversion_factor(int from, int to);
// The finer of two units (generic yields to the other): datetime - datetime, comparisons.
int finer_unit(int a, int b);
// datetime ± timedelta's unit; none when they may not combine (a Y/M timedelta with a finer date).
std::optional<int> combine_datetime_timedelta_units(int datetime_unit, int timedelta_unit);

}  // namespace ujit::types
