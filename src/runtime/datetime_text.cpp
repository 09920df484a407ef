#include "runtime/datetime_text.hpp"

#include <fmt/format.h>

namespace ujit::runtime {

namespace {

constexpr int64_t kNaT = INT64_MIN;

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's civil_from_days).
struct Date {
    int64_t year;
    int month, day;
};
Date civil_from_days(int64_t days) {
    const int64_t z = days + 719468;
    const int64_t era = floor_div(z, 146097);
    const int64_t doe = z - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    const int day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const int month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return {yoe + era * 400 + (month <= 2), month, day};
}

std::string year_text(int64_t y) { return y < 0 ? fmt::format("-{:03}", -y) : fmt::format("{:04}", y); }

// Digits of the fraction of a second each sub-second unit shows, and units per second.
struct SubSecond {
    int digits;
    int64_t per_second;
};
SubSecond sub_second(TimeUnit u) {
    switch (u) {
    case TimeUnit::ms: return {3, 1000};
    case TimeUnit::us: return {6, 1000000};
    case TimeUnit::ns: return {9, 1000000000};
    case TimeUnit::ps: return {12, 1000000000000};
    case TimeUnit::fs: return {15, 1000000000000000};
    case TimeUnit::as: return {18, 1000000000000000000};
    default: return {0, 1};
    }
}

std::string datetime_iso(TimeUnit u, int64_t v) {
    switch (u) {
    case TimeUnit::Y: return year_text(1970 + v);
    case TimeUnit::M: {
        int64_t y = floor_div(v, 12);
        return fmt::format("{}-{:02}", year_text(1970 + y), v - y * 12 + 1);
    }
    default: break;
    }
    if (u == TimeUnit::W) v *= 7;
    int64_t days, seconds = 0, frac = 0;  // seconds of the day, its fraction in units
    SubSecond sub = sub_second(u);
    switch (u) {
    case TimeUnit::W:
    case TimeUnit::D: days = v; break;
    case TimeUnit::h:
        days = floor_div(v, 24);
        seconds = (v - days * 24) * 3600;
        break;
    case TimeUnit::m:
        days = floor_div(v, 1440);
        seconds = (v - days * 1440) * 60;
        break;
    default: {
        const int64_t s = floor_div(v, sub.per_second);
        frac = v - s * sub.per_second;
        days = floor_div(s, 86400);
        seconds = s - days * 86400;
    }
    }
    Date d = civil_from_days(days);
    std::string text = fmt::format("{}-{:02}-{:02}", year_text(d.year), d.month, d.day);
    if (u == TimeUnit::W || u == TimeUnit::D) return text;
    text += fmt::format("T{:02}", seconds / 3600);
    if (u == TimeUnit::h) return text;
    text += fmt::format(":{:02}", seconds / 60 % 60);
    if (u == TimeUnit::m) return text;
    text += fmt::format(":{:02}", seconds % 60);
    if (sub.digits) text += fmt::format(".{:0{}}", frac, sub.digits);
    return text;
}

const char* unit_words(TimeUnit u) {
    switch (u) {
    case TimeUnit::Y: return "years";
    case TimeUnit::M: return "months";
    case TimeUnit::W: return "weeks";
    case TimeUnit::D: return "days";
    case TimeUnit::h: return "hours";
    case TimeUnit::m: return "minutes";
    case TimeUnit::s: return "seconds";
    case TimeUnit::ms: return "milliseconds";
    case TimeUnit::us: return "microseconds";
    case TimeUnit::ns: return "nanoseconds";
    case TimeUnit::ps: return "picoseconds";
    case TimeUnit::fs: return "femtoseconds";
    case TimeUnit::as: return "attoseconds";
    default: return "generic time units";
    }
}

}  // namespace

std::string datetime_text(DType t, int64_t value) {
    if (value == kNaT) return "NaT";
    if (is_timedelta64(t)) return fmt::format("{} {}", value, unit_words(time_unit(t)));
    return datetime_iso(time_unit(t), value);
}

}  // namespace ujit::runtime
