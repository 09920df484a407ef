#include "runtime/float_format.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace ujit::runtime {

namespace {

constexpr int kPrecision = 8;  // NumPy's default print precision

// |x| written by to_chars in `fmt`, shortest round-trip at the value's precision when
// `precision` < 0, else with that many decimals.
std::string chars(double x, bool single, std::chars_format fmt, int precision) {
    char buf[512];  // fixed notation of DBL_MAX needs 309 digits
    std::to_chars_result r;
    if (single)
        r = precision < 0 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(std::fabs(x)), fmt)
                          : std::to_chars(buf, buf + sizeof buf, static_cast<float>(std::fabs(x)), fmt, precision);
    else
        r = precision < 0 ? std::to_chars(buf, buf + sizeof buf, std::fabs(x), fmt)
                          : std::to_chars(buf, buf + sizeof buf, std::fabs(x), fmt, precision);
    return std::string(buf, r.ptr);
}

// Splits "ddd[.fff]" into its integer and fraction digits, dropping the fraction's
// trailing zeros (Dragon4's unique digits never end in a zero).
void split_fixed(const std::string& s, std::string& int_part, std::string& frac) {
    size_t dot = s.find('.');
    int_part = s.substr(0, dot);
    frac = dot == std::string::npos ? "" : s.substr(dot + 1);
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
}

}  // namespace

FloatFormat::Parts FloatFormat::digits(double x) const {
    Parts p;
    std::string sign = std::signbit(x) ? "-" : plus_sign_ ? "+" : "";
    if (!exp_format_) {
        std::string s = chars(x, single_, std::chars_format::fixed, -1);
        split_fixed(s, p.int_part, p.frac_part);
        if (static_cast<int>(p.frac_part.size()) > kPrecision)
            split_fixed(chars(x, single_, std::chars_format::fixed, kPrecision), p.int_part, p.frac_part);
        p.int_part = sign + p.int_part;
        return p;
    }
    std::string s = chars(x, single_, std::chars_format::scientific, -1);  // d[.ddd]e±XX
    size_t e = s.find('e');
    std::string mantissa = s.substr(0, e);
    split_fixed(mantissa, p.int_part, p.frac_part);
    if (static_cast<int>(p.frac_part.size()) > kPrecision) {
        s = chars(x, single_, std::chars_format::scientific, kPrecision);
        e = s.find('e');
        split_fixed(s.substr(0, e), p.int_part, p.frac_part);
    }
    p.int_part = sign + p.int_part;
    p.exp_part = s.substr(e + 1);
    return p;
}

FloatFormat::FloatFormat(const std::vector<double>& values, bool single, bool plus_sign)
    : single_(single), plus_sign_(plus_sign) {
    std::vector<double> finite;
    bool nonfinite = false, neg_inf = false;
    for (double v : values) {
        if (std::isfinite(v))
            finite.push_back(v);
        else
            nonfinite = true, neg_inf = neg_inf || (std::isinf(v) && v < 0);
    }
    // Scientific when the nonzero magnitudes are huge, tiny or far apart.
    double max_val = 0, min_val = INFINITY;
    for (double v : finite)
        if (v != 0) max_val = std::max(max_val, std::fabs(v)), min_val = std::min(min_val, std::fabs(v));
    if (max_val > 0) exp_format_ = max_val >= 1e8 || min_val < 0.0001 || max_val / min_val > 1000.;
    if (!finite.empty()) {
        int frac_max = 0, exp_max = 0, int_max = 0;
        for (double v : finite) {
            Parts p = digits(v);
            int_max = std::max(int_max, static_cast<int>(p.int_part.size()));
            frac_max = std::max(frac_max, static_cast<int>(p.frac_part.size()));
            exp_max = std::max(exp_max, static_cast<int>(p.exp_part.size()));
        }
        pad_left_ = int_max;
        if (exp_format_) {
            exp_size_ = exp_max - 1;
            precision_ = frac_max;
            pad_right_ = exp_size_ + 2 + precision_;
        } else {
            pad_right_ = frac_max;
        }
    }
    if (nonfinite) {  // "nan" and "inf" right-aligned in the same width
        int offset = pad_right_ + 1;
        int inf_len = 3 + ((plus_sign_ || neg_inf) ? 1 : 0);
        int nan_len = 3;
        pad_left_ = std::max({pad_left_, nan_len - offset, inf_len - offset});
    }
}

std::string FloatFormat::operator()(double x) const {
    if (!std::isfinite(x)) {
        std::string s = std::isnan(x) ? (plus_sign_ ? "+nan" : "nan") : (x < 0 ? "-inf" : plus_sign_ ? "+inf" : "inf");
        int width = pad_left_ + pad_right_ + 1;
        return std::string(std::max<int>(0, width - static_cast<int>(s.size())), ' ') + s;
    }
    Parts p = digits(x);
    std::string out(std::max<int>(0, pad_left_ - static_cast<int>(p.int_part.size())), ' ');
    out += p.int_part;
    out += '.';
    if (exp_format_) {
        out += p.frac_part;
        out.append(std::max<int>(0, precision_ - static_cast<int>(p.frac_part.size())), '0');
        out += 'e';
        out += p.exp_part[0];  // the exponent's sign
        std::string e = p.exp_part.substr(1);
        out.append(std::max<int>(0, exp_size_ - static_cast<int>(e.size())), '0');
        return out + e;
    }
    out += p.frac_part;
    out.append(std::max<int>(0, pad_right_ - static_cast<int>(p.frac_part.size())), ' ');
    return out;
}

}  // namespace ujit::runtime
