// bf16: Python's float() of a string literal ("nan", "-inf", "1.5"), as kernels write
// `float("nan")`: typed as float64 (types/infer_call.cpp) and lowered as its constant
// (codegen/lower_calls.cpp); the value, or nothing when Python's float() would raise.
#pragma once

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

namespace ujit::types {

inline std::optional<double> float_of_text(const std::string& text) {
    size_t begin = 0, end = text.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
    std::string s;
    for (size_t i = begin; i < end; ++i) s += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    double sign = 1.0;
    std::string body = s;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
        sign = body[0] == '-' ? -1.0 : 1.0;
        body = body.substr(1);
    }
    if (body == "nan") return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
    if (body == "inf" || body == "infinity") return sign * std::numeric_limits<double>::infinity();
    if (body.empty() || body.find_first_not_of("0123456789.e+-") != std::string::npos) return std::nullopt;
    char* stop = nullptr;
    double v = std::strtod(s.c_str(), &stop);
    if (stop != s.c_str() + s.size()) return std::nullopt;
    return v;
}

}  // namespace ujit::types
