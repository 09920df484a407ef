#include "runtime/pyrepr.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace ujit::runtime {
namespace {

enum ReprFlags { kAddDot0 = 1, kAlwaysSign = 2 };

// Shortest decimal digits of |x| (no leading/trailing zeros) and the exponent `decpt`
// such that |x| = 0.DIGITS * 10^decpt, as David Gay's dtoa mode 0 (CPython) gives them.
// `single`: the shortest digits that round-trip as a float32 (NumPy's float32 scalars).
void shortest_digits(double x, bool single, std::string& digits, int& decpt) {
    char buf[64];
    auto res =
        single ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(std::fabs(x)), std::chars_format::scientific)
               : std::to_chars(buf, buf + sizeof buf, std::fabs(x), std::chars_format::scientific);
    std::string s(buf, res.ptr);  // d[.ddd]e±XX
    size_t e = s.find('e');
    digits.clear();
    for (size_t i = 0; i < e; ++i)
        if (s[i] != '.') digits += s[i];
    while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
    decpt = std::atoi(s.c_str() + e + 1) + 1;
}

// CPython's format_float_short for format code 'r'.
std::string format_r(double x, int flags, bool single = false) {
    std::string out;
    if (std::isnan(x)) return (flags & kAlwaysSign) ? "+nan" : "nan";
    if (std::signbit(x))
        out += '-';
    else if (flags & kAlwaysSign)
        out += '+';
    if (std::isinf(x)) return out + "inf";
    if (x == 0) return out + ((flags & kAddDot0) ? "0.0" : "0");

    std::string d;
    int decpt;
    shortest_digits(x, single, d, decpt);
    int n = static_cast<int>(d.size());
    if (decpt <= -4 || decpt > 16) {  // exponent form: d[.ddd]e±XX
        out += d[0];
        if (n > 1) out += '.' + d.substr(1);
        int exp = decpt - 1;
        out += exp < 0 ? "e-" : "e+";
        std::string e = std::to_string(std::abs(exp));
        if (e.size() < 2) e = "0" + e;
        return out + e;
    }
    if (decpt <= 0) return out + "0." + std::string(-decpt, '0') + d;
    if (decpt < n) return out + d.substr(0, decpt) + "." + d.substr(decpt);
    out += d + std::string(decpt - n, '0');
    return (flags & kAddDot0) ? out + ".0" : out;
}

}  // namespace

std::string float_repr(double x) { return format_r(x, kAddDot0); }

namespace {
std::string complex_repr(std::complex<double> z, bool single) {
    // A real part of +0 is left out, and so are the parentheses (CPython's complex_repr).
    if (z.real() == 0 && !std::signbit(z.real())) return format_r(z.imag(), 0, single) + "j";
    return std::string("(")
        .append(format_r(z.real(), 0, single))
        .append(format_r(z.imag(), kAlwaysSign, single))
        .append("j)");
}
}  // namespace

std::string complex_repr(std::complex<double> z) { return complex_repr(z, false); }

std::string float32_repr(float x) { return format_r(x, kAddDot0, true); }

std::string complex64_repr(std::complex<float> z) { return complex_repr(std::complex<double>(z), true); }

}  // namespace ujit::runtime
