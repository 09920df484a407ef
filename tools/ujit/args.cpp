#include "args.hpp"

#include <cctype>
#include <charconv>

namespace ujit::cli {

namespace {

bool looks_like_negative_number(const std::string& w) {
    if (w.size() < 2 || w[0] != '-') return false;
    if (std::isdigit(static_cast<unsigned char>(w[1])) || w[1] == '.') return true;
    std::string rest = w.substr(1);
    for (char& c : rest) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return rest == "inf" || rest == "infinity" || rest == "nan";
}

const OptionSpec* find_option(const CommandSpec& spec, const std::string& name) {
    for (const auto& o : spec.options)
        if (o.name == name) return &o;
    return nullptr;
}

}  // namespace

std::optional<std::string> ParsedArgs::get(const std::string& option) const {
    auto it = values.find(option);
    if (it == values.end()) return std::nullopt;
    return it->second;
}

std::string ParsedArgs::get_or(const std::string& option, const std::string& fallback) const {
    return get(option).value_or(fallback);
}

ParsedArgs parse_args(const CommandSpec& spec, std::span<const std::string> words) {
    ParsedArgs out;
    out.command = &spec;
    bool options_done = false;
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (options_done || w.size() < 2 || w[0] != '-' || looks_like_negative_number(w)) {
            out.positional.push_back(w);
            continue;
        }
        if (w == "--") {
            options_done = true;
            continue;
        }
        std::string name = w, value;
        bool attached = false;
        if (auto eq = w.find('='); w.rfind("--", 0) == 0 && eq != std::string::npos) {
            name = w.substr(0, eq);
            value = w.substr(eq + 1);
            attached = true;
        } else if (w[1] != '-' && w.size() > 2) {  // -O2
            name = w.substr(0, 2);
            value = w.substr(2);
            attached = true;
        }
        const OptionSpec* opt = find_option(spec, name);
        if (!opt) throw UsageError("unknown option '" + w + "' for 'ujit " + spec.name + "'");
        if (!opt->takes_value()) {
            if (attached) throw UsageError("option '" + name + "' takes no value");
            out.values[name] = "";
            continue;
        }
        if (!attached) {
            if (i + 1 >= words.size())
                throw UsageError("option '" + name + "' needs a value (" + opt->value_name + ")");
            value = words[++i];
        }
        if (out.values.count(name)) throw UsageError("option '" + name + "' given twice");
        out.values[name] = value;
    }
    if (out.has("--help")) return out;  // `ujit check --help` needs no FILE
    int n = static_cast<int>(out.positional.size());
    if (n < spec.min_positional) throw UsageError("'ujit " + spec.name + "' needs " + spec.operands);
    if (spec.max_positional >= 0 && n > spec.max_positional)
        throw UsageError("too many arguments for 'ujit " + spec.name + "': unexpected '" +
                         out.positional[spec.max_positional] + "'");
    return out;
}

int parse_int_option(const std::string& option, const std::string& value, int lo, int hi) {
    int x = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), x);
    if (ec != std::errc() || end != value.data() + value.size() || x < lo || x > hi)
        throw UsageError("option '" + option + "' expects an integer from " + std::to_string(lo) + " to " +
                         std::to_string(hi) + ", not '" + value + "'");
    return x;
}

}  // namespace ujit::cli
