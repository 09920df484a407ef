// The wrapper is appended to the file's text (the file's own lines keep their numbers, so
// diagnostics point into it): `def __ujit_run_call(p1): return apply(square, p1)`, as the
// Python package's ujit/_function_args.py does for a dispatcher argument.
#include "run_static_args.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>
#include <string_view>

namespace ujit::cli {

namespace {

constexpr std::string_view kNumba = "__ujit_run_numba";

// `float32`, `np.float32`, `numba.float32`: the name numba gives the type, or "".
std::string number_type(std::string word) {
    for (std::string_view prefix : {"np.", "numpy.", "numba.", "numba.types."})
        if (word.starts_with(prefix)) word.erase(0, prefix.size());
    if (word == "bool_") return "boolean";
    static constexpr std::array<std::string_view, 15> kNames = {
        "boolean", "int8",    "int16",   "int32",     "int64",      "uint8", "uint16", "uint32",
        "uint64",  "float32", "float64", "complex64", "complex128", "intp",  "uintp"};
    return std::find(kNames.begin(), kNames.end(), word) != kNames.end() ? word : "";
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

std::optional<StaticCall> static_argument_call(const std::string& path, const ujit::Module& module,
                                               const std::string& function, std::span<const std::string> words) {
    const std::vector<std::string> functions = module.function_names();
    std::vector<std::string> params, call_args, rest;
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        std::string type = number_type(w);
        if (std::find(functions.begin(), functions.end(), w) != functions.end()) {
            call_args.push_back(w);
        } else if (!type.empty()) {
            call_args.push_back(std::string(kNumba).append(".").append(type));
        } else {
            params.push_back(std::to_string(i).insert(0, 1, 'p'));  // (GCC 12's -Wrestrict: not "p" + ...)
            call_args.push_back(params.back());
            rest.push_back(w);
        }
    }
    if (rest.size() == words.size()) return std::nullopt;
    auto join = [](std::ostringstream& out, const std::vector<std::string>& v) {
        for (size_t i = 0; i < v.size(); ++i) out << (i ? ", " : "") << v[i];
    };
    std::ostringstream text;
    text << read_file(path) << "\n\nimport numba as " << kNumba << "\n\n\n@" << kNumba << ".njit\ndef __ujit_run_call(";
    join(text, params);
    text << "):\n    return " << function << "(";
    join(text, call_args);
    text << ")\n";
    ujit::Module wrapped = ujit::Module::from_string(text.str(), module.filename());
    ujit::Function f = wrapped.function("__ujit_run_call");
    return StaticCall{std::move(wrapped), std::move(f), std::move(rest)};
}

}  // namespace ujit::cli
